import { formatAmount, toUnits } from "@/lib/core/amount";
import { displayDecimal, readable } from "@/lib/core/format";
import { percentChange } from "@/lib/market/ticker";
import { gridQuantity, levelPrices } from "@/lib/strategies/grid";
import type { MarketAssets } from "@/lib/trading/market";
import { BPS, askOf, bidOf, buyDebit, buyFill, ceilDiv, quantityForTotal, sellFill } from "@/lib/trading/pricing";
import { dayWithCarry } from "@/lib/savings/interest";

/**
 * The worked examples of the information pages. Their inputs (prices, amounts) are fixed round
 * numbers chosen for readable arithmetic, never a forecast; every result is computed here from the
 * settings passed in, with the same integer pricing the trading engine uses (lib/trading/pricing),
 * so what a page shows is what a fill at those prices would post.
 */

export interface TradingTerms {
  feeBps: number;
  spreadBps: number;
  minQuantity: string;
  maxQuantity: string;
  dailyLimit: string;
}

function formatters(m: MarketAssets) {
  const usdtUnits = (v: string) => toUnits(v, m.quoteDecimals);
  return {
    usdtUnits,
    /** USDT as every screen shows it (lib/core/format's rule): grouped, to the cent, rounded toward zero. */
    usdt: (v: bigint) => readable(formatAmount(v, m.quoteDecimals), "USDT"),
    /** A price or a round figure, to the cent. */
    cents: (v: bigint) => displayDecimal(formatAmount(v, m.quoteDecimals), 2),
    xaut: (v: bigint) => readable(formatAmount(v, m.baseDecimals), "XAUT"),
    /** The change from one amount to another in percent, without its sign. */
    change: (from: bigint, to: bigint) => percentChange(from, to).replace(/^-/, ""),
  };
}

/** Why a quantity could not be ordered under these terms, or null when it can. */
function quantityProblem(
  quantity: bigint,
  terms: TradingTerms,
  m: MarketAssets,
  xaut: (v: bigint) => string,
): string | null {
  const min = toUnits(terms.minQuantity, m.baseDecimals);
  const max = toUnits(terms.maxQuantity, m.baseDecimals);
  if (quantity < min)
    return `${xaut(quantity)} XAUt is below the minimum order of ${xaut(min)} XAUt, so these orders could not be placed: the investment would need to be larger.`;
  if (quantity > max)
    return `${xaut(quantity)} XAUt is above the maximum order of ${xaut(max)} XAUt, so these orders could not be placed: the investment would need to be smaller.`;
  return null;
}

/** A buy (at the ask, or a limit price reached) and a sell of one quantity: what each pays, and the difference. */
function roundTrip(quantity: bigint, buyAt: bigint, sellAt: bigint, feeBps: number, m: MarketAssets) {
  const buy = buyFill(quantity, buyAt, feeBps, m.unit);
  const sell = sellFill(quantity, sellAt, feeBps, m.unit);
  return { buy, sell, gain: sell.net - buy.net };
}

export const GRID = {
  lower: "3800",
  upper: "4200",
  levels: 5,
  investment: "1000",
  start: "4050",
  below: "3700",
  above: "4300",
} as const;

/**
 * A 5-level grid from 3,800 to 4,200 USDT with 1,000 USDT, started with the price at 4,050: its
 * levels, its buys, one buy-then-sell cycle with its fees, the gap the fees eat, where the spread
 * puts the feed price when an order fills, and what happens when the price leaves the range.
 */
export function gridExample(terms: TradingTerms, m: MarketAssets) {
  const f = formatters(m);
  const lower = f.usdtUnits(GRID.lower);
  const upper = f.usdtUnits(GRID.upper);
  const start = f.usdtUnits(GRID.start);
  const investment = f.usdtUnits(GRID.investment);
  // The grid's own arithmetic: its levels, and the quantity that buys at every level but the top.
  const levels = levelPrices(lower, upper, GRID.levels);
  const gap = levels[1]! - levels[0]!;
  const buys = levels.slice(0, -1).filter((p) => p < start);
  const quantity = gridQuantity(investment, levels, terms.feeBps, m.unit);
  const totalDebit = (q: bigint) => buys.reduce((sum, p) => sum + buyDebit(q, p, terms.feeBps, m.unit), 0n);

  // One cycle: the price dips to the second buy level and comes back up one level.
  const buyAt = buys[1] ?? buys[0]!;
  const sellAt = buyAt + gap;
  const cycle = roundTrip(quantity, buyAt, sellAt, terms.feeBps, m);

  // The gap at which a cycle's two fees take everything: g(1 − fee) = 2·fee·price, per whole XAUt.
  const breakEven = terms.feeBps === 0 ? null : ceilDiv(2n * BigInt(terms.feeBps) * buyAt, BPS - BigInt(terms.feeBps));

  // Limit orders fill against the ask (buys) and bid (sells): the feed price must go past the level by the spread.
  const spread = BigInt(terms.spreadBps);
  const buyTrigger = (buyAt * BPS) / (BPS + spread);
  const sellTrigger = ceilDiv(sellAt * BPS, BPS - spread);

  // Below the range: every buy has filled and the grid holds their XAUt, its sells waiting above.
  const below = f.usdtUnits(GRID.below);
  const held = quantity * BigInt(buys.length);
  const paid = totalDebit(quantity);
  const worth = sellFill(held, bidOf(below, terms.spreadBps), terms.feeBps, m.unit).net;

  const above = f.usdtUnits(GRID.above);
  return {
    lower: f.cents(lower),
    upper: f.cents(upper),
    levelCount: GRID.levels,
    levels: levels.map(f.cents),
    gap: f.cents(gap),
    start: f.cents(start),
    investment: f.cents(investment),
    buys: buys.map(f.cents),
    quantity: f.xaut(quantity),
    quantityProblem: quantityProblem(quantity, terms, m, f.xaut),
    reserved: f.usdt(paid),
    cycle: {
      buyAt: f.cents(buyAt),
      sellAt: f.cents(sellAt),
      buyCost: f.usdt(cycle.buy.cost),
      buyFee: f.usdt(cycle.buy.fee),
      paid: f.usdt(cycle.buy.net),
      sellProceeds: f.usdt(cycle.sell.cost),
      sellFee: f.usdt(cycle.sell.fee),
      received: f.usdt(cycle.sell.net),
      gain: f.usdt(cycle.gain),
      gainBeforeFees: f.usdt(cycle.sell.cost - cycle.buy.cost),
      fees: f.usdt(cycle.buy.fee + cycle.sell.fee),
      loses: cycle.gain < 0n,
    },
    breakEvenGap: breakEven === null ? null : f.cents(breakEven),
    buyTrigger: f.cents(buyTrigger),
    sellTrigger: f.cents(sellTrigger),
    fall: {
      price: f.cents(below),
      held: f.xaut(held),
      paid: f.usdt(paid),
      worth: f.usdt(worth),
      loss: f.usdt(paid - worth),
    },
    rise: { price: f.cents(above), change: f.change(start, above) },
  };
}

export const RECURRING = { amount: "50", feeds: ["4000", "3800", "4200"], ceiling: "4100", rounds: 30 } as const;

/**
 * A daily buy of 50 USDT over three days at feed prices of 4,000, 3,800 and 4,200: each round at
 * the ask with its fee, the average cost against the average price, the round a 4,100 ceiling
 * would skip, what a 30-round plan reserves, and how the minimum order and daily limit bear on it.
 */
export function recurringExample(terms: TradingTerms, m: MarketAssets) {
  const f = formatters(m);
  const amount = f.usdtUnits(RECURRING.amount);
  const ceiling = f.usdtUnits(RECURRING.ceiling);
  const rounds = RECURRING.feeds.map((feed) => {
    const price = f.usdtUnits(feed);
    const ask = askOf(price, terms.spreadBps);
    const quantity = quantityForTotal(amount, ask, terms.feeBps, m.unit);
    return { price, ask, quantity, fill: buyFill(quantity, ask, terms.feeBps, m.unit) };
  });
  const totalQuantity = rounds.reduce((s, r) => s + r.quantity, 0n);
  const totalPaid = rounds.reduce((s, r) => s + r.fill.net, 0n);
  const averageAsk = rounds.reduce((s, r) => s + r.ask, 0n) / BigInt(rounds.length);
  const totalCost = rounds.reduce((s, r) => s + r.fill.cost, 0n);
  const perXaut = (total: bigint) => (totalQuantity === 0n ? null : f.cents(ceilDiv(total * m.unit, totalQuantity)));
  const skipped = rounds.findIndex((r) => r.ask > ceiling);
  const min = toUnits(terms.minQuantity, m.baseDecimals);
  const first = rounds[0]!;
  return {
    amount: f.cents(amount),
    rounds: rounds.map((r) => ({
      price: f.cents(r.price),
      ask: f.cents(r.ask),
      quantity: f.xaut(r.quantity),
      cost: f.usdt(r.fill.cost),
      fee: f.usdt(r.fill.fee),
      paid: f.usdt(r.fill.net),
    })),
    totalQuantity: f.xaut(totalQuantity),
    totalPaid: f.usdt(totalPaid),
    averageAsk: f.cents(averageAsk),
    averagePriceBeforeFees: perXaut(totalCost),
    averageCost: perXaut(totalPaid),
    ceiling: f.cents(ceiling),
    skippedRound: skipped === -1 ? null : { day: skipped + 1, ask: f.cents(rounds[skipped]!.ask) },
    planRounds: RECURRING.rounds,
    planReserved: f.cents(amount * BigInt(RECURRING.rounds)),
    belowMinimum: first.quantity < min,
    minimumRound: f.usdt(buyDebit(min, first.ask, terms.feeBps, m.unit)),
    hourlyMax: f.cents(f.usdtUnits(terms.dailyLimit) / 24n),
  };
}

/** Buying 1 XAUt and selling it straight back at a feed price of 4,000: the spread and both fees. */
export function quoteExample(terms: TradingTerms, m: MarketAssets) {
  const f = formatters(m);
  const price = f.usdtUnits("4000");
  const ask = askOf(price, terms.spreadBps);
  const bid = bidOf(price, terms.spreadBps);
  const trip = roundTrip(m.unit, ask, bid, terms.feeBps, m);
  return {
    price: f.cents(price),
    ask: f.usdt(ask),
    bid: f.usdt(bid),
    buyCost: f.usdt(trip.buy.cost),
    buyFee: f.usdt(trip.buy.fee),
    paid: f.usdt(trip.buy.net),
    sellProceeds: f.usdt(trip.sell.cost),
    sellFee: f.usdt(trip.sell.fee),
    received: f.usdt(trip.sell.net),
    lost: f.usdt(-trip.gain),
    lostPercent: f.change(trip.buy.net, trip.sell.net),
  };
}

export const STORED = { amount: "10" } as const;

/**
 * 10 XAUt kept in the vault at `rateBps` a year: each day earns the least held that day times the
 * rate over 365 days, rounded down with the remainder carried (as lib/storage/accrue does), and the
 * earnings join the vault, so they earn from the next day. Null when the rate is 0.
 */
export function storageExample(rateBps: number, m: MarketAssets) {
  if (rateBps === 0) return null;
  const f = formatters(m);
  const start = toUnits(STORED.amount, m.baseDecimals);
  let held = start;
  let carry = 0n;
  const after: Record<number, bigint> = {};
  for (let day = 1; day <= 365; day++) {
    const earned = dayWithCarry(held, rateBps, carry);
    held += earned.amount;
    carry = earned.carry;
    if (day === 1 || day === 30 || day === 365) after[day] = held - start;
  }
  return { amount: f.xaut(start), firstDay: f.xaut(after[1]!), month: f.xaut(after[30]!), year: f.xaut(after[365]!) };
}

export const OPTION = {
  strike: "4000",
  callPremium: "80",
  putPremium: "70",
  outcomes: ["3700", "3900", "4000", "4080", "4300", "4600"],
} as const;

/**
 * One option on one ounce, for each price at expiry: what the buyer and the seller of a call
 * (strike 4,000, premium 80) and of a put (strike 4,000, premium 70) end with. Fixed numbers for a
 * product Aurum does not offer: nothing here depends on settings.
 */
export function optionExample() {
  const d = 6;
  const u = (v: string) => toUnits(v, d);
  const text = (v: bigint) =>
    `${v < 0n ? "−" : v > 0n ? "+" : ""}${displayDecimal(formatAmount(v < 0n ? -v : v, d), 0)}`;
  const strike = u(OPTION.strike);
  const call = u(OPTION.callPremium);
  const put = u(OPTION.putPremium);
  const max = (a: bigint, b: bigint) => (a > b ? a : b);
  return {
    strike: displayDecimal(OPTION.strike, 0),
    callPremium: displayDecimal(OPTION.callPremium, 0),
    putPremium: displayDecimal(OPTION.putPremium, 0),
    callBreakEven: displayDecimal(formatAmount(strike + call, d), 0),
    putBreakEven: displayDecimal(formatAmount(strike - put, d), 0),
    rows: OPTION.outcomes.map((o) => {
      const price = u(o);
      const callBuyer = max(price - strike, 0n) - call;
      const putBuyer = max(strike - price, 0n) - put;
      return {
        price: displayDecimal(o, 0),
        callBuyer: text(callBuyer),
        callSeller: text(-callBuyer),
        putBuyer: text(putBuyer),
        putSeller: text(-putBuyer),
      };
    }),
  };
}
