import { describe, expect, it } from "vitest";
import { MINUTE_MS } from "@/lib/market/intervals";
import { GOLD_ANNUAL_VOLATILITY, HISTORY_DAYS, simulatedFeed } from "@/lib/market/simulated-feed";
import type { MinuteCandle } from "@/lib/market/store";

const START = 4_000_000_000n; // 4000 USDT
const NOW = new Date("2026-11-20T14:37:21.500Z");

const valid = (c: MinuteCandle) =>
  c.low > 0n && c.low <= c.open && c.low <= c.close && c.high >= c.open && c.high >= c.close && c.volume >= 0n;

describe("the simulated feed", () => {
  it("seeds an empty database with 90 days of continuous minutes ending at the start price, then ticks from there", async () => {
    const { candles, ticks } = await simulatedFeed({ seed: 7, startPrice: START }).poll(null, NOW);
    expect(candles).toHaveLength(HISTORY_DAYS * 1440);
    expect(candles[0]!.openTime).toEqual(new Date(Date.UTC(2026, 10, 20, 14, 37) - HISTORY_DAYS * 86_400_000));
    expect(candles.at(-1)!.openTime).toEqual(new Date(Date.UTC(2026, 10, 20, 14, 36)));
    expect(candles.at(-1)!.close).toBe(START);
    expect(candles.every(valid)).toBe(true);
    const continuous = candles.every(
      (c, i) =>
        i === 0 ||
        (c.openTime.getTime() - candles[i - 1]!.openTime.getTime() === MINUTE_MS && c.open === candles[i - 1]!.close),
    );
    expect(continuous).toBe(true);
    expect(ticks).toEqual([{ price: START, volume: expect.any(BigInt), at: NOW }]);
  });

  it("moves like gold: about 15% annualised volatility", async () => {
    const { candles } = await simulatedFeed({ seed: 11, startPrice: START }).poll(null, NOW);
    const returns = candles.slice(1).map((c, i) => Math.log(Number(c.close) / Number(candles[i]!.close)));
    const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
    const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
    const annualised = Math.sqrt(variance * 365.25 * 1440);
    expect(annualised).toBeGreaterThan(GOLD_ANNUAL_VOLATILITY * 0.95);
    expect(annualised).toBeLessThan(GOLD_ANNUAL_VOLATILITY * 1.05);
  });

  it("gives the same prices for the same seed and other prices for another", async () => {
    const run = async (seed: number) => {
      const feed = simulatedFeed({ seed, startPrice: START, historyDays: 1 });
      const first = await feed.poll(null, NOW);
      const next = await feed.poll({ price: START, at: NOW }, new Date(NOW.getTime() + 1500));
      return [first.candles.map((c) => c.close), next.ticks.map((t) => t.price)];
    };
    expect(await run(3)).toEqual(await run(3));
    expect(await run(3)).not.toEqual(await run(4));
  });

  it("steps a tick or so per poll, by a fraction of a percent, in whole units", async () => {
    const feed = simulatedFeed({ seed: 5, startPrice: START });
    let last = { price: START, at: NOW };
    for (let i = 1; i <= 200; i++) {
      const at = new Date(NOW.getTime() + i * 1500);
      const { candles, ticks } = await feed.poll(last, at);
      expect(candles).toEqual([]);
      expect(ticks).toHaveLength(1);
      const move = Math.abs(Number(ticks[0]!.price - last.price)) / Number(last.price);
      expect(move).toBeLessThan(0.002);
      last = { price: ticks[0]!.price, at };
    }
    expect(last.price).not.toBe(START);
  });

  it("fills the minutes missed while it was down, continuing from the last price", async () => {
    const feed = simulatedFeed({ seed: 9, startPrice: START });
    const down = new Date("2026-11-20T10:15:30Z");
    const { candles, ticks } = await feed.poll({ price: START, at: down }, NOW);
    expect(candles[0]!.openTime).toEqual(new Date("2026-11-20T10:16:00Z"));
    expect(candles[0]!.open).toBe(START);
    expect(candles.at(-1)!.openTime).toEqual(new Date("2026-11-20T14:36:00Z"));
    expect(candles.every(valid)).toBe(true);
    expect(ticks[0]!.at).toEqual(NOW);
  });
});
