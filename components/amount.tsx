/** A money amount as the ledger states it: fixed decimals, tabular digits, sign coloured when asked. */
export function Amount({ value, asset, signed = false, className = "" }: { value: string; asset?: string; signed?: boolean; className?: string }) {
  const negative = value.startsWith("-");
  const tone = signed ? (negative ? "text-danger" : "text-success") : "";
  return (
    <span className={`tabular-nums ${tone} ${className}`}>
      {signed && !negative ? "+" : ""}
      {value}
      {asset ? <span className="ml-1 text-xs text-muted">{asset}</span> : null}
    </span>
  );
}
