import Link from "next/link";
import { age } from "@/components/funding/queue-tabs";
import type { dashboardStats } from "@/lib/admin/dashboard";
import type { pendingFunding } from "@/lib/funding/queues";

type Stats = Awaited<ReturnType<typeof dashboardStats>>;

/** The users in four numbers. */
export function Figures({ stats }: { stats: Stats }) {
  const tiles = [
    ["Users", stats.users],
    ["New this week", stats.newThisWeek],
    ["Disabled", stats.disabled],
    ["Live sessions", stats.liveSessions],
  ] as const;
  return (
    <section aria-label="Figures" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {tiles.map(([label, value]) => (
        <div key={label} className="card">
          <p className="text-sm text-muted">{label}</p>
          <p className="mt-1 text-right text-3xl font-semibold tabular-nums text-gold-soft">{value}</p>
        </div>
      ))}
    </section>
  );
}

/** What waits for an administrator: deposits, withdrawals (with the oldest's age) and proposals for a second one. */
export function Waiting({
  funding,
  proposals,
}: {
  funding: Awaited<ReturnType<typeof pendingFunding>>;
  proposals: number;
}) {
  return (
    <section aria-label="Waiting for a decision" className="grid grid-cols-2 gap-4 sm:grid-cols-3">
      {(
        [
          ["Pending deposits", "/admin/deposits", funding.deposits],
          ["Pending withdrawals", "/admin/withdrawals", funding.withdrawals],
        ] as const
      ).map(([label, href, q]) => (
        <Link
          key={href}
          href={href}
          className="card block hover:border-gold"
          data-testid={`pending-${href.split("/").pop()}`}
        >
          <p className="text-sm text-muted">{label}</p>
          <p className="mt-1 text-right text-3xl font-semibold tabular-nums text-gold-soft">{q.pending}</p>
          <p className="mt-1 text-right text-xs text-muted">
            {q.oldestAt ? `oldest waiting ${age(q.oldestAt)}` : "none waiting"}
          </p>
        </Link>
      ))}
      <Link href="/admin/approvals" className="card block hover:border-gold" data-testid="pending-approvals">
        <p className="text-sm text-muted">Waiting for a second administrator</p>
        <p className="mt-1 text-right text-3xl font-semibold tabular-nums text-gold-soft">{proposals}</p>
      </Link>
    </section>
  );
}
