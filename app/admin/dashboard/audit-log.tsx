import Link from "next/link";
import { AuditChainStatus } from "@/components/admin/audit-chain-status";
import { AuditDetail } from "@/components/admin/audit-detail";
import { DataTable } from "@/components/data-table";
import { Pager } from "@/components/pager";
import { Time } from "@/components/time";
import type { ChainStatus } from "@/lib/audit/status";
import type { listAudit } from "@/lib/audit/list";
import { readableAddress } from "@/lib/core/format";

/** The audit log: the chain's state, the filter, and a page of entries (or why the filter was refused). */
export function AuditLog({
  chain,
  params,
  audit,
  refusal,
}: {
  chain: ChainStatus;
  params: Record<string, string>;
  audit: Awaited<ReturnType<typeof listAudit>> | null;
  refusal: string | undefined;
}) {
  const filters = Object.fromEntries(Object.entries(params).filter(([k]) => k !== "page"));
  return (
    <section aria-labelledby="audit-heading" className="space-y-3">
      <h2 id="audit-heading" className="text-lg font-semibold">
        Audit log
      </h2>
      <AuditChainStatus chain={chain} />
      <form method="get" className="flex flex-wrap gap-3" aria-label="Filter the audit log">
        <div>
          <label htmlFor="action" className="label">
            Action starts with
          </label>
          <input id="action" name="action" defaultValue={params.action ?? ""} placeholder="user." className="field" />
        </div>
        <div>
          <label htmlFor="actor" className="label">
            Administrator
          </label>
          <input id="actor" name="actor" defaultValue={params.actor ?? ""} placeholder="username" className="field" />
        </div>
        <div className="flex items-end gap-2">
          <button type="submit" className="btn-gold w-auto">
            Filter
          </button>
          <Link href="/admin" className="btn-ghost">
            Clear
          </Link>
        </div>
      </form>
      {!audit ? (
        <p role="alert" className="text-danger">
          {refusal}
        </p>
      ) : audit.entries.length === 0 ? (
        <p className="card text-muted">No administrator actions recorded yet.</p>
      ) : (
        <>
          <DataTable
            label="Audit log"
            rows={audit.entries}
            rowKey={(e) => e.id}
            columns={[
              { label: "Time", className: "whitespace-nowrap", cell: (e) => <Time at={e.createdAt} /> },
              { label: "Administrator", cell: (e) => e.actor },
              { label: "Action", className: "font-mono text-xs", cell: (e) => e.action },
              {
                label: "Target",
                cell: (e) =>
                  e.target && e.targetId ? (
                    <Link href={`/admin/users/${e.targetId}`} className="text-gold hover:text-gold-soft">
                      {e.target}
                    </Link>
                  ) : (
                    e.targetType
                  ),
              },
              {
                label: "Detail",
                stacked: true,
                className: "lg:min-w-64 lg:max-w-md",
                cell: (e) => <AuditDetail action={e.action} detail={e.detail as Record<string, unknown>} />,
              },
              { label: "Address", cell: (e) => readableAddress(e.ip) },
            ]}
          />
          <Pager page={audit.page} pageSize={audit.pageSize} total={audit.total} query={filters} />
        </>
      )}
    </section>
  );
}
