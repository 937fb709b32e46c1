import { assetName, exact, readable } from "@/lib/core/format";

/**
 * A money amount on a screen: grouped, with the asset's shown decimals (the exact amount on hover),
 * or exact where every unit matters (`exact`: review steps, the administrators' books). Sign coloured
 * when asked; the asset written after it unless `named` is false (a column that writes it apart).
 */
export function Amount({
  value,
  asset,
  signed = false,
  exact: full = false,
  named = true,
  className = "",
}: {
  value: string;
  asset?: string;
  signed?: boolean;
  exact?: boolean;
  named?: boolean;
  className?: string;
}) {
  const negative = value.startsWith("-");
  const tone = signed ? (negative ? "text-danger" : "text-success") : "";
  const shown = full || !asset ? exact(value) : readable(value, asset);
  return (
    <span
      className={`tabular-nums ${tone} ${className}`}
      title={`${exact(value)}${asset ? ` ${assetName(asset)}` : ""}`}
    >
      {signed && !negative ? "+" : ""}
      {shown}
      {asset && named ? <span className="ml-1 text-xs text-muted">{assetName(asset)}</span> : null}
    </span>
  );
}
