import { describe, expect, it } from "vitest";
import type { Order } from "@/db/schema";
import { AppError } from "@/lib/core/errors";
import { fillLegs, holdLegs, moveLegs } from "@/lib/trading/legs";
import { quoteOf, tradable, type Quote } from "@/lib/trading/market";
import { orderRequest, orderSchema } from "@/lib/trading/order-input";
import { orderOf, type OrderRow } from "@/lib/trading/order-rows";
import { buyFill, sellFill } from "@/lib/trading/pricing";
import { stopReached } from "@/lib/trading/stops";
import { usdtValueOf } from "@/lib/trading/valuation";
import { orderView } from "@/lib/trading/views";

/**
 * The pure parts of lib/trading around an order: its legs, its input, its row and its view, the
 * quote it trades on and what a balance is worth. The decimals of the two assets differ on purpose
 * (XAUT 6, USDT 4 here), so a figure formatted or parsed with the other asset's decimals shows.
 */
const M = { baseDecimals: 6, quoteDecimals: 4, unit: 1_000_000n };
const USER = "0b7c2f3e-1a2b-4c5d-8e9f-000000000001";
const STRATEGY = "0b7c2f3e-1a2b-4c5d-8e9f-0000000000aa";

const failure = (fn: () => unknown): AppError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error("expected an AppError");
};

describe("a fill's legs", () => {
  // 0.123457 XAUT at 2657.9537 USDT with a 23 bps fee: cost 328.1430 rounded up (328.14298…), fee 0.7548 rounded up.
  const bought = buyFill(123_457n, 26_579_537n, 23, M.unit);
  const sold = sellFill(123_457n, 26_420_463n, 23, M.unit);

  it("a buy takes cost and fee from where it pays, gives the house the cost and the fees account the fee, and puts the XAUT where it goes", () => {
    expect(bought).toMatchObject({ cost: 3_281_430n, fee: 7_548n });
    expect(fillLegs(USER, "buy", bought, { from: "spot", to: "spot" })).toStrictEqual([
      { account: { userId: USER, asset: "USDT", kind: "spot" }, amount: -3_281_430n, label: undefined },
      { account: { system: "house", asset: "USDT" }, amount: 3_281_430n, label: undefined },
      { account: { userId: USER, asset: "USDT", kind: "spot" }, amount: -7_548n, label: "Fee" },
      { account: { system: "fees", asset: "USDT" }, amount: 7_548n, label: "Fee" },
      { account: { system: "house", asset: "XAUT" }, amount: -123_457n, label: undefined },
      { account: { userId: USER, asset: "XAUT", kind: "spot" }, amount: 123_457n, label: undefined },
    ]);
  });

  it("a strategy's buy pays from its reserve and keeps the XAUT there; a limit buy pays from hold", () => {
    const reserve = { userId: USER, asset: "USDT", kind: "reserve", strategyId: STRATEGY };
    expect(fillLegs(USER, "buy", bought, { from: { reserve: STRATEGY }, to: { reserve: STRATEGY } })).toStrictEqual([
      { account: reserve, amount: -3_281_430n, label: undefined },
      { account: { system: "house", asset: "USDT" }, amount: 3_281_430n, label: undefined },
      { account: reserve, amount: -7_548n, label: "Fee" },
      { account: { system: "fees", asset: "USDT" }, amount: 7_548n, label: "Fee" },
      { account: { system: "house", asset: "XAUT" }, amount: -123_457n, label: undefined },
      { account: { ...reserve, asset: "XAUT" }, amount: 123_457n, label: undefined },
    ]);
    expect(fillLegs(USER, "buy", bought, { from: "hold", to: "spot" }).map((l) => l.account)).toContainEqual({
      userId: USER,
      asset: "USDT",
      kind: "hold",
    });
  });

  it("a sell gives the XAUT to the house, receives the proceeds where it goes and pays the fee from them", () => {
    expect(sold).toMatchObject({ cost: 3_261_791n, fee: 7_503n });
    expect(fillLegs(USER, "sell", sold, { from: "hold", to: "spot" })).toStrictEqual([
      { account: { userId: USER, asset: "XAUT", kind: "hold" }, amount: -123_457n, label: undefined },
      { account: { system: "house", asset: "XAUT" }, amount: 123_457n, label: undefined },
      { account: { system: "house", asset: "USDT" }, amount: -3_261_791n, label: undefined },
      { account: { userId: USER, asset: "USDT", kind: "spot" }, amount: 3_261_791n, label: undefined },
      { account: { userId: USER, asset: "USDT", kind: "spot" }, amount: -7_503n, label: "Fee" },
      { account: { system: "fees", asset: "USDT" }, amount: 7_503n, label: "Fee" },
    ]);
  });

  it("leaves out the legs of a zero fee, on both sides", () => {
    const noFee = buyFill(123_457n, 26_579_537n, 0, M.unit);
    expect(fillLegs(USER, "buy", noFee, { from: "spot", to: "spot" }).map((l) => [l.account, l.amount])).toStrictEqual([
      [{ userId: USER, asset: "USDT", kind: "spot" }, -3_281_430n],
      [{ system: "house", asset: "USDT" }, 3_281_430n],
      [{ system: "house", asset: "XAUT" }, -123_457n],
      [{ userId: USER, asset: "XAUT", kind: "spot" }, 123_457n],
    ]);
    const noFeeSold = sellFill(123_457n, 26_420_463n, 0, M.unit);
    expect(fillLegs(USER, "sell", noFeeSold, { from: "spot", to: "spot" }).every((l) => l.label === undefined)).toBe(
      true,
    );
    expect(fillLegs(USER, "sell", noFeeSold, { from: "spot", to: "spot" })).toHaveLength(4);
  });
});

describe("moving and holding", () => {
  it("moves an amount between two of the user's places, and nothing for zero", () => {
    expect(moveLegs(USER, "XAUT", 4_321n, "hold", { reserve: STRATEGY })).toStrictEqual([
      { account: { userId: USER, asset: "XAUT", kind: "hold" }, amount: -4_321n },
      { account: { userId: USER, asset: "XAUT", kind: "reserve", strategyId: STRATEGY }, amount: 4_321n },
    ]);
    expect(moveLegs(USER, "XAUT", 0n, "hold", "spot")).toStrictEqual([]);
  });

  it("reserves from spot to hold, releases from hold to spot, and nothing for zero", () => {
    expect(holdLegs(USER, "USDT", 98_765n, "reserve")).toStrictEqual([
      { account: { userId: USER, asset: "USDT", kind: "spot" }, amount: -98_765n },
      { account: { userId: USER, asset: "USDT", kind: "hold" }, amount: 98_765n },
    ]);
    expect(holdLegs(USER, "USDT", 98_765n, "release")).toStrictEqual([
      { account: { userId: USER, asset: "USDT", kind: "spot" }, amount: 98_765n },
      { account: { userId: USER, asset: "USDT", kind: "hold" }, amount: -98_765n },
    ]);
    expect(holdLegs(USER, "USDT", 0n, "release")).toStrictEqual([]);
  });
});

describe("an order's input", () => {
  const issues = (body: unknown) => {
    const parsed = orderSchema.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  };

  it("takes a market order by quantity, a market buy by total and a limit order by quantity and price", () => {
    expect(issues({ side: "sell", type: "market", quantity: "0.5" })).toStrictEqual([]);
    expect(issues({ side: "buy", type: "market", total: "100" })).toStrictEqual([]);
    expect(issues({ side: "buy", type: "limit", quantity: "0.5", price: "2600" })).toStrictEqual([]);
  });

  it("keeps a total to market buys", () => {
    const onlyMarketBuys = [{ path: "total", message: "A total is only for market buys; give a quantity" }];
    expect(issues({ side: "sell", type: "market", total: "100" })).toStrictEqual(onlyMarketBuys);
    expect(issues({ side: "buy", type: "limit", total: "100", price: "2600" })).toStrictEqual(onlyMarketBuys);
    // One sentence for a total where it does not belong, even with a quantity beside it.
    expect(issues({ side: "buy", type: "limit", quantity: "0.5", total: "100", price: "2600" })).toStrictEqual(
      onlyMarketBuys,
    );
  });

  it("asks for a quantity or a total, not both and not neither", () => {
    expect(issues({ side: "buy", type: "market", quantity: "0.5", total: "100" })).toStrictEqual([
      { path: "total", message: "Give either a quantity or a total, not both" },
    ]);
    expect(issues({ side: "sell", type: "market" })).toStrictEqual([
      { path: "quantity", message: "Please enter a quantity" },
    ]);
  });

  it("wants a price on a limit order and none on a market order", () => {
    expect(issues({ side: "buy", type: "limit", quantity: "0.5" })).toStrictEqual([
      { path: "price", message: "A limit order needs a price" },
    ]);
    expect(issues({ side: "sell", type: "market", quantity: "0.5", price: "2600" })).toStrictEqual([
      { path: "price", message: "A market order takes no price: it fills at the current price" },
    ]);
    expect(issues({ side: "sell", type: "limit" })).toStrictEqual([
      { path: "quantity", message: "Please enter a quantity" },
      { path: "price", message: "A limit order needs a price" },
    ]);
  });

  it("wants a stop and a limit on a stop-limit, all three prices on an OCO, and no stop on other orders", () => {
    expect(issues({ side: "sell", type: "stop_limit", quantity: "0.5", stopPrice: "2590" })).toStrictEqual([
      { path: "limitPrice", message: "A stop-limit order needs a limit price" },
    ]);
    expect(issues({ side: "sell", type: "stop_limit", quantity: "0.5", limitPrice: "2590" })).toStrictEqual([
      { path: "stopPrice", message: "A stop-limit order needs a stop price" },
    ]);
    expect(
      issues({ side: "sell", type: "stop_limit", quantity: "0.5", price: "1", stopPrice: "2", limitPrice: "2" }),
    ).toStrictEqual([{ path: "price", message: "A stop-limit order takes no price" }]);
    expect(issues({ side: "buy", type: "oco", quantity: "0.5", stopPrice: "2", limitPrice: "2" })).toStrictEqual([
      { path: "price", message: "An OCO order needs a price" },
    ]);
    expect(issues({ side: "buy", type: "limit", quantity: "0.5", price: "2", stopPrice: "3" })).toStrictEqual([
      { path: "stopPrice", message: "A limit order takes no stopPrice" },
    ]);
    expect(issues({ side: "buy", type: "market", quantity: "0.5", limitPrice: "3" })).toStrictEqual([
      { path: "limitPrice", message: "A market order takes no price: it fills at the current price" },
    ]);
    expect(
      issues({ side: "buy", type: "oco", total: "10", price: "1", stopPrice: "2", limitPrice: "2" }),
    ).toStrictEqual([{ path: "total", message: "A total is only for market buys; give a quantity" }]);
    expect(issues({ side: "buy", type: "stop", quantity: "1" })).toStrictEqual([
      { path: "type", message: 'type must be "market", "limit", "stop_limit" or "oco"' },
    ]);
  });

  it("turns a stop-limit and an OCO into smallest units", () => {
    expect(
      orderRequest(
        { side: "sell", type: "stop_limit", quantity: "0.5", stopPrice: "2590.0001", limitPrice: "2589" },
        M,
      ),
    ).toStrictEqual({
      side: "sell",
      type: "stop_limit",
      quantity: 500_000n,
      stop: { stopPrice: 25_900_001n, limitPrice: 25_890_000n },
    });
    expect(
      orderRequest(
        { side: "buy", type: "oco", quantity: "0.5", price: "2500", stopPrice: "2700.5", limitPrice: "2710" },
        M,
      ),
    ).toStrictEqual({
      side: "buy",
      type: "oco",
      quantity: 500_000n,
      limitPrice: 25_000_000n,
      stop: { stopPrice: 27_005_000n, limitPrice: 27_100_000n },
    });
  });

  it("turns each kind of order into smallest units, each amount with its asset's decimals", () => {
    expect(orderRequest({ side: "sell", type: "market", quantity: "0.123457" }, M)).toStrictEqual({
      side: "sell",
      type: "market",
      quantity: 123_457n,
    });
    expect(orderRequest({ side: "buy", type: "market", total: "250.1234" }, M)).toStrictEqual({
      side: "buy",
      type: "market",
      total: 2_501_234n,
    });
    expect(orderRequest({ side: "sell", type: "limit", quantity: "1.5", price: "2650.0001" }, M)).toStrictEqual({
      side: "sell",
      type: "limit",
      quantity: 1_500_000n,
      limitPrice: 26_500_001n,
    });
  });

  it("refuses an amount finer than its asset, or zero, as a 400 on that field", () => {
    const cases: [Parameters<typeof orderRequest>[0], string, string][] = [
      [{ side: "buy", type: "market", quantity: "0.1234567" }, "quantity", "XAUt amounts have at most 6 decimals"],
      [{ side: "buy", type: "market", total: "250.12345" }, "total", "USDT amounts have at most 4 decimals"],
      [
        { side: "buy", type: "limit", quantity: "1", price: "2650.00001" },
        "price",
        "USDT amounts have at most 4 decimals",
      ],
      [
        { side: "sell", type: "limit", quantity: "0.0000", price: "2650" },
        "quantity",
        "Amount must be greater than zero",
      ],
    ];
    for (const [input, field, message] of cases) {
      const err = failure(() => orderRequest(input, M));
      expect({ status: err.status, code: err.code, message: err.message, errors: err.errors }).toStrictEqual({
        status: 400,
        code: "VALIDATION_FAILED",
        message,
        errors: { [field]: [message] },
      });
    }
  });
});

const order = (over: Partial<Order>): Order => ({
  id: "0b7c2f3e-1a2b-4c5d-8e9f-0000000000f1",
  userId: USER,
  side: "buy",
  type: "limit",
  status: "open",
  quantity: 123_457n,
  limitPrice: 26_000_001n,
  held: 3_217_301n,
  fillPrice: null,
  cost: null,
  fee: null,
  feeBps: 23,
  journalId: null,
  strategyId: null,
  gridLevel: null,
  createdAt: new Date("2026-11-26T09:15:00.123Z"),
  filledAt: null,
  cancelledAt: null,
  stopPrice: null,
  stopLimitPrice: null,
  triggeredAt: null,
  ocoId: null,
  ...over,
});

describe("an order's view", () => {
  it("shows an open limit buy: its USDT hold, no fill, no total, no strategy", () => {
    expect(orderView(order({}), M)).toStrictEqual({
      id: "0b7c2f3e-1a2b-4c5d-8e9f-0000000000f1",
      side: "buy",
      type: "limit",
      status: "open",
      quantity: "0.123457",
      limitPrice: "2600.0001",
      held: "321.7301",
      price: null,
      cost: null,
      fee: null,
      feeBps: 23,
      total: null,
      createdAt: "2026-11-26T09:15:00.123Z",
      filledAt: null,
      cancelledAt: null,
      stopPrice: null,
      triggeredAt: null,
      ocoId: null,
      strategy: null,
    });
  });

  it("shows a waiting stop-limit as one, with the limit it will become and its stop", () => {
    const view = orderView(
      order({
        side: "sell",
        type: "stop_limit",
        limitPrice: null,
        stopPrice: 25_900_000n,
        stopLimitPrice: 25_890_001n,
        held: 123_457n,
      }),
      M,
    );
    expect(view).toMatchObject({
      type: "stop_limit",
      limitPrice: "2589.0001",
      stopPrice: "2590.0000",
      held: "0.123457",
      triggeredAt: null,
    });
  });

  it("keeps calling a triggered stop-limit one, with when it triggered and its pair", () => {
    const view = orderView(
      order({
        type: "limit",
        limitPrice: 25_890_001n,
        stopPrice: 25_900_000n,
        stopLimitPrice: 25_890_001n,
        triggeredAt: new Date("2026-11-26T09:30:00.000Z"),
        ocoId: "0b7c2f3e-1a2b-4c5d-8e9f-0000000000f4",
      }),
      M,
    );
    expect(view).toMatchObject({
      type: "stop_limit",
      limitPrice: "2589.0001",
      stopPrice: "2590.0000",
      triggeredAt: "2026-11-26T09:30:00.000Z",
      ocoId: "0b7c2f3e-1a2b-4c5d-8e9f-0000000000f4",
    });
  });

  it("shows a limit sell's hold in XAUT, and a cancelled order's time", () => {
    const view = orderView(
      order({ side: "sell", held: 123_457n, status: "cancelled", cancelledAt: new Date("2026-11-26T10:00:00.456Z") }),
      M,
    );
    expect(view).toMatchObject({
      held: "0.123457",
      status: "cancelled",
      cancelledAt: "2026-11-26T10:00:00.456Z",
      filledAt: null,
    });
  });

  it("totals a filled buy as cost plus fee and a filled sell as cost minus fee; a market sell's hold is USDT's zero", () => {
    const filled = {
      type: "market" as const,
      status: "filled" as const,
      limitPrice: null,
      held: 0n,
      fillPrice: 26_579_537n,
      cost: 3_281_430n,
      fee: 7_548n,
    };
    const at = new Date("2026-11-26T09:15:01.789Z");
    expect(orderView(order({ ...filled, filledAt: at }), M)).toMatchObject({
      price: "2657.9537",
      cost: "328.1430",
      fee: "0.7548",
      total: "328.8978",
      held: "0.0000",
      limitPrice: null,
      filledAt: "2026-11-26T09:15:01.789Z",
    });
    expect(orderView(order({ ...filled, side: "sell", filledAt: at }), M)).toMatchObject({
      total: "327.3882",
      held: "0.0000",
    });
  });

  it("has no total while either the cost or the fee is missing, and names the strategy that placed it", () => {
    expect(orderView(order({ cost: 3_281_430n }), M).total).toBeNull();
    expect(orderView(order({ fee: 7_548n }), M).total).toBeNull();
    expect(
      orderView(order({ strategyId: STRATEGY }), M, { id: STRATEGY, name: "Grid 2500–2700" }).strategy,
    ).toStrictEqual({ id: STRATEGY, name: "Grid 2500–2700" });
  });
});

describe("an order's row", () => {
  const row: OrderRow = {
    id: "0b7c2f3e-1a2b-4c5d-8e9f-0000000000f2",
    user_id: USER,
    side: "sell",
    type: "limit",
    status: "filled",
    quantity: "123457",
    limit_price: "26000001",
    held: 123_457,
    fill_price: 26_000_003n,
    cost: "3209882",
    fee: "7383",
    fee_bps: 23,
    journal_id: "0b7c2f3e-1a2b-4c5d-8e9f-0000000000f3",
    strategy_id: STRATEGY,
    grid_level: 3,
    created_at: "2026-11-26 09:15:00.123+00",
    filled_at: new Date("2026-11-26T09:20:00.000Z"),
    cancelled_at: "2026-11-26T09:25:00.000Z",
    stop_price: "25900000",
    stop_limit_price: 25_890_000,
    triggered_at: "2026-11-26 09:17:00.5+00",
    oco_id: "0b7c2f3e-1a2b-4c5d-8e9f-0000000000f4",
  };

  it("reads the drivers' strings and numbers as bigints and dates", () => {
    expect(orderOf(row)).toStrictEqual({
      id: "0b7c2f3e-1a2b-4c5d-8e9f-0000000000f2",
      userId: USER,
      side: "sell",
      type: "limit",
      status: "filled",
      quantity: 123_457n,
      limitPrice: 26_000_001n,
      held: 123_457n,
      fillPrice: 26_000_003n,
      cost: 3_209_882n,
      fee: 7_383n,
      feeBps: 23,
      journalId: "0b7c2f3e-1a2b-4c5d-8e9f-0000000000f3",
      strategyId: STRATEGY,
      gridLevel: 3,
      createdAt: new Date("2026-11-26T09:15:00.123Z"),
      filledAt: new Date("2026-11-26T09:20:00.000Z"),
      cancelledAt: new Date("2026-11-26T09:25:00.000Z"),
      stopPrice: 25_900_000n,
      stopLimitPrice: 25_890_000n,
      triggeredAt: new Date("2026-11-26T09:17:00.500Z"),
      ocoId: "0b7c2f3e-1a2b-4c5d-8e9f-0000000000f4",
    });
  });

  it("keeps what is not set null", () => {
    const open = orderOf({
      ...row,
      status: "open",
      limit_price: null,
      fill_price: null,
      cost: null,
      fee: null,
      journal_id: null,
      strategy_id: null,
      grid_level: null,
      filled_at: null,
      cancelled_at: null,
    });
    expect(open).toMatchObject({
      limitPrice: null,
      fillPrice: null,
      cost: null,
      fee: null,
      journalId: null,
      strategyId: null,
      gridLevel: null,
      filledAt: null,
      cancelledAt: null,
    });
  });
});

describe("the quote to trade on", () => {
  const now = new Date("2026-11-26T12:00:00.000Z");
  const tick = (secondsAgo: number) => ({ price: 26_500_001n, at: new Date(now.getTime() - secondsAgo * 1000) });

  it("applies the spread to the feed's price, the ask rounded up and the bid down", () => {
    expect(quoteOf(tick(30), 30, now)).toStrictEqual({
      price: 26_500_001n,
      bid: 26_420_500n,
      ask: 26_579_502n,
      at: tick(30).at,
      stale: false,
    });
    expect(quoteOf(tick(31), 30, now)?.stale).toBe(true);
    expect(quoteOf(null, 30, now)).toBeNull();
  });

  it("halts trading without a price or on a stale one, each with its sentence", () => {
    const none = failure(() => tradable(null));
    expect([none.status, none.code, none.message]).toStrictEqual([
      422,
      "PRICE_UNAVAILABLE",
      "Trading is paused: there is no market price yet",
    ]);
    const stale = failure(() => tradable(quoteOf(tick(31), 30, now)));
    expect([stale.status, stale.code, stale.message]).toStrictEqual([
      422,
      "PRICE_STALE",
      "Trading is paused: the market price is out of date. Please try again shortly",
    ]);
    const fresh = quoteOf(tick(1), 30, now);
    expect(tradable(fresh)).toBe(fresh);
  });
});

describe("what a balance is worth in USDT", () => {
  const quote: Quote = { price: 26_500_001n, bid: 26_420_500n, ask: 26_579_502n, at: new Date(), stale: false };

  it("counts stablecoins at par, with their own decimals, rounded down", () => {
    expect(usdtValueOf("USDT", 4, 1_234_567n, quote, 4)).toBe(1_234_567n);
    expect(usdtValueOf("USDC", 8, 123_456_789n, null, 4)).toBe(12_345n);
    expect(usdtValueOf("USDC", 2, 1_234n, null)).toBe(12_340_000n);
  });

  it("values XAUT at the bid, rounded down, and nothing without a price", () => {
    // 0.123457 × 2642.0500 = 326.17957... (rounded down)
    expect(usdtValueOf("XAUT", 6, 123_457n, quote, 4)).toBe(3_261_795n);
    expect(usdtValueOf("XAUT", 6, 123_457n, null, 4)).toBeNull();
  });

  it("leaves an asset without a feed unvalued, price or not", () => {
    expect(usdtValueOf("BTC", 8, 100_000_000n, quote, 4)).toBeNull();
    expect(usdtValueOf("ETH", 18, 10n ** 18n, null, 4)).toBeNull();
  });
});

describe("a stop reached", () => {
  it("at or past the stop in the order's direction, and never for an order without one", () => {
    const stop = 3_850_0000n;
    expect(stopReached({ side: "sell", stopPrice: stop }, stop)).toBe(true);
    expect(stopReached({ side: "sell", stopPrice: stop }, stop + 1n)).toBe(false);
    expect(stopReached({ side: "buy", stopPrice: stop }, stop)).toBe(true);
    expect(stopReached({ side: "buy", stopPrice: stop }, stop - 1n)).toBe(false);
    // A limit or market order has no stop: compared as a number, null would read as zero.
    expect(stopReached({ side: "buy", stopPrice: null }, 1n)).toBe(false);
    expect(stopReached({ side: "sell", stopPrice: null }, 0n)).toBe(false);
  });
});
