import type { ChainStatus } from "@/lib/audit/status";
import { Time } from "@/components/time";
import { exact } from "@/lib/format";

/** The dashboard's line on the audit chain: intact with its length and head, or where it breaks. */
export function AuditChainStatus({ chain }: { chain: ChainStatus }) {
  if (chain.state === "checking") {
    return (
      <p className="card text-sm text-muted" role="status" data-testid="audit-chain">
        Checking the audit chain: this instance is walking it for the first time. Reload in a moment.
      </p>
    );
  }
  const waiting = chain.waiting > 0 ? ` ${exact(String(chain.waiting))} row(s) written by an older version take their place at the next audited action.` : "";
  const walked = chain.fullCheckAt ? <> Whole chain walked <Time at={chain.fullCheckAt} />.</> : null;
  if (chain.state === "broken") {
    const { seq, id, reason } = chain.break;
    return (
      <div className="card border-danger" role="alert" data-testid="audit-chain">
        <p className="font-semibold text-danger">
          Audit chain broken at entry #{exact(String(seq))}
          {id ? <span className="break-all font-mono text-xs font-normal"> (id {id})</span> : null}
        </p>
        <p className="mt-1 text-sm">{reason}. Someone changed the audit log in the database: run npm run audit:verify and investigate.</p>
        <p className="mt-1 text-xs text-muted">{walked}{waiting}</p>
      </div>
    );
  }
  const { head } = chain;
  return (
    <p className="card text-sm" data-testid="audit-chain">
      <span className="font-semibold text-success">Audit chain intact</span> ({exact(String(chain.entries))} {chain.entries === 1 ? "entry" : "entries"}
      {head ? (
        <>
          , head #{exact(String(head.seq))} <span className="break-all font-mono text-xs" title={head.hash}>{head.hash.slice(0, 16)}…</span>
        </>
      ) : null}
      ). Checked <Time at={chain.checkedAt} />.{walked}{waiting}
    </p>
  );
}
