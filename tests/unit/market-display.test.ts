import { describe, expect, it } from "vitest";
import { displayDecimal } from "@/lib/market/display";

describe("displayDecimal", () => {
  it.each([
    ["4012.345678", 2, "4,012.35"],
    ["4012.344999", 2, "4,012.34"],
    ["999.995000", 2, "1,000.00"],
    ["0.004999", 2, "0.00"],
    ["1234567.5", 0, "1,234,568"],
    ["-0.42", 2, "-0.42"],
    ["-0.001", 2, "0.00"],
    ["12", 3, "12.000"],
    ["31.123456", 6, "31.123456"],
  ])("%s to %i places is %s", (value, decimals, expected) => {
    expect(displayDecimal(value, decimals)).toBe(expected);
  });
});
