/**
 * The most an amount field can ask for, behind each form's "Max": the same limits the server checks,
 * fees included, in smallest units (no database, no floats), so a Max that is sent is never refused
 * for being too much. `null` when nothing can be sent (less than the minimum is left).
 */

const least = (...values: bigint[]) => values.reduce((a, b) => (b < a ? b : a));

/** A withdrawal's amount to receive: the network's flat fee is taken on top, so it is what is available less the fee. */
export function withdrawMax({ available, fee, min }: { available: bigint; fee: bigint; min: bigint }): bigint | null {
  const most = available - fee;
  return most > 0n && most >= min ? most : null;
}

/** Moving into or out of the vault costs nothing: all of the balance it comes from. */
export function vaultMax(balance: bigint): bigint | null {
  return balance > 0n ? balance : null;
}

/** A savings subscription: what is available, within the plan's most per subscription and the room left in it. */
export function subscribeMax({
  available,
  max,
  capLeft,
  min,
}: {
  available: bigint;
  max: bigint;
  capLeft: bigint;
  min: bigint;
}): bigint | null {
  const most = least(available, max, capLeft);
  return most > 0n && most >= min ? most : null;
}

/**
 * A sell's quantity: the fee comes out of the USDT proceeds, so all the available XAUt can be sold,
 * within the largest order and what is left of the daily limit at `price` (the bid for a market sell,
 * the limit price for a limit). The notional counts rounded up, as a limit order's is: for a market
 * sell (rounded down) that leaves at most one smallest unit of XAUt unsold.
 */
export function sellMax({
  available,
  minQuantity,
  maxQuantity,
  dailyRemaining,
  price,
  unit,
}: {
  available: bigint;
  minQuantity: bigint;
  maxQuantity: bigint;
  dailyRemaining: bigint;
  price: bigint;
  unit: bigint;
}): bigint | null {
  const byLimit = price > 0n ? (dailyRemaining * unit) / price : available;
  const most = least(available, maxQuantity, byLimit);
  return most > 0n && most >= minQuantity ? most : null;
}
