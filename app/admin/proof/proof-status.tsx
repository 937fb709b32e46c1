import Link from "next/link";
import { getDb } from "@/db/client";
import { proofStatus } from "@/lib/proof/snapshots";
import { Time } from "@/components/time";

/** The dashboard's line on the proof of liabilities: the latest root, and whether it matches the ledger. */
export async function ProofStatus() {
  const status = await proofStatus(await getDb());
  return (
    <section aria-labelledby="proof-heading" className="card space-y-2" data-testid="proof-status">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id="proof-heading" className="text-lg font-semibold">
          Proof of liabilities
        </h2>
        <Link
          href="/admin/proof"
          className="text-sm text-gold underline decoration-gold/40 underline-offset-2 hover:text-gold-soft"
        >
          Reserves and snapshots →
        </Link>
      </div>
      {!status ? (
        <p className="text-sm text-muted">
          No snapshot yet: the daily job takes the first at the start of the next UTC day.
        </p>
      ) : (
        <>
          <p className="text-sm text-zinc-300">
            Latest: <Time at={status.snapshot.takenAt} />, {status.snapshot.accountCount.toLocaleString("en-US")}{" "}
            {status.snapshot.accountCount === 1 ? "account" : "accounts"}, root{" "}
            <span className="font-mono text-xs text-gold-soft">{status.snapshot.rootHash.slice(0, 16)}…</span>
          </p>
          <p className={status.matchesLedger ? "text-sm text-success" : "text-sm font-semibold text-danger"}>
            {status.matchesLedger
              ? "Its totals equal the ledger's liabilities at that moment."
              : "Its totals differ from the ledger's liabilities: ask the operators for the ledger check, which names the accounts."}
          </p>
          {status.late && (
            <p className="text-sm font-semibold text-danger">
              No snapshot for more than a day: check the proof.snapshot job above.
            </p>
          )}
        </>
      )}
    </section>
  );
}
