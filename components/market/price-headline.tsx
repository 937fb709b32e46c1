import { displayDecimal } from "@/lib/core/format";
import { PriceChange } from "./price-change";

/** The last price with its 24 h change: large on the market page, smaller on Home. */
export function PriceHeadline({
  price,
  change24h,
  size,
  testId,
}: {
  price: string;
  change24h: string;
  size: "large" | "medium";
  testId: string;
}) {
  return (
    <div className="flex items-end justify-between gap-3">
      <p className={`${size === "large" ? "text-3xl" : "text-2xl"} font-semibold tabular-nums text-gold-soft`}>
        <span data-testid={testId}>{displayDecimal(price, 2)}</span>
        <span className="ml-1 text-sm font-normal text-muted">USDT</span>
      </p>
      <p className={size === "large" ? "pb-1 text-right" : "text-right text-sm"}>
        <PriceChange value={change24h} className={size === "large" ? "font-medium" : ""} />
        <span className="ml-1 text-xs text-muted">24h</span>
      </p>
    </div>
  );
}
