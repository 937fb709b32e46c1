/**
 * The arithmetic of a trade, in integer smallest units and nothing else (no database, no floats),
 * so the /trade screen's estimate and the fill use the same rules. Prices are USDT smallest units
 * per whole XAUT; `unit` is the number of XAUT smallest units in one whole XAUT (10^decimals).
 *
 * Every rounding goes the platform's way, openly: the ask rounds up and the bid down, a buy's
 * cost rounds up, a sell's proceeds round down, and the fee rounds up.
 */

export const BPS = 10_000n;

/** a / b rounded up, for a ≥ 0 and b > 0. */
export const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

/** What the platform sells at: the feed price plus the spread. */
export const askOf = (price: bigint, spreadBps: number): bigint => ceilDiv(price * (BPS + BigInt(spreadBps)), BPS);

/** What the platform buys at: the feed price minus the spread. */
export const bidOf = (price: bigint, spreadBps: number): bigint => (price * (BPS - BigInt(spreadBps))) / BPS;

/** USDT a buyer pays for `quantity` at `ask`, before the fee: rounded up. */
export const buyCost = (quantity: bigint, ask: bigint, unit: bigint): bigint => ceilDiv(quantity * ask, unit);

/** USDT a seller receives for `quantity` at `bid`, before the fee: rounded down. */
export const sellProceeds = (quantity: bigint, bid: bigint, unit: bigint): bigint => (quantity * bid) / unit;

/** The fee on a trade's USDT amount: rounded up. */
export const feeOn = (amount: bigint, feeBps: number): bigint => ceilDiv(amount * BigInt(feeBps), BPS);

/** Everything a buy of `quantity` takes from the buyer's USDT: cost and fee. */
export const buyDebit = (quantity: bigint, ask: bigint, feeBps: number, unit: bigint): bigint => {
  const cost = buyCost(quantity, ask, unit);
  return cost + feeOn(cost, feeBps);
};

/**
 * The largest quantity whose cost plus fee fits in `total` USDT (0 when not even the smallest
 * unit fits). The exact fraction is an upper bound, since the cost and the fee both round up: no
 * larger quantity fits, so it steps down past the rounding, which moves it by at most a few units.
 */
export function quantityForTotal(total: bigint, ask: bigint, feeBps: number, unit: bigint): bigint {
  let quantity = (total * unit * BPS) / (ask * (BPS + BigInt(feeBps)));
  while (quantity > 0n && buyDebit(quantity, ask, feeBps, unit) > total) quantity -= 1n;
  return quantity;
}

export interface Fill {
  /** The price the order fills at: the ask for a buy, the bid for a sell. */
  price: bigint;
  quantity: bigint;
  /** USDT paid for a buy, or received for a sell, before the fee. */
  cost: bigint;
  fee: bigint;
  /** USDT that leaves (buy) or reaches (sell) the user's account, fee included. */
  net: bigint;
}

export function buyFill(quantity: bigint, ask: bigint, feeBps: number, unit: bigint): Fill {
  const cost = buyCost(quantity, ask, unit);
  const fee = feeOn(cost, feeBps);
  return { price: ask, quantity, cost, fee, net: cost + fee };
}

export function sellFill(quantity: bigint, bid: bigint, feeBps: number, unit: bigint): Fill {
  const cost = sellProceeds(quantity, bid, unit);
  const fee = feeOn(cost, feeBps);
  return { price: bid, quantity, cost, fee, net: cost - fee };
}
