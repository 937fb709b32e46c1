import type { Metadata } from "next";
import Link from "next/link";
import { Decision } from "@/components/funding/decision";
import { ExplorerLink } from "@/components/funding/withdrawal-chain-status";
import { QueueTabs } from "@/components/funding/queue-tabs";
import { RequestCard } from "@/components/funding/request-card";
import { Pager } from "@/components/pager";
import { getDb } from "@/db/client";
import { requireAdmin } from "@/lib/auth/page-session";
import { withdrawalQueue, queueQuerySchema } from "@/lib/funding/queues";
import { plainParams } from "@/lib/core/query";
import { money } from "@/lib/core/format";

export const metadata: Metadata = { title: "Withdrawals" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AdminWithdrawalsPage({ searchParams }: Props) {
  await requireAdmin();
  const parsed = queueQuerySchema.safeParse(plainParams(await searchParams));
  const query = parsed.success ? parsed.data : queueQuerySchema.parse({});
  const { withdrawals, total } = await withdrawalQueue(await getDb(), query);
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-semibold">Withdrawals</h1>
      <QueueTabs
        base="/admin/withdrawals"
        current={query.status}
        statuses={["pending", "sent", "rejected", "cancelled", "all"]}
      />
      {withdrawals.length === 0 ? (
        <p className="card text-muted">
          {query.status === "pending" ? "Nothing waits for a decision." : "No withdrawals here."}
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Withdrawals">
          {withdrawals.map((d) => (
            <RequestCard key={d.id} request={d} testId="withdrawal-request">
              <p className="text-sm">
                For{" "}
                <Link href={`/admin/users/${d.userId}`} className="text-gold underline hover:text-gold-soft">
                  {d.username}
                </Link>{" "}
                · fee {money(d.fee, d.currency)} · total held {money(d.total, d.currency)}
              </p>
              <p className="break-all font-mono text-xs">to {d.address}</p>
              {d.txHash && <p className="break-all font-mono text-xs text-muted">tx {d.txHash}</p>}
              <ExplorerLink href={d.explorerUrl} />
              {d.chainStatus === "confirming" && (
                <p className="text-xs text-muted" data-testid="withdrawal-confirmations">
                  {d.confirmations} of {d.required} confirmations
                </p>
              )}
              {d.chainStatus === "confirmed" && (
                <p className="text-xs text-success">Confirmed on chain ({d.required} confirmations)</p>
              )}
              {d.chainStatus === "flagged" && (
                <p role="alert" className="text-sm text-danger" data-testid="withdrawal-chain-problem">
                  Check on chain: {d.chainProblem}. It is not confirmed; the amount already left the books.
                </p>
              )}
              {d.chainStatus === "returned" && (
                <p className="text-sm text-muted" data-testid="withdrawal-returned">
                  Returned to the user&apos;s balance, fee included: {d.chainProblem}.
                </p>
              )}
              {d.chainStatus === "flagged" && (
                <Decision
                  actions={[
                    {
                      label: "Send again",
                      path: `/api/admin/withdrawals/${d.id}/resend`,
                      tone: "gold",
                      fields: [
                        { name: "txHash", label: "Hash of the new transfer (checked on chain)", required: true },
                      ],
                    },
                    {
                      label: "Return to the user",
                      path: `/api/admin/withdrawals/${d.id}/return`,
                      tone: "ghost",
                      fields: [{ name: "reason", label: "Reason (the user is told)", required: true }],
                    },
                  ]}
                />
              )}
              {d.reason && <p className="text-sm text-muted">Reason: {d.reason}</p>}
              {d.status === "pending" && (
                <Decision
                  actions={[
                    {
                      label: "Mark sent",
                      path: `/api/admin/withdrawals/${d.id}/send`,
                      tone: "gold",
                      fields: [{ name: "txHash", label: "Transaction hash of the transfer", required: true }],
                    },
                    {
                      label: "Reject",
                      path: `/api/admin/withdrawals/${d.id}/reject`,
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
