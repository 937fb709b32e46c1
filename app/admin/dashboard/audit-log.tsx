import { AuditChainStatus } from "@/components/admin/audit-chain-status";
import { AuditDetail } from "@/components/admin/audit-detail";
import { DataTable } from "@/components/data-table";
import { Pager } from "@/components/pager";
import { Time } from "@/components/time";
import type { ChainStatus } from "@/lib/audit/status";
import type { listAudit } from "@/lib/audit/list";
import { actionWords } from "@/lib/audit/words";
import { readableAddress } from "@/lib/core/format";
import { AuditFilters } from "./audit-filters";
import { AuditTarget } from "./audit-target";

/** The audit log: the chain's state, the filter, and a page of entries (or why the filter was refused). */
export function AuditLog({
  chain,
  params,
  audit,
  refusal,
  actors,
}: {
  chain: ChainStatus;
  actors: string[];
  params: Record<string, string>;
  audit: Awaited<ReturnType<typeof listAudit>> | null;
  refusal: string | undefined;
}) {
  const filters = Object.fromEntries(Object.entries(params).filter(([k]) => k !== "page"));
  return (
    <section id="audit" aria-labelledby="audit-heading" className="scroll-mt-20 space-y-3">
      <h2 id="audit-heading" className="text-lg font-semibold">
        Audit log
      </h2>
      <AuditChainStatus chain={chain} />
      <AuditFilters params={params} actors={actors} />
      {!audit ? (
        <p role="alert" className="text-danger">
          {refusal}
        </p>
      ) : audit.entries.length === 0 ? (
        <p className="card text-muted">
          {Object.keys(filters).length > 0
            ? "No actions match these filters."
            : "No administrator actions recorded yet."}
        </p>
      ) : (
        <>
          <DataTable
            label="Audit log"
            rows={audit.entries}
            rowKey={(e) => e.id}
            columns={[
              { label: "Time", className: "whitespace-nowrap", cell: (e) => <Time at={e.createdAt} /> },
              { label: "Administrator", cell: (e) => e.actor },
              {
                label: "Action",
                cell: (e) => (
                  <>
                    {actionWords(e.action)}
                    {/* The recorded verb, for filtering by a prefix of it and for the chain's own tools. */}
                    <span className="block font-mono text-xs text-muted">{e.action}</span>
                  </>
                ),
              },
              { label: "Target", cell: (e) => <AuditTarget entry={e} /> },
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
