import { displayDecimal, readable } from "@/lib/core/format";
import Link from "next/link";
import type { ValuedBalances } from "@/lib/trading/valuation";

/** Everything the user holds, in USDT: XAUT at the bid, stablecoins at par; assets without a price named, not guessed. */
export function TotalAssetsCard({ valued }: { valued: Pick<ValuedBalances, "totalUsdt" | "valuation"> }) {
  const { totalUsdt, valuation } = valued;
  return (
    <section className="card" aria-labelledby="total-assets-heading">
      <div className="flex items-baseline justify-between">
        <h2 id="total-assets-heading" className="text-sm text-muted">
          Total assets
        </h2>
        <Link href="/trade" className="text-sm text-gold hover:text-gold-soft">
          Trade →
        </Link>
      </div>
      <p className="mt-1 text-2xl font-semibold tabular-nums text-gold-soft" data-testid="total-assets">
        ≈ {readable(totalUsdt, "USDT")} <span className="text-sm font-normal text-muted">USDT</span>
      </p>
      <p className="mt-1 text-xs text-muted">
        {valuation.xautBid
          ? `XAUt valued at the bid, ${displayDecimal(valuation.xautBid)} USDT${valuation.stale ? " (price out of date)" : ""}.`
          : "XAUt is not valued until the first market price."}
        {valuation.unvalued.length > 0 && ` Not counted, no price: ${valuation.unvalued.join(", ")}.`}
      </p>
    </section>
  );
}
