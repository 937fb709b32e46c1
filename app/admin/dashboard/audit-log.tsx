import Link from "next/link";
import { AuditChainStatus } from "@/components/admin/audit-chain-status";
import { AuditDetail } from "@/components/admin/audit-detail";
import { Pager } from "@/components/pager";
import { Time } from "@/components/time";
import type { ChainStatus } from "@/lib/audit/status";
import type { listAudit } from "@/lib/audit/list";

/** The audit log: the chain's state, the filter, and a page of entries (or why the filter was refused). */
export function AuditLog({ chain, params, audit, refusal }: {
  chain: ChainStatus;
  params: Record<string, string>;
  audit: Awaited<ReturnType<typeof listAudit>> | null;
  refusal: string | undefined;
}) {
  const filters = Object.fromEntries(Object.entries(params).filter(([k]) => k !== "page"));
  return (
    <section aria-labelledby="audit-heading" className="space-y-3">
      <h2 id="audit-heading" className="text-lg font-semibold">Audit log</h2>
      <AuditChainStatus chain={chain} />
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
        <p role="alert" className="text-danger">{refusal}</p>
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
  );
}
