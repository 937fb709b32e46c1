import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BalancesCard } from "@/components/balances-card";
import { DataTable } from "@/components/data-table";
import { DetailList } from "@/components/detail-list";
import { RecordList } from "@/components/record-list";
import { getDb } from "@/db/client";
import { adminUserDetail } from "@/lib/admin/user-detail";
import { requireAdmin } from "@/lib/auth/page-session";
import { findCountry } from "@/lib/core/countries";
import { isUuid } from "@/lib/core/ids";
import { listStrategies } from "@/lib/strategies/lifecycle";
import { strategyViews } from "@/lib/strategies/views";
import { getTradeConfig } from "@/lib/trading/trade-config";
import { ManageBalanceForm } from "./manage-balance-form";
import { TradeConfigForm } from "./trade-config-form";
import { TradeSetups } from "./trade-setups";
import { UserActions } from "./user-actions";
import { Time } from "@/components/time";

export const metadata: Metadata = { title: "User" };

export default async function AdminUserPage({ params }: { params: Promise<{ userId: string }> }) {
  await requireAdmin();
  const { userId } = await params;
  const db = await getDb();
  const detail = isUuid(userId) ? await adminUserDetail(db, userId) : null;
  if (!detail) notFound();
  const tradeConfig = await getTradeConfig(db, userId);
  const strategies = await strategyViews(db, userId, await listStrategies(db, userId));
  const { user } = detail;
  return (
    <div className="space-y-6">
      <div>
        <Link href="/admin/users" className="text-sm text-muted hover:text-gold-soft">
          ← Users
        </Link>
        <h1 className="mt-1 text-2xl font-semibold">{user.username}</h1>
        <p className="text-sm text-muted">{user.email}</p>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section className="card" aria-label="Profile">
          <DetailList
            items={[
              ["Role", user.role],
              ["Status", detail.frozen ? "Frozen" : user.status],
              ...(detail.frozen
                ? [
                    [
                      "Freeze",
                      <span key="f">
                        {detail.frozen.byOwner
                          ? "Frozen by the user"
                          : `Frozen by ${detail.frozen.by ?? "an administrator"}`}{" "}
                        on <Time at={detail.frozen.at} />
                      </span>,
                    ] as [string, React.ReactNode],
                  ]
                : []),
              ["Anti-phishing code", detail.antiPhishingCode ?? "Not set"],
              ["Country", findCountry(user.country)?.name ?? "—"],
              ["Phone", user.phoneNumber ? `${user.phoneCode} ${user.phoneNumber}` : "—"],
              ["Referral code", user.referralCode],
              ["Referred by", detail.referredBy ?? "—"],
              ["Joined", <Time key="j" at={user.createdAt} date />],
            ]}
          />
        </section>
        <BalancesCard balances={detail.balances} />
      </div>
      <ManageBalanceForm userId={user.id} username={user.username} assets={detail.balances.map((b) => b.asset)} />
      <TradeConfigForm userId={user.id} config={tradeConfig} />
      <TradeSetups userId={user.id} strategies={strategies} />
      <UserActions userId={user.id} status={user.status} frozen={detail.frozen !== null} role={user.role} />
      <section className="space-y-2">
        <h2 className="font-semibold">Recent ledger entries</h2>
        <RecordList records={detail.recent} empty="No balance changes yet." />
      </section>
      <section className="space-y-2">
        <h2 className="font-semibold">Sessions</h2>
        {detail.sessions.length === 0 ? (
          <p className="card text-sm text-muted">Never signed in.</p>
        ) : (
          <DataTable
            label="Sessions"
            rows={detail.sessions}
            rowKey={(s) => s.id}
            columns={[
              { label: "Started", cell: (s) => <Time at={s.createdAt} /> },
              { label: "Last seen", cell: (s) => <Time at={s.lastSeenAt} /> },
              { label: "Address", cell: (s) => s.ip },
              { label: "Device", cell: (s) => <span title={s.userAgent ?? ""}>{s.device}</span> },
              { label: "State", cell: (s) => (s.live ? "Live" : "Ended") },
            ]}
          />
        )}
      </section>
    </div>
  );
}
