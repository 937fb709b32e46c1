import { assetName, exact, readable } from "@/lib/core/format";
import { isZero, SET_ASIDE, type AssetBalance } from "@/lib/ledger/balances";
import { ACCOUNT_LABELS } from "@/lib/ledger/kinds";

/** Every asset with its available balance, and what sits on hold, in strategy reserves, in the vault or in savings. */
export function BalancesCard({ balances, title = "Balances" }: { balances: AssetBalance[]; title?: string }) {
  return (
    <section className="card" aria-labelledby="balances-heading">
      <h2 id="balances-heading" className="mb-2 font-semibold">
        {title}
      </h2>
      <ul className="divide-y divide-line">
        {balances.map((b) => {
          const parked = SET_ASIDE.filter((k) => !isZero(b[k]));
          return (
            <li key={b.asset} className="py-2.5" data-testid={`balance-${b.asset}`}>
              <div className="flex items-baseline justify-between gap-3">
                <span>
                  <span className="font-medium">{assetName(b.asset)}</span>
                  <span className="ml-2 text-xs text-muted">{b.name}</span>
                </span>
                <span className="text-right tabular-nums text-zinc-100" title={`${exact(b.available)} ${b.asset}`}>
                  {readable(b.available, b.asset)}
                </span>
              </div>
              {parked.length > 0 && (
                <p className="mt-1 text-right text-xs text-muted">
                  {parked.map((k) => `${ACCOUNT_LABELS[k]} ${readable(b[k], b.asset)}`).join(" · ")}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
