import Link from "next/link";
import { Amount } from "@/components/amount";
import { journalLabel, ACCOUNT_LABELS, referenceLink } from "@/lib/ledger/kinds";
import type { LedgerRecord } from "@/lib/ledger/records";
import { Time } from "@/components/time";

/** Ledger entries as a list: what happened, where, by how much, and the balance after. */
export function RecordList({ records, empty }: { records: LedgerRecord[]; empty: string }) {
  if (records.length === 0) {
    return <p className="card py-10 text-center text-sm text-muted">{empty}</p>;
  }
  return (
    <ul className="card divide-y divide-line p-0" aria-label="Records">
      {records.map((r) => {
        const link = referenceLink(r.kind, r.reference);
        return (
          <li key={r.id} className="flex items-start justify-between gap-3 px-4 py-3" data-testid="record">
            <div className="min-w-0">
              <p className="font-medium">
                {journalLabel(r.kind)}
                {r.label && <span className="text-muted"> · {r.label}</span>}
              </p>
              <p className="text-xs text-muted">
                {ACCOUNT_LABELS[r.account as keyof typeof ACCOUNT_LABELS] ?? r.account} · <Time at={r.createdAt} />
                {link && (
                  <>
                    {" "}
                    ·{" "}
                    <Link href={link.href} className="text-gold underline hover:text-gold-soft">
                      {link.label}
                    </Link>
                  </>
                )}
              </p>
              {r.memo && <p className="mt-0.5 break-words text-xs text-zinc-400">{r.memo}</p>}
            </div>
            <div className="shrink-0 text-right">
              <Amount value={r.amount} asset={r.asset} signed className="block font-medium" />
              <span className="text-xs text-muted tabular-nums">
                Balance <Amount value={r.balanceAfter} asset={r.asset} named={false} />
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
