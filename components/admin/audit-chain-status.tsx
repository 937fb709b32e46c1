import type { ChainStatus } from "@/lib/audit/status";
import { Time } from "@/components/time";
import { exact } from "@/lib/core/format";

/** Rows with no place in the chain, named: no version of the app writes one. */
function Outside({ outside }: { outside: Extract<ChainStatus, { outside: unknown }>["outside"] }) {
  if (outside.count === 0) return null;
  return (
    <div className="card mt-2 border-danger" role="alert" data-testid="audit-chain-outside">
      <p className="font-semibold text-danger">{exact(String(outside.count))} audit row(s) outside the chain</p>
      <p className="mt-1 text-sm">
        Aurum never writes an audit row without its place in the chain: these were put into the database by hand. Do not
        trust what they say.
      </p>
      <ul className="mt-1 text-xs">
        {outside.named.map((e) => (
          <li key={e.id} className="break-all font-mono">
            {e.id}: {e.action} by {e.actorId}, dated {e.createdAt}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The dashboard's line on the audit chain: intact with its length and head, or where it breaks or was cut. */
export function AuditChainStatus({ chain }: { chain: ChainStatus }) {
  if (chain.state === "checking") {
    return (
      <p className="card text-sm text-muted" role="status" data-testid="audit-chain">
        Checking the audit chain: this instance is walking it for the first time. Reload in a moment.
      </p>
    );
  }
  const walked = chain.fullCheckAt ? (
    <>
      {" "}
      Whole chain walked <Time at={chain.fullCheckAt} />.
    </>
  ) : null;
  if (chain.state === "broken" || chain.state === "cut") {
    const { seq, id, reason } = chain.break;
    return (
      <>
        <div className="card border-danger" role="alert" data-testid="audit-chain">
          <p className="font-semibold text-danger">
            {chain.state === "cut" ? (
              <>Audit chain cut: entry #{exact(String(seq))} is gone</>
            ) : (
              <>Audit chain broken at entry #{exact(String(seq))}</>
            )}
            {id ? <span className="break-all font-mono text-xs font-normal"> (id {id})</span> : null}
          </p>
          <p className="mt-1 text-sm">
            {reason}. Someone changed the audit log in the database: ask the operators to verify the chain against its
            anchors, and investigate.
          </p>
          {walked ? <p className="mt-1 text-xs text-muted">{walked}</p> : null}
        </div>
        <Outside outside={chain.outside} />
      </>
    );
  }
  const { head } = chain;
  return (
    <>
      <p className="card text-sm" data-testid="audit-chain">
        <span className="font-semibold text-success">Audit chain intact</span> ({exact(String(chain.entries))}{" "}
        {chain.entries === 1 ? "entry" : "entries"}
        {head ? (
          <>
            , head #{exact(String(head.seq))}{" "}
            <span className="break-all font-mono text-xs" title={head.hash}>
              {head.hash.slice(0, 16)}…
            </span>
          </>
        ) : null}
        ). Checked <Time at={chain.checkedAt} />.{walked}
      </p>
      <Outside outside={chain.outside} />
    </>
  );
}
