import { displayDecimal } from "@/lib/core/format";

/** A 24-hour change in percent, green up, red down, signed. */
export function PriceChange({ value, className = "" }: { value: string; className?: string }) {
  const down = value.startsWith("-");
  const flat = /^-?0(\.0+)?$/.test(value);
  const tone = flat ? "text-muted" : down ? "text-danger" : "text-success";
  return (
    <span className={`tabular-nums ${tone} ${className}`}>
      {down || flat ? "" : "+"}
      {displayDecimal(value, 2)}%
    </span>
  );
}
