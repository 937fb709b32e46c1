/**
 * A grid's arithmetic, in integer smallest units and nothing else: the prices of its levels, the
 * quantity it trades at each, and the orders it opens. Prices are USDT per whole XAUt.
 */
import { BPS, buyDebit } from "@/lib/trading/pricing";

/** `levels` prices evenly spaced from `lower` to `upper`, both included, rounded down. */
export function levelPrices(lower: bigint, upper: bigint, levels: number): bigint[] {
  const steps = BigInt(levels - 1);
  return Array.from({ length: levels }, (_, i) => lower + ((upper - lower) * BigInt(i)) / steps);
}

const buyAll = (quantity: bigint, prices: bigint[], feeBps: number, unit: bigint) =>
  prices.slice(0, -1).reduce((sum, p) => sum + buyDebit(quantity, p, feeBps, unit), 0n);

/**
 * The largest equal quantity whose buys at every level but the top one (which only ever sells),
 * fees included, fit in the investment: the grid can buy all the way down its range. As in
 * quantityForTotal, the exact fraction is an upper bound (every cost and fee rounds up), so it
 * only steps down.
 */
export function gridQuantity(investment: bigint, prices: bigint[], feeBps: number, unit: bigint): bigint {
  const sum = prices.slice(0, -1).reduce((a, p) => a + p, 0n);
  let quantity = (investment * unit * BPS) / (sum * (BPS + BigInt(feeBps)));
  while (quantity > 0n && buyAll(quantity, prices, feeBps, unit) > investment) quantity -= 1n;
  return quantity;
}

export interface GridOrder {
  side: "buy" | "sell";
  level: number;
}

/**
 * The orders a grid opens when it starts or resumes at `price`: a sell at each level above the
 * price, lowest first, for as many quantities of XAUt as it holds; a buy at each level below it,
 * nearest first, for as long as its USDT lasts. A level at the price gets neither.
 */
export function openingOrders(
  prices: bigint[],
  price: bigint,
  held: { quote: bigint; base: bigint },
  quantity: bigint,
  feeBps: number,
  unit: bigint,
): GridOrder[] {
  const planned: GridOrder[] = [];
  let base = held.base;
  for (let level = 1; level < prices.length && base >= quantity; level++) {
    if (prices[level]! <= price) continue;
    planned.push({ side: "sell", level });
    base -= quantity;
  }
  let quote = held.quote;
  for (let level = prices.length - 2; level >= 0; level--) {
    if (prices[level]! >= price) continue;
    const debit = buyDebit(quantity, prices[level]!, feeBps, unit);
    if (debit > quote) break;
    planned.push({ side: "buy", level });
    quote -= debit;
  }
  return planned;
}
