import { assetName, exact, readable } from "@/lib/core/format";

/**
 * A money amount on a screen: grouped, with the asset's shown decimals (the exact amount on hover),
 * or exact where every unit matters (`exact`: records, review steps). Sign coloured when asked.
 */
export function Amount({ value, asset, signed = false, exact: full = false, className = "" }: { value: string; asset?: string; signed?: boolean; exact?: boolean; className?: string }) {
  const negative = value.startsWith("-");
  const tone = signed ? (negative ? "text-danger" : "text-success") : "";
  const shown = full || !asset ? exact(value) : readable(value, asset);
  return (
    <span className={`tabular-nums ${tone} ${className}`} title={`${exact(value)}${asset ? ` ${assetName(asset)}` : ""}`}>
      {signed && !negative ? "+" : ""}
      {shown}
      {asset ? <span className="ml-1 text-xs text-muted">{assetName(asset)}</span> : null}
    </span>
  );
}
