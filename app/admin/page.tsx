import type { Metadata } from "next";
import Link from "next/link";
import { AuditChainStatus } from "@/components/admin/audit-chain-status";
import { AuditDetail } from "@/components/admin/audit-detail";
import { SoleAdminNotice } from "@/components/admin/sole-admin-notice";
import { age } from "@/components/funding/queue-tabs";
import { Pager } from "@/components/pager";
import { pendingFunding } from "@/lib/funding/queues";
import { jobHealth } from "@/lib/jobs/runs";
import { getDb } from "@/db/client";
import { ProofStatus } from "./proof/proof-status";
import { dashboardStats } from "@/lib/admin/dashboard";
import { activeAdmins } from "@/lib/approvals/policy";
import { pendingProposals } from "@/lib/approvals/proposals";
import { auditQuerySchema, listAudit } from "@/lib/audit/list";
import { requireAdmin } from "@/lib/auth/page-session";
import { plainParams } from "@/lib/http/query";
import { Time } from "@/components/time";
import { assetName, exact } from "@/lib/format";

export const metadata: Metadata = { title: "Dashboard" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AdminDashboard({ searchParams }: Props) {
  await requireAdmin();
  const db = await getDb();
  const params = plainParams(await searchParams);
  const query = auditQuerySchema.safeParse(params);
  const [stats, audit, funding, jobs, proposals, admins] = await Promise.all([dashboardStats(db), query.success ? listAudit(db, query.data) : null, pendingFunding(db), jobHealth(db), pendingProposals(db), activeAdmins(db)]);
  const tiles = [
    ["Users", stats.users],
    ["New this week", stats.newThisWeek],
    ["Disabled", stats.disabled],
    ["Live sessions", stats.liveSessions],
  ] as const;
  const filters = Object.fromEntries(Object.entries(params).filter(([k]) => k !== "page"));
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold">Dashboard</h1>
      <section aria-label="Figures" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {tiles.map(([label, value]) => (
          <div key={label} className="card">
            <p className="text-sm text-muted">{label}</p>
            <p className="mt-1 text-right text-3xl font-semibold tabular-nums text-gold-soft">{value}</p>
          </div>
        ))}
      </section>

      {admins < 2 && <SoleAdminNotice />}

      <section aria-label="Waiting for a decision" className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {([["Pending deposits", "/admin/deposits", funding.deposits], ["Pending withdrawals", "/admin/withdrawals", funding.withdrawals]] as const).map(([label, href, q]) => (
          <Link key={href} href={href} className="card block hover:border-gold" data-testid={`pending-${href.split("/").pop()}`}>
            <p className="text-sm text-muted">{label}</p>
            <p className="mt-1 text-right text-3xl font-semibold tabular-nums text-gold-soft">{q.pending}</p>
            <p className="mt-1 text-right text-xs text-muted">{q.oldestAt ? `oldest waiting ${age(q.oldestAt)}` : "none waiting"}</p>
          </Link>
        ))}
        <Link href="/admin/approvals" className="card block hover:border-gold" data-testid="pending-approvals">
          <p className="text-sm text-muted">Waiting for a second administrator</p>
          <p className="mt-1 text-right text-3xl font-semibold tabular-nums text-gold-soft">{proposals}</p>
        </Link>
      </section>

      <section aria-labelledby="jobs-heading" className="space-y-3">
        <h2 id="jobs-heading" className="text-lg font-semibold">Background jobs</h2>
        {jobs.length === 0 ? (
          <p className="card text-sm text-muted">No job has run yet.</p>
        ) : (
          <div className="card overflow-x-auto p-0">
            <div className="table-scroll">
            <table className="data-table" data-testid="jobs">
              <thead>
                <tr className="border-b border-line">
                  <th className="pl-4">Job</th>
                  <th>Last run</th>
                  <th className="text-right">Lag</th>
                  <th className="pr-4">Last error</th>
                </tr>
              </thead>
              <tbody>
                {jobs.map((j) => (
                  <tr key={j.name} className="border-b border-line/60 last:border-0">
                    <td className="pl-4 font-mono text-xs">{j.name}</td>
                    <td className="tabular-nums">{j.lastRunAt ? <Time at={j.lastRunAt} /> : "never"}</td>
                    <td className="text-right tabular-nums">{j.lagSeconds === null ? "—" : `${j.lagSeconds} s`}</td>
                    <td className="pr-4 text-xs text-muted">{j.lastError ? <>{j.lastErrorAt && <Time at={j.lastErrorAt} />}: {j.lastError}</> : "none"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            </div>
          </div>
        )}
      </section>

      <ProofStatus />

      <section aria-labelledby="books-heading" className="space-y-3">
        <div className="flex items-baseline justify-between">
          <h2 id="books-heading" className="text-lg font-semibold">The books, per asset</h2>
          <p className="text-sm text-muted">Held by users = credited by admins + deposited + interest paid − house − fees</p>
        </div>
        <div className="table-scroll">
        <table className="data-table" data-testid="books">
          <thead>
            <tr className="border-b border-line">
              <th>Asset</th>
              <th className="text-right">Held by users</th>
              <th className="text-right" title="The platform's side of users' trades: negative XAUt is gold owed to users">House position</th>
              <th className="text-right">Fees earned</th>
              <th className="text-right">Credited by admins</th>
              <th className="text-right">Deposited, net</th>
              <th className="text-right">Interest paid</th>
              <th>Books</th>
            </tr>
          </thead>
          <tbody>
            {stats.books.map((b) => (
              <tr key={b.asset} className="border-b border-line/60" data-asset={b.asset}>
                <th scope="row" className="font-medium">{assetName(b.asset)}</th>
                <td className="text-right tabular-nums">{exact(b.heldByUsers)}</td>
                <td className="text-right tabular-nums">{exact(b.house)}</td>
                <td className="text-right tabular-nums">{exact(b.feesEarned)}</td>
                <td className="text-right tabular-nums">{exact(b.creditedByAdmins)}</td>
                <td className="text-right tabular-nums">{exact(b.deposited)}</td>
                <td className="text-right tabular-nums">{exact(b.interestPaid)}</td>
                <td className={b.balanced ? "text-success" : "font-semibold text-danger"}>
                  {b.balanced ? "Balanced" : "Out of balance: run npm run ledger:check"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      </section>

      <section aria-labelledby="audit-heading" className="space-y-3">
        <h2 id="audit-heading" className="text-lg font-semibold">Audit log</h2>
        <AuditChainStatus chain={stats.auditChain} />
        <form method="get" className="flex flex-wrap gap-3" aria-label="Filter the audit log">
          <div>
            <label htmlFor="action" className="label">Action starts with</label>
            <input id="action" name="action" defaultValue={params.action ?? ""} placeholder="user." className="field" />
          </div>
          <div>
            <label htmlFor="actor" className="label">Administrator</label>
            <input id="actor" name="actor" defaultValue={params.actor ?? ""} placeholder="username" className="field" />
          </div>
          <div className="flex items-end gap-2">
            <button type="submit" className="btn-gold w-auto">Filter</button>
            <Link href="/admin" className="btn-ghost">Clear</Link>
          </div>
        </form>
        {!audit ? (
          <p role="alert" className="text-danger">{query.error?.issues[0]?.message}</p>
        ) : audit.entries.length === 0 ? (
          <p className="card text-muted">No administrator actions recorded yet.</p>
        ) : (
          <>
            <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr className="border-b border-line">
                  <th>Time</th>
                  <th>Administrator</th>
                  <th>Action</th>
                  <th>Target</th>
                  <th>Detail</th>
                  <th>Address</th>
                </tr>
              </thead>
              <tbody>
                {audit.entries.map((e) => (
                  <tr key={e.id} className="border-b border-line/60 align-top">
                    <td className="tabular-nums"><Time at={e.createdAt} /></td>
                    <td>{e.actor}</td>
                    <td className="font-mono text-xs">{e.action}</td>
                    <td>
                      {e.target && e.targetId ? <Link href={`/admin/users/${e.targetId}`} className="text-gold hover:text-gold-soft">{e.target}</Link> : e.targetType}
                    </td>
                    <td className="min-w-48 max-w-md"><AuditDetail detail={e.detail as Record<string, unknown>} /></td>
                    <td>{e.ip ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            </div>
            <Pager page={audit.page} pageSize={audit.pageSize} total={audit.total} query={filters} />
          </>
        )}
      </section>
    </div>
  );
}
