import type { Metadata } from "next";
import Link from "next/link";
import { Amount } from "@/components/amount";
import { CurrencyList } from "@/components/funding/currency-list";
import { StatusBadge } from "@/components/funding/status-badge";
import { AskSupportLink } from "@/components/support/ask-support-link";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/auth/page-session";
import { listDeposits } from "@/lib/funding/deposits";
import { depositView } from "@/lib/funding/views";
import { availableNetworks, decimalsByAsset } from "@/lib/funding/wallets";
import { RefreshOnBalance } from "@/components/refresh-on-balance";
import { Time } from "@/components/time";

export const metadata: Metadata = { title: "Deposit" };

export default async function DepositPage() {
  const { user } = await requireUser();
  const db = await getDb();
  const [currencies, { rows }, decimalsOf] = await Promise.all([
    availableNetworks(db),
    listDeposits(db, user.id, { page: 1, pageSize: 10 }),
    decimalsByAsset(db),
  ]);
  const open = currencies.filter((c) => c.networks.some((n) => n.deposit));
  return (
    <div className="space-y-4">
      <RefreshOnBalance />
      <h1 className="text-xl font-semibold">Deposit</h1>
      <p className="text-sm text-muted">
        Choose what you are sending. You will see the address, then tell us the transaction so we can credit it.
      </p>
      {open.length === 0 ? (
        <p className="card text-sm text-muted">
          No currency can be deposited right now. Please check again later or{" "}
          <Link href="/support" className="text-gold hover:text-gold-soft">
            contact Customer Service
          </Link>
          .
        </p>
      ) : (
        <CurrencyList
          label="Currencies to deposit"
          items={open.map((c) => ({
            currency: c.currency,
            href: `/deposit/address/${c.currency}`,
            detail: c.networks
              .filter((n) => n.deposit)
              .map((n) => n.network)
              .join(" · "),
          }))}
        />
      )}
      <section className="card" aria-labelledby="my-deposits">
        <h2 id="my-deposits" className="mb-2 font-semibold">
          Your deposits
        </h2>
        {rows.length === 0 ? (
          <p className="text-sm text-muted">None yet. Deposits you submit appear here until they are credited.</p>
        ) : (
          <ul className="divide-y divide-line" data-testid="deposit-list">
            {rows.map((row) => {
              const d = depositView(row, decimalsOf(row.currency));
              return (
                <li key={d.id} className="flex items-center justify-between gap-3 py-2.5 text-sm">
                  <span>
                    <Amount value={d.creditedAmount ?? d.amount} asset={d.currency} />
                    <span className="ml-2 text-xs text-muted">
                      {d.network} · <Time at={d.createdAt} />
                    </span>
                    {d.reason && <span className="block text-xs text-muted">{d.reason}</span>}
                    {d.status === "rejected" && <AskSupportLink id={d.id} what="deposit" />}
                  </span>
                  <StatusBadge status={d.status} />
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
