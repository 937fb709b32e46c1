import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AmountError, formatAmount, parseAmount, toUnits } from "@/lib/core/amount";
import { amountString } from "@/lib/ledger/amount-schema";

describe("amounts", () => {
  it("parses plain decimal strings into smallest units", () => {
    expect(parseAmount("12.5", 6)).toBe(12_500_000n);
    expect(parseAmount("0.000001", 6)).toBe(1n);
    expect(parseAmount("100", 8)).toBe(10_000_000_000n);
    expect(parseAmount(" 7.00 ", 2)).toBe(700n);
  });

  it.each([
    ["1e3", "Amount must be a plain decimal number, without an exponent"],
    ["-5", "Amount must be greater than zero"],
    ["0", "Amount must be greater than zero"],
    ["0.000000", "Amount must be greater than zero"],
    ["1.0000001", "USDT amounts have at most 6 decimals"],
    ["12,50", 'Amount must be a decimal number such as "12.50"'],
    [".5", 'Amount must be a decimal number such as "12.50"'],
    ["5.", 'Amount must be a decimal number such as "12.50"'],
    ["0x10", 'Amount must be a decimal number such as "12.50"'],
    ["Infinity", 'Amount must be a decimal number such as "12.50"'],
    ["1000000000000", "Amount is too large"],
  ])("refuses %s", (input, message) => {
    expect(() => parseAmount(input, 6, "USDT")).toThrow(new AmountError(message));
  });

  it("formats with fixed decimals and keeps the sign", () => {
    expect(formatAmount(12_500_000n, 6)).toBe("12.500000");
    expect(formatAmount(-1n, 6)).toBe("-0.000001");
    expect(formatAmount(0n, 8)).toBe("0.00000000");
    expect(formatAmount(42n, 0)).toBe("42");
  });

  it("round-trips every amount through format and parse", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 17n }), fc.integer({ min: 0, max: 8 }), (units, decimals) => {
        expect(parseAmount(formatAmount(units, decimals), decimals)).toBe(units);
      }),
    );
  });

  it("the API schema refuses numbers, exponents and negatives before any asset is known", () => {
    expect(amountString.safeParse(12.5).success).toBe(false);
    expect(amountString.safeParse("1e3").error?.issues[0]?.message).toBe(
      "Amount must be a plain decimal number, without an exponent",
    );
    expect(amountString.safeParse("-5").error?.issues[0]?.message).toBe("Amount must be greater than zero");
    expect(amountString.safeParse("12.50").data).toBe("12.50");
  });
});

describe("toUnits", () => {
  it("is the one conversion: exact by default, zero allowed, half-up only when asked", () => {
    expect(toUnits("0", 6)).toBe(0n);
    expect(toUnits("12.5", 6)).toBe(12_500_000n);
    expect(() => toUnits("0.0000001", 6)).toThrow(AmountError);
    expect(toUnits("4012.3456785", 6, "half-up")).toBe(4_012_345_679n);
    expect(toUnits("4012.3456784", 6, "half-up")).toBe(4_012_345_678n);
    for (const bad of ["1e5", "abc", "-1", "1.5.5", ""])
      expect(() => toUnits(bad, 6, "half-up"), bad).toThrow(AmountError);
  });

  it('rounds toward zero when asked for "down", whatever the next digit', () => {
    expect(toUnits("4012.3456789", 6, "down")).toBe(4_012_345_678n);
    expect(toUnits("4012.3456785", 6, "down")).toBe(4_012_345_678n);
    expect(toUnits("4012.345678", 6, "down")).toBe(4_012_345_678n);
  });

  it('names the asset in the too-many-decimals message, or says "This asset" when the caller gives none', () => {
    expect(() => toUnits("1.0000001", 6)).toThrow(new AmountError("This asset amounts have at most 6 decimals"));
    expect(() => parseAmount("1.0000001", 6)).toThrow(new AmountError("This asset amounts have at most 6 decimals"));
  });
});
