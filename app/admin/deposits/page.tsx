import type { Metadata } from "next";
import Link from "next/link";
import { Decision } from "@/components/funding/decision";
import { QueueTabs } from "@/components/funding/queue-tabs";
import { RequestCard } from "@/components/funding/request-card";
import { Pager } from "@/components/pager";
import { getDb } from "@/db/client";
import { requireAdmin } from "@/lib/auth/page-session";
import { depositQueue, queueQuerySchema } from "@/lib/funding/queues";
import { plainParams } from "@/lib/core/query";
import { money } from "@/lib/core/format";

export const metadata: Metadata = { title: "Deposits" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AdminDepositsPage({ searchParams }: Props) {
  await requireAdmin();
  const parsed = queueQuerySchema.safeParse(plainParams(await searchParams));
  const query = parsed.success ? parsed.data : queueQuerySchema.parse({});
  const { deposits, total } = await depositQueue(await getDb(), query);
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-semibold">Deposits</h1>
      <QueueTabs base="/admin/deposits" current={query.status} statuses={["pending", "approved", "rejected", "all"]} />
      {deposits.length === 0 ? (
        <p className="card text-muted">
          {query.status === "pending" ? "Nothing waits for a decision." : "No deposits here."}
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Deposits">
          {deposits.map((d) => (
            <RequestCard key={d.id} request={d} testId="deposit-request">
              <p className="text-sm">
                From{" "}
                <Link href={`/admin/users/${d.userId}`} className="text-gold underline hover:text-gold-soft">
                  {d.username}
                </Link>{" "}
                ·{" "}
                <a href={d.proofUrl} target="_blank" rel="noreferrer" className="text-gold hover:text-gold-soft">
                  View proof
                </a>
              </p>
              <p className="break-all font-mono text-xs text-muted">tx {d.txHash}</p>
              {d.creditedAmount && d.creditedAmount !== d.amount && (
                <p className="text-sm">Credited {money(d.creditedAmount, d.currency)}</p>
              )}
              {d.reason && <p className="text-sm text-muted">Reason: {d.reason}</p>}
              {d.status === "pending" && (
                <Decision
                  actions={[
                    {
                      label: "Approve",
                      path: `/api/admin/deposits/${d.id}/approve`,
                      tone: "gold",
                      fields: [
                        { name: "amount", label: `Amount to credit (default ${d.amount})`, required: false },
                        { name: "reason", label: "Reason, if the amount differs", required: false },
                      ],
                    },
                    {
                      label: "Reject",
                      path: `/api/admin/deposits/${d.id}/reject`,
                      tone: "ghost",
                      fields: [{ name: "reason", label: "Reason (the user is told)", required: true }],
                    },
                  ]}
                />
              )}
            </RequestCard>
          ))}
        </ul>
      )}
      <Pager page={query.page} pageSize={query.pageSize} total={total} query={{ status: query.status }} />
    </div>
  );
}
