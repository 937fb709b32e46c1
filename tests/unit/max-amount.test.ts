import { describe, expect, it } from "vitest";
import { plainAmount, rangeText, typedAmount } from "@/lib/core/format";
import { toUnits } from "@/lib/core/amount";
import { sellMax, subscribeMax, vaultMax, withdrawMax } from "@/lib/ledger/max-amount";
import { ceilDiv, sellFill } from "@/lib/trading/pricing";

const usdt = (v: string) => toUnits(v, 6);

describe("withdrawMax", () => {
  it("takes the flat fee off what is available, so amount + fee is exactly the balance", () => {
    const most = withdrawMax({ available: usdt("25000"), fee: usdt("1.5"), min: usdt("10") });
    expect(most).toBe(usdt("24998.5"));
    expect(most! + usdt("1.5")).toBe(usdt("25000"));
  });
  it("is null when what is left after the fee is under the minimum, or nothing", () => {
    expect(withdrawMax({ available: usdt("11.49"), fee: usdt("1.5"), min: usdt("10") })).toBeNull();
    expect(withdrawMax({ available: usdt("11.5"), fee: usdt("1.5"), min: usdt("10") })).toBe(usdt("10"));
    expect(withdrawMax({ available: usdt("1"), fee: usdt("1.5"), min: 0n })).toBeNull();
    expect(withdrawMax({ available: usdt("1.5"), fee: usdt("1.5"), min: 0n })).toBeNull();
  });
});

describe("vaultMax", () => {
  it("is the whole balance, or null for none", () => {
    expect(vaultMax(1_234_567n)).toBe(1_234_567n);
    expect(vaultMax(0n)).toBeNull();
  });
});

describe("subscribeMax", () => {
  const plan = { max: usdt("100000"), capLeft: usdt("50000"), min: usdt("100") };
  it("is the least of the balance, the most per subscription and the room left", () => {
    expect(subscribeMax({ ...plan, available: usdt("23500.123456") })).toBe(usdt("23500.123456"));
    expect(subscribeMax({ ...plan, available: usdt("70000") })).toBe(usdt("50000"));
    expect(subscribeMax({ ...plan, capLeft: usdt("900000"), available: usdt("200000") })).toBe(usdt("100000"));
  });
  it("is null under the plan's minimum", () => {
    expect(subscribeMax({ ...plan, available: usdt("99.999999") })).toBeNull();
    expect(subscribeMax({ ...plan, available: usdt("100") })).toBe(usdt("100"));
    // A plan without a minimum still needs something to subscribe.
    expect(subscribeMax({ ...plan, min: 0n, available: 0n })).toBeNull();
  });
});

describe("sellMax", () => {
  const unit = 1_000_000n;
  const rules = { minQuantity: toUnits("0.001", 6), maxQuantity: toUnits("100", 6), unit };
  it("sells everything available: the fee comes out of the proceeds", () => {
    const most = sellMax({
      ...rules,
      available: toUnits("1.25", 6),
      dailyRemaining: usdt("1000000"),
      price: usdt("4012.34"),
    });
    expect(most).toBe(toUnits("1.25", 6));
    expect(sellFill(most!, usdt("4012.34"), 20, unit).net).toBeGreaterThan(0n);
  });
  it("stays within the largest order", () => {
    expect(
      sellMax({ ...rules, available: toUnits("150", 6), dailyRemaining: usdt("10000000"), price: usdt("4000") }),
    ).toBe(toUnits("100", 6));
  });
  it("stays within the daily limit at the price, rounded as the server counts the notional", () => {
    const price = usdt("4012.345679");
    const left = usdt("5000");
    const most = sellMax({ ...rules, available: toUnits("10", 6), dailyRemaining: left, price });
    expect(ceilDiv(most! * price, unit)).toBeLessThanOrEqual(left);
    expect(ceilDiv((most! + 1n) * price, unit)).toBeGreaterThan(left);
  });
  it("sells exactly the smallest order, and nothing when nothing is held, whatever the smallest order", () => {
    const least = { ...rules, dailyRemaining: usdt("1000"), price: usdt("4000") };
    expect(sellMax({ ...least, available: toUnits("0.001", 6) })).toBe(toUnits("0.001", 6));
    expect(sellMax({ ...least, minQuantity: 0n, available: 0n })).toBeNull();
  });
  it("with no price to count the daily limit at, is held only by the balance and the largest order", () => {
    expect(sellMax({ ...rules, available: toUnits("2", 6), dailyRemaining: 0n, price: 0n })).toBe(toUnits("2", 6));
  });
  it("is null under the smallest order", () => {
    expect(
      sellMax({ ...rules, available: toUnits("0.000999", 6), dailyRemaining: usdt("1000"), price: usdt("4000") }),
    ).toBeNull();
    expect(
      sellMax({ ...rules, available: toUnits("1", 6), dailyRemaining: usdt("3.99"), price: usdt("4000") }),
    ).toBeNull();
  });
});

describe("the figures people type", () => {
  it("typedAmount keeps every unit, grouped, without zeros past the shown decimals", () => {
    expect(typedAmount("25000.000000", "USDT")).toBe("25,000.00");
    expect(typedAmount("23798.123400", "USDT")).toBe("23,798.1234");
    expect(typedAmount("0.5", "XAUT")).toBe("0.500000");
    expect(typedAmount("1.000000", "XAUT")).toBe("1.000000");
    expect(typedAmount("0.12345678", "BTC")).toBe("0.12345678");
  });
  it("plainAmount drops only separators that group thousands", () => {
    expect(plainAmount(" 25,000.50 ")).toBe("25000.50");
    expect(plainAmount("1,234,567")).toBe("1234567");
    expect(plainAmount("1,000.")).toBe("1000.");
    expect(plainAmount("2,50")).toBe("2,50");
    expect(plainAmount("12,3456.7")).toBe("12,3456.7");
    expect(plainAmount("1234.5")).toBe("1234.5");
  });
  it("a Max sent as typed is the amount it was made from", () => {
    for (const [value, asset] of [
      ["24998.500000", "USDT"],
      ["1.250000", "XAUT"],
      ["0.00000001", "BTC"],
    ] as const) {
      expect(toUnits(plainAmount(typedAmount(value, asset)), 8)).toBe(toUnits(value, 8));
    }
  });
  it("rangeText reads limits as amounts", () => {
    expect(rangeText("10", "100000", "USDT")).toBe("10.00 – 100,000.00");
    expect(rangeText("0.001", "100", "XAUT")).toBe("0.001000 – 100.000000");
  });
});
