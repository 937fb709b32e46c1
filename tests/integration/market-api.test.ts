import { describe, expect, it } from "vitest";
import { GET as klineRoute } from "@/app/api/xaut/kline/route";
import { GET as tickerRoute } from "@/app/api/xaut/ticker/route";
import { candles } from "@/db/schema";
import { ingestPrices } from "@/lib/market/ingest";
import { simulatedFeed } from "@/lib/market/simulated-feed";
import { percentChange } from "@/lib/market/ticker";
import { priceString } from "@/lib/market/views";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { clearMarket } from "../support/market";
import { registerUser } from "../support/users";

const db = withTestDatabase();
const DECIMAL_6 = /^\d+\.\d{6}$/;

async function kline(token: string, query = "") {
  return call(klineRoute, { token, path: `/api/xaut/kline${query}` });
}

describe("GET /api/xaut/kline and /api/xaut/ticker", () => {
  it("are for signed-in callers", async () => {
    expect((await call(klineRoute, { path: "/api/xaut/kline" })).status).toBe(401);
    expect((await call(tickerRoute, { path: "/api/xaut/ticker" })).status).toBe(401);
  });

  it("answer with no candles and no ticker before the first price", async () => {
    await clearMarket(db());
    const { token } = await registerUser();
    expect((await kline(token)).body).toEqual({ success: true, interval: 5, candles: [] });
    expect((await call(tickerRoute, { token })).body).toEqual({ success: true, ticker: null });
  });

  it("give 300 five-minute candles by default, oldest first, prices as 6-decimal strings", async () => {
    await clearMarket(db());
    await ingestPrices(db(), simulatedFeed({ seed: 1, startPrice: 4_000_000_000n, historyDays: 2 }));
    const { token } = await registerUser();
    const res = await kline(token);
    expect(res.status).toBe(200);
    expect(res.body.interval).toBe(5);
    const list = res.body.candles as {
      time: string;
      open: string;
      high: string;
      low: string;
      close: string;
      volume: string;
    }[];
    expect(list).toHaveLength(300);
    const times = list.map((c) => Date.parse(c.time));
    expect(times.every((t, i) => i === 0 || t - times[i - 1]! === 5 * 60_000)).toBe(true);
    expect(times.at(-1)! % (5 * 60_000)).toBe(0);
    for (const c of list) for (const v of [c.open, c.high, c.low, c.close, c.volume]) expect(v).toMatch(DECIMAL_6);

    expect(((await kline(token, "?interval=1440")).body.candles as unknown[]).length).toBe(3);
    expect(((await kline(token, "?interval=60&limit=1000")).body.candles as unknown[]).length).toBe(49);
    expect(((await kline(token, "?interval=1&limit=1000")).body.candles as unknown[]).length).toBe(1000);
    expect(((await kline(token, "?interval=15&limit=7")).body.candles as unknown[]).length).toBe(7);
    expect((await kline(token, "?interval=&limit=")).body.interval).toBe(5);
  });

  it.each([
    ["?interval=7", "interval must be one of 1, 5, 15, 30, 60, 240, 1440 (minutes)"],
    ["?interval=0", "interval must be one of 1, 5, 15, 30, 60, 240, 1440 (minutes)"],
    ["?interval=-5", "interval must be a whole number"],
    ["?interval=1.5", "interval must be a whole number"],
    ["?interval=5e1", "interval must be a whole number"],
    ["?interval=0x5", "interval must be a whole number"],
    ["?interval=abc", "interval must be a whole number"],
    ["?interval=99999999999", "interval must be a whole number"],
    ["?limit=0", "limit must be between 1 and 1000"],
    ["?limit=1001", "limit must be between 1 and 1000"],
    ["?limit=ten", "limit must be a whole number"],
  ])("refuse %s with a 400", async (query, message) => {
    const { token } = await registerUser();
    const res = await kline(token, query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: "VALIDATION_FAILED", message });
  });

  it("give the last price and its 24 hours as a brute-force pass over the minutes gives them", async () => {
    const { token } = await registerUser();
    const res = await call(tickerRoute, { token });
    expect(res.status).toBe(200);
    const ticker = res.body.ticker as Record<string, unknown>;

    const minutes = (await db().select().from(candles)).sort((a, b) => a.openTime.getTime() - b.openTime.getTime());
    const last = minutes.at(-1)!;
    const day = minutes.filter((m) => m.openTime.getTime() > last.updatedAt.getTime() - 86_400_000);
    expect(day).toHaveLength(1440);
    const open = day[0]!.open;
    expect(ticker).toEqual({
      symbol: "XAUTUSDT",
      price: priceString(last.close),
      change24h: percentChange(open, last.close),
      open24h: priceString(open),
      high24h: priceString(day.reduce((h, m) => (m.high > h ? m.high : h), 0n)),
      low24h: priceString(day.reduce((l, m) => (m.low < l ? m.low : l), day[0]!.low)),
      volume24h: priceString(day.reduce((v, m) => v + m.volume, 0n)),
      at: last.updatedAt.toISOString(),
      stale: false,
    });
  });
});

describe("percentChange", () => {
  it.each([
    [4_000_000_000n, 4_040_000_000n, "1.00"],
    [4_000_000_000n, 3_960_000_000n, "-1.00"],
    [4_000_000_000n, 4_000_000_000n, "0.00"],
    [3n, 4n, "33.33"],
    [3n, 5n, "66.67"],
    [3n, 1n, "-66.67"],
    [200_000n, 200_001n, "0.00"],
    [200_000n, 200_010n, "0.01"],
    [20_000n, 19_999n, "-0.01"],
  ])("from %s to %s is %s%", (from, to, expected) => {
    expect(percentChange(from, to)).toBe(expected);
  });
});
