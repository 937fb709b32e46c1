/**
 * How amounts read on screens, in one place. The API and CSV keep exact decimal strings; screens
 * group thousands and show a sensible number of decimals per asset, with the exact amount on hover
 * and in review steps and detail views. Exact arithmetic throughout (no floats).
 */
import { formatAmount, toUnits } from "@/lib/ledger/amount";

// Decimals shown per asset: cents for dollars, down to the unit that still matters for the others.
const SHOWN: Record<string, number> = { USDT: 2, USDC: 2, XAUT: 6, BTC: 8, ETH: 6 };
const MIN_SHOWN = 2;

const grouped = (units: bigint, decimals: number, negative: boolean) => {
  const digits = units.toString().padStart(decimals + 1, "0");
  const head = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const tail = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : "";
  return `${negative && units > 0n ? "-" : ""}${head}${tail}`;
};

/**
 * An amount for reading: "1234.567890" USDT → "1,234.56", "0.012400" XAUT → "0.0124". Rounded
 * toward zero (a balance never reads as more than it is), trailing zeros past two dropped.
 */
export function readable(value: string, asset: string): string {
  const decimals = SHOWN[asset.toUpperCase()] ?? 6;
  const negative = value.startsWith("-");
  const text = grouped(toUnits(value.replace(/^-/, ""), decimals, "down"), decimals, negative);
  return decimals > MIN_SHOWN ? text.replace(new RegExp(`(\\.\\d{${MIN_SHOWN}}\\d*?)0+$`), "$1") : text;
}

/** The exact amount, grouped: "1234.500000" → "1,234.500000". */
export function exact(value: string): string {
  const decimals = value.split(".")[1]?.length ?? 0;
  return grouped(toUnits(value.replace(/^-/, ""), decimals, "exact"), decimals, value.startsWith("-"));
}

/**
 * "4012.345678" → "4,012.35": a decimal string rounded half up to `decimals` places and grouped in
 * thousands, for showing a quote. Exact (no floats), so the figure shown is the figure sent.
 */
export function displayDecimal(value: string, decimals = 2): string {
  return grouped(toUnits(value.replace(/^-/, ""), decimals, "half-up"), decimals, value.startsWith("-"));
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

/** An address as people read it: an IPv4 address that reached an IPv6 socket ("::ffff:203.0.113.7") without its prefix. */
export function readableAddress(ip: string | null): string {
  if (!ip) return "Unknown address";
  return ip.replace(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i, "$1");
}
