import { describe, expect, it } from "vitest";
import { displayDecimal, exact, readable, readableAddress } from "@/lib/format";

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

describe("readable and exact", () => {
  it("group thousands, show each asset's decimals rounded toward zero, and keep the exact figure exact", () => {
    expect(readable("1234567.899999", "USDT")).toBe("1,234,567.89");
    expect(readable("-1234.5", "USDT")).toBe("-1,234.50");
    expect(readable("0.005", "USDT")).toBe("0.00");
    expect(readable("0.012400", "XAUT")).toBe("0.0124");
    expect(readable("2.000000", "XAUT")).toBe("2.00");
    expect(readable("1000.000001", "XAUT")).toBe("1,000.000001");
    expect(readable("0.12345678", "BTC")).toBe("0.12345678");
    expect(exact("10000.000000")).toBe("10,000.000000");
    expect(exact("-101.000000")).toBe("-101.000000");
    expect(exact("999")).toBe("999");
  });
});

describe("readableAddress", () => {
  it("drops the IPv6 prefix of an IPv4 address and keeps every other address as it is", () => {
    expect(readableAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(readableAddress("::FFFF:203.0.113.7")).toBe("203.0.113.7");
    expect(readableAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(readableAddress("2001:db8::1")).toBe("2001:db8::1");
    expect(readableAddress("::ffff:abcd")).toBe("::ffff:abcd");
    expect(readableAddress(null)).toBe("Unknown address");
  });
});
