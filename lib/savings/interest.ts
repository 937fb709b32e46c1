/**
 * Simple interest, in integer units: a year is 365 days and rates are basis points. Every figure
 * rounds down to the asset's unit, so interest is never overpaid.
 */
const YEAR = 10_000n * 365n;

/** Interest on `principal` at `aprBps` for `days` whole days, rounded down: the closed-form figure. */
export const interestFor = (principal: bigint, aprBps: number, days: number): bigint =>
  (principal * BigInt(aprBps) * BigInt(days)) / YEAR;

/**
 * Day `k`'s payment (k from 1): the closed form to day k less the closed form to day k − 1. Each day
 * is rounded down, yet what one day leaves below a unit is paid on a later day, so the payments up
 * to any day add up to the closed form for that many days, to the unit.
 */
export const dayInterest = (principal: bigint, aprBps: number, k: number): bigint =>
  interestFor(principal, aprBps, k) - interestFor(principal, aprBps, k - 1);

/**
 * One day's earnings on `basis` at `rateBps` a year (365 days), rounded down, with the remainder
 * below one smallest unit carried into the next day, so nothing is lost or invented over a year.
 */
export function dayWithCarry(basis: bigint, rateBps: number, carry: bigint): { amount: bigint; carry: bigint } {
  const owed = basis * BigInt(rateBps) + carry;
  return { amount: owed / YEAR, carry: owed % YEAR };
}
