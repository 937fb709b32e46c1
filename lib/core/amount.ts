/**
 * Amounts as decimal strings and smallest units. No zod here: screens format amounts with this module,
 * and the API's schema (`amountString`) lives in `./amount-schema`, so client bundles stay free of zod.
 */
export const DECIMAL = /^\d+(\.\d+)?$/;
// Balances are bigint columns: keep every amount well inside a signed 64-bit integer.
const MAX_UNITS = 10n ** 18n;

export class AmountError extends Error {}

/**
 * The one conversion of a decimal string into smallest units: "12.5" → 12500000n for 6 decimals.
 * Only plain non-negative decimals (no sign, no exponent, no floats ever). More decimals than
 * `decimals` are refused, unless `rounding` says "half-up" or "down" (prices an exchange quotes finer than we
 * keep, figures rounded for reading). Zero is a value here; `parseAmount` refuses it for amounts.
 */
export function toUnits(
  input: string,
  decimals: number,
  rounding: "exact" | "half-up" | "down" = "exact",
  assetCode = "This asset",
): bigint {
  const text = input.trim();
  if (/e/i.test(text)) throw new AmountError("Amount must be a plain decimal number, without an exponent");
  if (text.startsWith("-")) throw new AmountError("Amount must be greater than zero");
  if (!DECIMAL.test(text)) throw new AmountError('Amount must be a decimal number such as "12.50"');
  const [whole = "0", fraction = ""] = text.split(".");
  if (fraction.length > decimals && rounding === "exact")
    throw new AmountError(`${assetCode} amounts have at most ${decimals} decimals`);
  let units = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, "0"));
  if (rounding === "half-up" && fraction.length > decimals && fraction[decimals]! >= "5") units += 1n;
  if (units >= MAX_UNITS) throw new AmountError("Amount is too large");
  return units;
}

/**
 * An amount to move: `toUnits` exactly, and never zero. "12.5" → 12500000n for 6 decimals.
 */
export function parseAmount(input: string, decimals: number, assetCode = "This asset"): bigint {
  const units = toUnits(input, decimals, "exact", assetCode);
  if (units === 0n) throw new AmountError("Amount must be greater than zero");
  return units;
}

/** 12500000n with 6 decimals → "12.500000": fixed decimals, exact, sign kept. */
export function formatAmount(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative ? "-" : ""}${whole}${decimals > 0 ? `.${fraction}` : ""}`;
}
