import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Strategy } from "@/db/schema";
import { AppError } from "@/lib/core/errors";
import { gridQuantity, levelPrices, openingOrders } from "@/lib/strategies/grid";
import { strategyParams, type StrategyBody } from "@/lib/strategies/input";
import { computeResults } from "@/lib/strategies/results";
import { nextRound } from "@/lib/strategies/schedule";
import { strategyName, strategyView } from "@/lib/strategies/views";
import { buyDebit } from "@/lib/trading/pricing";

const UNIT = 1_000_000n;
const M = { baseDecimals: 6, quoteDecimals: 6, unit: UNIT };
const usdt = (whole: number) => BigInt(whole) * UNIT;

describe("a grid's levels and quantity", () => {
  it("spaces its prices evenly from the lower to the upper, both included, each rounded down", () => {
    expect(levelPrices(100n, 200n, 4)).toEqual([100n, 133n, 166n, 200n]);
    expect(levelPrices(usdt(2500), usdt(2700), 5)).toEqual([2500, 2550, 2600, 2650, 2700].map(usdt));
    expect(levelPrices(7n, 8n, 2)).toEqual([7n, 8n]);
  });

  it("trades the largest quantity whose buys at every level but the top one, fees included, fit in the investment", () => {
    const prices = levelPrices(usdt(2500), usdt(2700), 5);
    // 1000 / (10300 × 1.002) = 0.0968936…, as the grid of tests/integration/strategies.test.ts trades.
    expect(gridQuantity(usdt(1000), prices, 20, UNIT)).toBe(96_893n);
    expect(gridQuantity(0n, prices, 20, UNIT)).toBe(0n);
    // An investment its buys take exactly, to the unit: 10 at 1000, 2000 and 3000 with no fee (the top level only sells).
    expect(gridQuantity(60_000n, [1000n, 2000n, 3000n, 4000n], 0, 10n)).toBe(100n);
    expect(gridQuantity(59_999n, [1000n, 2000n, 3000n, 4000n], 0, 10n)).toBe(99n);
    const buyAll = (q: bigint, ps: bigint[], feeBps: number) =>
      ps.slice(0, -1).reduce((sum, p) => sum + buyDebit(q, p, feeBps, UNIT), 0n);
    fc.assert(
      fc.property(
        fc.bigInt({ min: usdt(1), max: usdt(5_000) }),
        fc.bigInt({ min: 1n, max: usdt(100) }),
        fc.integer({ min: 2, max: 8 }),
        fc.bigInt({ min: 0n, max: usdt(50_000) }),
        fc.integer({ min: 0, max: 100 }),
        (lower, width, levels, investment, feeBps) => {
          const prices = levelPrices(lower, lower + width + BigInt(levels), levels);
          const q = gridQuantity(investment, prices, feeBps, UNIT);
          expect(buyAll(q, prices, feeBps)).toBeLessThanOrEqual(investment);
          expect(buyAll(q + 1n, prices, feeBps)).toBeGreaterThan(investment);
        },
      ),
    );
  });
});

describe("a grid's opening orders", () => {
  // Quantity 10 at a unit of 10 and no fee: a buy at a level takes exactly its price.
  const prices = [1000n, 2000n, 3000n, 4000n, 5000n];
  const open = (price: bigint, held: { quote: bigint; base: bigint }, feeBps = 0) =>
    openingOrders(prices, price, held, 10n, feeBps, 10n);

  it("sells above the price lowest first and buys below it nearest first, none at the price, as far as its holdings go exactly", () => {
    expect(open(3000n, { quote: 3000n, base: 20n })).toEqual([
      { side: "sell", level: 3 },
      { side: "sell", level: 4 },
      { side: "buy", level: 1 },
      { side: "buy", level: 0 },
    ]);
    // A unit short of each: one sell, one buy.
    expect(open(3000n, { quote: 2999n, base: 19n })).toEqual([
      { side: "sell", level: 3 },
      { side: "buy", level: 1 },
    ]);
  });

  it("never sells at the bottom level nor past the top, and never buys at the top level", () => {
    expect(open(500n, { quote: 100_000n, base: 1_000n })).toEqual(
      [1, 2, 3, 4].map((level) => ({ side: "sell", level })),
    );
    expect(open(6000n, { quote: 100_000n, base: 1_000n })).toEqual(
      [3, 2, 1, 0].map((level) => ({ side: "buy", level })),
    );
  });

  it("counts each buy's fee against what it holds", () => {
    // 0.2 % on 2000 is 4, on 1000 is 2: 2004 + 1002 = 3006.
    expect(open(2500n, { quote: 3006n, base: 0n }, 20)).toEqual([
      { side: "buy", level: 1 },
      { side: "buy", level: 0 },
    ]);
    expect(open(2500n, { quote: 3005n, base: 0n }, 20)).toEqual([{ side: "buy", level: 1 }]);
  });
});

describe("a recurring buy's next round", () => {
  const due = new Date("2026-03-01T09:00:00Z");
  const at = (iso: string) => new Date(iso).toISOString();

  it("is one period after the round due, when the round runs on time or early", () => {
    expect(nextRound(due, "hourly", due).toISOString()).toBe(at("2026-03-01T10:00:00Z"));
    expect(nextRound(due, "daily", new Date("2026-03-01T09:30:00Z")).toISOString()).toBe(at("2026-03-02T09:00:00Z"));
    expect(nextRound(due, "weekly", new Date("2026-02-28T09:00:00Z")).toISOString()).toBe(at("2026-03-08T09:00:00Z"));
  });

  it("is the first slot on the same cadence after now when rounds were missed, none bought late", () => {
    expect(nextRound(due, "hourly", new Date("2026-03-01T11:30:00Z")).toISOString()).toBe(at("2026-03-01T12:00:00Z"));
    // Exactly on a later slot: that slot's round is the one running, the next is a period on.
    expect(nextRound(due, "daily", new Date("2026-03-03T09:00:00Z")).toISOString()).toBe(at("2026-03-04T09:00:00Z"));
  });
});

describe("a strategy's results", () => {
  const sums = (fills: number, quantity: bigint, cost: bigint, fee: bigint) => ({ fills, quantity, cost, fee });

  it("values what it bought at its average cost, fees included, and what it holds at the bid", () => {
    // Bought 3 XAUt for 7,500 USDT and 15 of fees; sold 1 for 2,600 less 5.2 of fees; bid 2,550.
    const r = computeResults(
      sums(2, 3n * UNIT, usdt(7_500), usdt(15)),
      sums(1, UNIT, usdt(2_600), 5_200_000n),
      usdt(2_550),
      M,
    );
    expect(r).toEqual({
      fills: 3,
      bought: "3.000000",
      sold: "1.000000",
      invested: "7515.000000",
      received: "2594.800000",
      fees: "20.200000",
      averagePrice: "2500.000000",
      holding: "2.000000",
      value: "5100.000000",
      // 2,594.8 less a third of 7,515; 5,100 less two thirds of it.
      realised: "89.800000",
      unrealised: "90.000000",
    });
  });

  it("rounds each share of the basis down, shows a loss as negative, and without a price values nothing", () => {
    // 7 units bought for 100 (and 1 of fee): a unit's basis is 101 / 7 = 14.43, two units' 28.86.
    const r = computeResults(sums(1, 7n, 100n, 1n), sums(1, 2n, 20n, 1n), null, { ...M, unit: 10n });
    expect(r).toMatchObject({
      averagePrice: "0.000142",
      realised: "-0.000009",
      value: null,
      unrealised: null,
      holding: "0.000005",
    });
  });

  it("of a strategy that has not filled are zeros, with no average price", () => {
    const none = sums(0, 0n, 0n, 0n);
    expect(computeResults(none, none, usdt(2_500), M)).toEqual({
      fills: 0,
      bought: "0.000000",
      sold: "0.000000",
      invested: "0.000000",
      received: "0.000000",
      fees: "0.000000",
      averagePrice: null,
      holding: "0.000000",
      value: "0.000000",
      realised: "0.000000",
      unrealised: "0.000000",
    });
  });
});

describe("a strategy's parameters", () => {
  const refusal = (body: StrategyBody) => {
    try {
      strategyParams(body, M);
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      const e = err as AppError;
      return { status: e.status, message: e.message, errors: e.errors };
    }
    throw new Error("not refused");
  };
  const grid = { type: "grid", lower: "1", upper: "1.000004", levels: 5, investment: "10" } as const;

  it("are read in smallest units, a recurring buy's ceiling and rounds null when not given", () => {
    expect(
      strategyParams({ type: "recurring", amount: "50.5", period: "weekly", priceCeiling: "2600.25", maxRounds: 3 }, M),
    ).toEqual({
      type: "recurring",
      amount: 50_500_000n,
      period: "weekly",
      priceCeiling: 2_600_250_000n,
      maxRounds: 3,
    });
    expect(strategyParams({ type: "recurring", amount: "1", period: "hourly" }, M)).toEqual({
      type: "recurring",
      amount: UNIT,
      period: "hourly",
      priceCeiling: null,
      maxRounds: null,
    });
    expect(strategyParams(grid, M)).toEqual({
      type: "grid",
      lower: UNIT,
      upper: 1_000_004n,
      levels: 5,
      investment: usdt(10),
    });
  });

  it("refuse an amount USDT cannot hold, naming the field", () => {
    const tooFine = "USDT amounts have at most 6 decimals";
    const cases: [StrategyBody, string][] = [
      [{ type: "recurring", amount: "1.0000001", period: "daily" }, "amount"],
      [{ type: "recurring", amount: "1", period: "daily", priceCeiling: "0.0000001" }, "priceCeiling"],
      [{ ...grid, lower: "0.0000001" }, "lower"],
      [{ ...grid, upper: "1.0000041" }, "upper"],
      [{ ...grid, investment: "0.0000001" }, "investment"],
    ];
    for (const [body, field] of cases) {
      const r = refusal(body);
      expect(r, field).toEqual({ status: 400, message: tooFine, errors: { [field]: [r.message] } });
    }
  });

  it("refuse a grid whose range is not low to high or has no room for a distinct price at each level", () => {
    const notBelow = {
      status: 400,
      message: "The lower price must be below the upper price",
      errors: { lower: ["Must be below the upper price"] },
    };
    expect(refusal({ ...grid, lower: "2", upper: "1" })).toEqual(notBelow);
    expect(refusal({ ...grid, lower: "1", upper: "1" })).toEqual(notBelow);
    // Five levels fit in four units; six do not.
    expect(refusal({ ...grid, levels: 6 })).toEqual({
      status: 400,
      message: "The range is too narrow for that many levels",
      errors: { levels: ["Too many levels for this range"] },
    });
  });
});

describe("a strategy as people read it", () => {
  const row: Strategy = {
    id: "0b6c4c2e-55a5-4d43-9a35-5e0f5f0e8f01",
    userId: "7e0a3c07-1d0e-4c59-8f0e-0b8e7f7f0a02",
    type: "recurring",
    status: "running",
    proposedBy: null,
    amount: 1_234_505_000n,
    period: "weekly",
    priceCeiling: null,
    maxRounds: 12,
    lower: null,
    upper: null,
    levels: null,
    investment: null,
    quantity: null,
    reservedQuote: 2_469_010_000n,
    reservedBase: 1_500n,
    funded: 3_703_515_000n,
    roundsRun: 1,
    roundsSkipped: 2,
    nextRunAt: new Date("2026-03-08T09:00:00Z"),
    lastSkipReason: "The price was above your ceiling",
    createdAt: new Date("2026-03-01T08:59:00Z"),
    startedAt: new Date("2026-03-01T09:00:00Z"),
    endedAt: null,
  };
  const grid: Strategy = {
    ...row,
    type: "grid",
    amount: null,
    period: null,
    maxRounds: null,
    lower: usdt(2500),
    upper: 2_700_005_000n,
    levels: 5,
    investment: usdt(1000),
    quantity: 96_893n,
  };
  const results = computeResults(
    { fills: 0, quantity: 0n, cost: 0n, fee: 0n },
    { fills: 0, quantity: 0n, cost: 0n, fee: 0n },
    null,
    M,
  );

  it("is named by its kind and terms", () => {
    expect(strategyName(row, M)).toBe("Recurring buy: 1,234.51 USDT every week");
    expect(strategyName({ ...row, period: "hourly" }, M)).toBe("Recurring buy: 1,234.51 USDT every hour");
    expect(strategyName({ ...row, period: "daily" }, M)).toBe("Recurring buy: 1,234.51 USDT every day");
    expect(strategyName(grid, M)).toBe("Grid: 2,500.00–2,700.01 USDT, 5 levels");
  });

  it("is shown with exact amounts and UTC times, its next round only while it runs", () => {
    expect(strategyView(row, M, results)).toEqual({
      id: row.id,
      name: "Recurring buy: 1,234.51 USDT every week",
      type: "recurring",
      status: "running",
      proposedBySupport: false,
      amount: "1234.505000",
      period: "weekly",
      priceCeiling: null,
      maxRounds: 12,
      lower: null,
      upper: null,
      levels: null,
      investment: null,
      quantityPerLevel: null,
      reserved: { USDT: "2469.010000", XAUT: "0.001500" },
      roundsRun: 1,
      roundsSkipped: 2,
      lastSkipReason: "The price was above your ceiling",
      nextRunAt: "2026-03-08T09:00:00.000Z",
      createdAt: "2026-03-01T08:59:00.000Z",
      startedAt: "2026-03-01T09:00:00.000Z",
      endedAt: null,
      results,
    });
    const ended = {
      ...grid,
      status: "stopped",
      proposedBy: row.userId,
      priceCeiling: usdt(2600),
      startedAt: null,
      endedAt: new Date("2026-03-02T10:00:00Z"),
    } as const;
    expect(strategyView(ended, M, results)).toMatchObject({
      proposedBySupport: true,
      priceCeiling: "2600.000000",
      lower: "2500.000000",
      upper: "2700.005000",
      investment: "1000.000000",
      quantityPerLevel: "0.096893",
      nextRunAt: null,
      startedAt: null,
      endedAt: "2026-03-02T10:00:00.000Z",
    });
    expect(strategyView({ ...row, nextRunAt: null }, M, results).nextRunAt).toBeNull();
  });
});
