import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import {
  assetFullName,
  assetName,
  countdownText,
  dateText,
  displayDecimal,
  displaySetting,
  durationText,
  exact,
  fullTimeText,
  money,
  moneyOf,
  percentText,
  readable,
  readableAddress,
  timeText,
  utcText,
} from "@/lib/core/format";

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
    expect(readable("-0.009", "USDT")).toBe("0.00");
    expect(readable("0.0124", "XAUT")).toBe("0.012400");
    expect(readable("2", "XAUT")).toBe("2.000000");
    expect(readable("1000.000001", "XAUT")).toBe("1,000.000001");
    expect(readable("0.12345678", "BTC")).toBe("0.12345678");
    expect(readable("1.123456789", "BTC")).toBe("1.12345678");
    expect(readable("3.1234567", "ETH")).toBe("3.123456");
    expect(exact("10000.000000")).toBe("10,000.000000");
    expect(exact("-101.000000")).toBe("-101.000000");
    expect(exact("999")).toBe("999");
    expect(displaySetting("10000")).toBe("10,000");
    expect(displaySetting("1234.0010")).toBe("1,234.0010");
    expect(displaySetting("-0.001")).toBe("-0.001");
  });
});

describe("money", () => {
  it.each([
    ["999.999999", "USDT", "999.99 USDT"],
    ["1000", "USDT", "1,000.00 USDT"],
    ["5000.000000", "USDT", "5,000.00 USDT"],
    ["2011.364805", "USDC", "2,011.36 USDC"],
    ["1234567.1", "USDT", "1,234,567.10 USDT"],
    ["-1000.019", "USDT", "-1,000.01 USDT"],
    ["0.2", "XAUT", "0.200000 XAUt"],
    ["0.12429", "xaut", "0.124290 XAUt"],
    ["1000", "XAUT", "1,000.000000 XAUt"],
    ["0.5", "BTC", "0.50000000 BTC"],
  ])(
    "%s %s reads %s: grouped from 1,000 on, the asset's decimals, toward zero, one spelling",
    (value, asset, expected) => {
      expect(money(value, asset)).toBe(expected);
    },
  );

  it("reads smallest units the same way, and names assets as the product does", () => {
    expect(moneyOf(5_000_000_000n, 6, "USDT")).toBe("5,000.00 USDT");
    expect(moneyOf(124_290n, 6, "XAUT")).toBe("0.124290 XAUt");
    expect(assetName("XAUT")).toBe("XAUt");
    expect(assetName("USDT")).toBe("USDT");
    expect(assetFullName("XAUT")).toBe("Tether Gold (XAUt)");
    expect(assetFullName("usdt")).toBe("Tether USD (USDT)");
    expect(assetFullName("DOGE")).toBe("DOGE");
  });
});

describe("times", () => {
  const now = new Date("2026-11-25T13:30:00Z");
  it.each([
    ["2026-11-25T13:09:04.805Z", "Europe/Paris", "today 14:09"],
    ["2026-11-24T23:30:00Z", "Europe/Paris", "today 00:30"],
    ["2026-11-24T23:30:00Z", "America/New_York", "yesterday 18:30"],
    ["2026-11-24T22:59:59Z", "Europe/Paris", "yesterday 23:59"],
    ["2026-11-26T08:00:00Z", "UTC", "tomorrow 08:00"],
    ["2026-11-20T10:00:00Z", "Asia/Tokyo", "20 Nov 19:00"],
    ["2025-11-25T13:30:00Z", "UTC", "25 Nov 2025, 13:30"],
    ["2026-12-31T23:30:00Z", "Asia/Tokyo", "1 Jan 2027, 08:30"],
  ])("%s in %s reads %s", (at, zone, expected) => {
    expect(timeText(at, now, zone)).toBe(expected);
  });

  it("reads days and UTC moments without an ISO timestamp", () => {
    expect(dateText("2026-11-24T23:30:00Z", "Europe/Paris")).toBe("25 Nov 2026");
    expect(utcText("2026-11-24T12:09:04.805Z")).toBe("24 Nov 2026, 12:09 UTC");
  });

  it.each([
    ["2026-11-24T13:09:04Z", "Europe/Paris", "Tuesday, 24 November 2026, 14:09:04 UTC+1"],
    ["2026-07-01T23:30:00Z", "Asia/Kolkata", "Thursday, 2 July 2026, 05:00:00 UTC+5:30"],
    ["2026-03-01T02:05:09Z", "America/New_York", "Saturday, 28 February 2026, 21:05:09 UTC-5"],
    ["2026-09-06T00:00:00Z", "UTC", "Sunday, 6 September 2026, 00:00:00 UTC"],
  ])("%s in %s reads in full as %s", (at, zone, expected) => {
    expect(fullTimeText(at, zone)).toBe(expected);
  });

  // The reader's own zone is read from Date, not Intl (a phone's first Intl formatter costs ~90 ms):
  // both must give the same text, summer and winter, either side of midnight.
  it("reads the reader's own zone as Intl reads it", () => {
    const zones = ["Europe/Paris", "America/New_York", "Asia/Kolkata", "Pacific/Auckland", "UTC"];
    const moments = [
      "2026-11-25T13:09:04.805Z",
      "2026-11-24T23:30:00Z",
      "2026-07-01T22:59:59Z",
      "2025-09-30T11:00:00Z",
      "2026-12-31T23:30:00Z",
      "2026-03-29T01:30:00Z",
    ];
    const out = execFileSync(
      process.execPath,
      ["--import", "tsx", "tests/support/reader-zone-readings.ts", JSON.stringify([zones, moments, now.toISOString()])],
      { encoding: "utf8" },
    );
    const expected = Object.fromEntries(
      zones.map((zone) => [
        zone,
        moments.map((at) => [timeText(at, now, zone), dateText(at, zone), fullTimeText(at, zone)]),
      ]),
    );
    expect(JSON.parse(out)).toEqual(expected);
  });

  it("names September Sep, as every other month by three letters", () => {
    expect(dateText("2026-09-15T12:00:00Z", "UTC")).toBe("15 Sep 2026");
    expect(utcText("2026-09-15T12:00:00Z")).toBe("15 Sep 2026, 12:00 UTC");
  });

  it.each([
    [86_280_000, "in 23 h 58 min"],
    [86_279_001, "in 23 h 58 min"],
    [3_600_000, "in 1 h 0 min"],
    [3_599_000, "in 59 min 59 s"],
    [65_000, "in 1 min 05 s"],
    [59_001, "in 1 min 00 s"],
    [1, "in 1 s"],
    [0, "now"],
    [-5_000, "now"],
    [3 * 86_400_000 + 1, "in 3 d 1 h"],
    [86_400_000, "in 1 d 0 h"],
  ])('a countdown of %i ms reads %s, rounded up, and "now" past zero', (ms, expected) => {
    expect(countdownText(ms)).toBe(expected);
  });

  it.each([
    [86_400_000, "24 hours"],
    [86_399_990, "24 hours"],
    [900_000, "15 minutes"],
    [60_000, "1 minute"],
    [5_400_000, "1 hour 30 minutes"],
    [172_800_000, "2 days"],
    [3_600_000, "1 hour"],
    [259_200_000, "3 days"],
    // Whole days from two on; anything else in hours.
    [90_000_000, "25 hours"],
    [176_400_000, "49 hours"],
    [174_600_000, "48 hours 30 minutes"],
  ])("a length of %i ms reads %s", (ms, expected) => {
    expect(durationText(ms)).toBe(expected);
  });
});

describe("readableAddress", () => {
  it("drops the IPv6 prefix of an IPv4 address and keeps every other address as it is", () => {
    expect(readableAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(readableAddress("::FFFF:203.0.113.7")).toBe("203.0.113.7");
    expect(readableAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(readableAddress("2001:db8::1")).toBe("2001:db8::1");
    expect(readableAddress("::ffff:abcd")).toBe("::ffff:abcd");
    // Only the whole address is a mapped IPv4 one.
    expect(readableAddress("64:ff9b::ffff:192.0.2.1")).toBe("64:ff9b::ffff:192.0.2.1");
    expect(readableAddress("::ffff:192.0.2.1.5")).toBe("::ffff:192.0.2.1.5");
    expect(readableAddress(null)).toBe("Unknown address");
  });
});

describe("percentText", () => {
  // Basis points (fees, spread, APR) as people read a percentage: exact, no trailing zeros, a no-break space before %.
  it.each([
    [0, "0\u00a0%"],
    [1, "0.01\u00a0%"],
    [5, "0.05\u00a0%"],
    [10, "0.1\u00a0%"],
    [100, "1\u00a0%"],
    [150, "1.5\u00a0%"],
    [1000, "10\u00a0%"],
    [12345, "123.45\u00a0%"],
    [100000, "1000\u00a0%"],
  ])("%i bps is %s", (bps, expected) => {
    expect(percentText(bps)).toBe(expected);
  });
});
