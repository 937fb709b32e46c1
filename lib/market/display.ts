import { formatAmount, toUnits } from "@/lib/ledger/amount";

/**
 * "4012.345678" → "4,012.35": a decimal string rounded half up to `decimals` places and grouped in
 * thousands, for showing a quote. Exact (no floats), so the figure shown is the figure sent.
 */
export function displayDecimal(value: string, decimals = 2): string {
  const negative = value.startsWith("-");
  const units = toUnits(value.replace(/^-/, ""), decimals, "half-up");
  const digits = units.toString().padStart(decimals + 1, "0");
  const head = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const tail = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : "";
  return `${negative && units > 0n ? "-" : ""}${head}${tail}`;
}

/** A decimal string as it was set, grouped in thousands with every decimal kept: "10000" → "10,000", "0.001" → "0.001". */
export function displaySetting(value: string): string {
  return displayDecimal(value, value.split(".")[1]?.length ?? 0);
}

/**
 * Basis points as a percentage people read, exactly and without trailing zeros: 525 → "5.25 %",
 * 20 → "0.2 %", 0 → "0 %". The one formatter for rates, fees and spreads given in basis points;
 * the space before "%" does not break.
 */
export function percentText(bps: number): string {
  return `${formatAmount(BigInt(bps), 2).replace(/\.?0+$/, "")}\u00a0%`;
}
