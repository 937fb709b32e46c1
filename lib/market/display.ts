import { toUnits } from "@/lib/ledger/amount";

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
