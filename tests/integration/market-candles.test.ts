import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { candles } from "@/db/schema";
import type { FeedUpdate } from "@/lib/market/feed";
import { recordUpdate } from "@/lib/market/ingest";
import { INTERVALS, MINUTE_MS } from "@/lib/market/intervals";
import { getKlines } from "@/lib/market/klines";
import type { MinuteCandle } from "@/lib/market/store";
import { minuteOf } from "@/lib/market/ticks";
import { withTestDatabase } from "../support/db";
import { bruteForceAggregate, clearMarket } from "../support/market";

const db = withTestDatabase();

// Three days from 20:00 UTC: the minutes cross day, 4-hour and hour boundaries.
const BASE = Date.UTC(2026, 2, 1, 20, 0);
const SPAN_MINUTES = 3 * 1440;

const price = fc.bigInt({ min: 1n, max: 10n ** 10n });
const minute = fc.integer({ min: 0, max: SPAN_MINUTES - 1 });

const candleArb = fc
  .record({ minute, a: price, b: price, c: price, d: price, volume: fc.bigInt({ min: 0n, max: 10n ** 9n }) })
  .map(({ minute, a, b, c, d, volume }): MinuteCandle => {
    const openTime = new Date(BASE + minute * MINUTE_MS);
    const all = [a, b, c, d];
    return {
      openTime,
      open: a,
      close: b,
      high: all.reduce((x, y) => (y > x ? y : x)),
      low: all.reduce((x, y) => (y < x ? y : x)),
      volume,
      updatedAt: new Date(openTime.getTime() + MINUTE_MS),
    };
  });
const tickArb = fc
  .record({
    minute,
    second: fc.integer({ min: 0, max: 59_999 }),
    price,
    volume: fc.option(fc.bigInt({ min: 0n, max: 10n ** 8n }), { nil: undefined }),
  })
  .map(({ minute, second, price, volume }) => ({ price, volume, at: new Date(BASE + minute * MINUTE_MS + second) }));
const updateArb = fc.record({
  candles: fc.array(candleArb, { maxLength: 3 }),
  ticks: fc.array(tickArb, { maxLength: 4 }),
});

/** What the minutes must be after `updates`: whole candles replace a minute, ticks fold into it in arrival order. */
function expectedMinutes(updates: FeedUpdate[]): MinuteCandle[] {
  const minutes = new Map<number, MinuteCandle>();
  for (const update of updates) {
    for (const c of update.candles) minutes.set(c.openTime.getTime(), c);
    for (const t of update.ticks) {
      const key = minuteOf(t.at).getTime();
      const m = minutes.get(key);
      const volume = t.volume ?? 0n;
      minutes.set(
        key,
        m
          ? {
              ...m,
              high: t.price > m.high ? t.price : m.high,
              low: t.price < m.low ? t.price : m.low,
              close: t.price,
              volume: m.volume + volume,
            }
          : {
              openTime: new Date(key),
              open: t.price,
              high: t.price,
              low: t.price,
              close: t.price,
              volume,
              updatedAt: t.at,
            },
      );
    }
  }
  return [...minutes.values()];
}

describe("candle aggregation", () => {
  it("gives at every interval exactly what a brute-force recomputation from the minutes gives, whatever the order of updates", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(updateArb, { minLength: 1, maxLength: 25 }), async (updates) => {
        await clearMarket(db());
        for (const update of updates) await recordUpdate(db(), update);
        const minutes = expectedMinutes(updates);
        for (const interval of INTERVALS) {
          expect(await getKlines(db(), interval, 1000)).toEqual(bruteForceAggregate(minutes, interval));
        }
      }),
      { numRuns: 30 },
    );
  });

  it("keeps every stored minute a valid candle", async () => {
    await clearMarket(db());
    await recordUpdate(db(), {
      candles: [],
      ticks: [
        { price: 5n, at: new Date(BASE) },
        { price: 9n, at: new Date(BASE + 1) },
        { price: 2n, at: new Date(BASE + 2) },
      ],
    });
    const [row] = await db().select().from(candles);
    expect(row).toMatchObject({ open: 5n, high: 9n, low: 2n, close: 2n, volume: 0n });
  });

  it("returns the latest candles oldest first, at most `limit`", async () => {
    await clearMarket(db());
    const ticks = Array.from({ length: 40 }, (_, i) => ({
      price: BigInt(1000 + i),
      volume: 1n,
      at: new Date(BASE + i * 5 * MINUTE_MS),
    }));
    await recordUpdate(db(), { candles: [], ticks });
    const latest = await getKlines(db(), 15, 5);
    expect(latest.map((c) => c.time)).toEqual(
      [135, 150, 165, 180, 195].map((m) => new Date(BASE + m * MINUTE_MS).toISOString()),
    );
    expect(latest.at(-2)).toEqual({
      time: new Date(BASE + 180 * MINUTE_MS).toISOString(),
      open: "0.001036",
      high: "0.001038",
      low: "0.001036",
      close: "0.001038",
      volume: "0.000003",
    });
  });
});
