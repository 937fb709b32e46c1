import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  askOf,
  bidOf,
  buyCost,
  buyDebit,
  buyFill,
  feeOn,
  quantityForTotal,
  sellFill,
  sellProceeds,
} from "@/lib/trading/pricing";

const UNIT = 1_000_000n;
// Prices from 1 cent to 100,000 USDT per XAUT; quantities up to 1000 XAUT; bps as settings allow.
const price = fc.bigInt({ min: 10_000n, max: 100_000_000_000n });
const quantity = fc.bigInt({ min: 1n, max: 1_000_000_000n });
const bps = fc.integer({ min: 0, max: 1_000 });

describe("trade arithmetic", () => {
  it("a buy's cost rounds up: never less than the exact price, less than one unit over it", () => {
    fc.assert(
      fc.property(quantity, price, (q, p) => {
        const cost = buyCost(q, p, UNIT);
        expect(cost * UNIT).toBeGreaterThanOrEqual(q * p);
        expect((cost - 1n) * UNIT).toBeLessThan(q * p);
      }),
    );
  });

  it("a sell's proceeds round down: never more than the exact amount, less than one unit under it", () => {
    fc.assert(
      fc.property(quantity, price, (q, p) => {
        const proceeds = sellProceeds(q, p, UNIT);
        expect(proceeds * UNIT).toBeLessThanOrEqual(q * p);
        expect((proceeds + 1n) * UNIT).toBeGreaterThan(q * p);
      }),
    );
  });

  it("the fee rounds up, and the spread puts the ask at or above and the bid at or below the price", () => {
    fc.assert(
      fc.property(price, bps, bps, (p, fee, spread) => {
        const f = feeOn(p, fee);
        expect(f * 10_000n).toBeGreaterThanOrEqual(p * BigInt(fee));
        expect((f - 1n) * 10_000n).toBeLessThan(p * BigInt(fee));
        expect(askOf(p, spread)).toBeGreaterThanOrEqual(p);
        expect(bidOf(p, spread)).toBeLessThanOrEqual(p);
        expect(bidOf(p, spread)).toBeGreaterThan(0n);
      }),
    );
  });

  it("buying and selling back at once never leaves the user with more than they started", () => {
    fc.assert(
      fc.property(quantity, price, bps, bps, (q, p, fee, spread) => {
        const bought = buyFill(q, askOf(p, spread), fee, UNIT);
        const sold = sellFill(q, bidOf(p, spread), fee, UNIT);
        expect(sold.net).toBeLessThanOrEqual(bought.net);
      }),
    );
  });

  it("a total buys the most XAUT whose cost and fee fit in it", () => {
    // A total that buys a quantity exactly, to the unit: 0.001 XAUT at 4,000 USDT, with and without a fee.
    expect(quantityForTotal(4_000_000n, 4_000_000_000n, 0, UNIT)).toBe(1_000n);
    expect(quantityForTotal(4_010_000n, 4_000_000_000n, 25, UNIT)).toBe(1_000n);
    expect(quantityForTotal(4_009_999n, 4_000_000_000n, 25, UNIT)).toBe(999n);
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10_000_000_000_000n }), price, bps, (total, ask, fee) => {
        const q = quantityForTotal(total, ask, fee, UNIT);
        expect(q).toBeGreaterThanOrEqual(0n);
        if (q > 0n) expect(buyDebit(q, ask, fee, UNIT)).toBeLessThanOrEqual(total);
        expect(buyDebit(q + 1n, ask, fee, UNIT)).toBeGreaterThan(total);
      }),
    );
  });

  it("a sell's fee never exceeds its proceeds", () => {
    fc.assert(
      fc.property(quantity, price, bps, (q, p, fee) => {
        const fill = sellFill(q, p, fee, UNIT);
        expect(fill.net).toBeGreaterThanOrEqual(0n);
        expect(fill.net + fill.fee).toBe(fill.cost);
      }),
    );
  });

  it("rounds the ask up and the bid down where the spread leaves a fraction of a unit", () => {
    // 3999.999999 × 1.003 = 4011.999998997 and × 0.997 = 3987.999999003 (USDT)
    expect(askOf(3_999_999_999n, 30)).toBe(4_011_999_999n);
    expect(bidOf(3_999_999_999n, 30)).toBe(3_987_999_999n);
    // Where nothing is left over, nothing moves.
    expect(askOf(4_000_000_000n, 30)).toBe(4_012_000_000n);
    expect(bidOf(4_000_000_000n, 30)).toBe(3_988_000_000n);
  });

  it("works the example of the README", () => {
    // 0.1 XAUT at 2650 with a 30 bps spread and a 20 bps fee.
    const ask = askOf(2_650_000_000n, 30);
    expect(ask).toBe(2_657_950_000n);
    expect(buyFill(100_000n, ask, 20, UNIT)).toEqual({
      price: ask,
      quantity: 100_000n,
      cost: 265_795_000n,
      fee: 531_590n,
      net: 266_326_590n,
    });
  });
});
