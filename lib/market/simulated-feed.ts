import { uniformFloat64 } from "pure-rand/distribution/uniformFloat64";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import type { PriceFeed } from "./feed";
import { MINUTE_MS } from "./intervals";
import type { MinuteCandle } from "./store";
import { minuteOf } from "./ticks";
import { DAY_MS } from "@/lib/core/time";

const SECONDS_PER_YEAR = 365.25 * 86_400;
/** Gold's long-run annualised volatility. */
export const GOLD_ANNUAL_VOLATILITY = 0.15;
/** One-minute history a fresh database gets: 90 daily candles, and over 300 at every shorter interval. */
export const HISTORY_DAYS = 90;
export const SIMULATED_TICK_MS = 1_500;
// Points of the price path inside a generated minute, from which its high and low come.
const STEPS_PER_MINUTE = 6;
// XAUT traded per minute at the busiest hours, about what the larger XAUT/USDT markets see.
const MEAN_MINUTE_VOLUME = 4;

/** Gold trades most while London and New York overlap (about 14:30 UTC) and least in the Asian night. */
const hourActivity = (utcHour: number) => 0.4 + 0.6 * Math.exp(-(((utcHour - 14.5) / 4) ** 2));

export interface SimulatedFeedOptions {
  /** The same seed and the same calls give the same prices. */
  seed: number;
  /** Where a fresh database's history ends and live prices start, in USDT units per XAUT. */
  startPrice: bigint;
  annualVolatility?: number;
  historyDays?: number;
}

interface FloatCandle {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

const units = (x: number) => BigInt(Math.max(1, Math.round(x)));

/**
 * A seeded random walk with gold's volatility (geometric Brownian motion without drift), so a
 * fresh install has a live market. Floats stay inside the walk; every price leaves it rounded to
 * whole USDT units. On an empty database it first brings HISTORY_DAYS of one-minute history that
 * ends at the start price; after downtime it fills the missed minutes.
 */
export function simulatedFeed(options: SimulatedFeedOptions): PriceFeed {
  const rng = xoroshiro128plus(options.seed);
  const sigma = options.annualVolatility ?? GOLD_ANNUAL_VOLATILITY;
  const historyMinutes = (options.historyDays ?? HISTORY_DAYS) * 1440;

  const normal = () => Math.sqrt(-2 * Math.log(1 - uniformFloat64(rng))) * Math.cos(2 * Math.PI * uniformFloat64(rng));
  const step = (price: number, seconds: number) => {
    const s = sigma * Math.sqrt(seconds / SECONDS_PER_YEAR);
    return price * Math.exp(s * normal() - (s * s) / 2);
  };
  // Some days are busier than others; each UTC day draws its own level.
  let day = { index: NaN, level: 1 };
  const activity = (at: Date) => {
    const index = Math.floor(at.getTime() / DAY_MS);
    if (index !== day.index) day = { index, level: Math.exp(0.35 * normal() - 0.06) };
    return day.level * hourActivity(at.getUTCHours() + at.getUTCMinutes() / 60);
  };
  // Lognormal around the mean for `seconds` at that time, since volume is positive and bursty; in XAUT units.
  const volume = (seconds: number, at: Date) =>
    ((MEAN_MINUTE_VOLUME * seconds) / 60) * activity(at) * 1e6 * Math.exp(0.6 * normal() - 0.18);
  const tickVolume = (seconds: number, at: Date) => BigInt(Math.round(volume(seconds, at)));

  function walkMinutes(first: Date, count: number, open: number): FloatCandle[] {
    const out: FloatCandle[] = [];
    let price = open;
    for (let i = 0; i < count; i++) {
      const at = new Date(first.getTime() + i * MINUTE_MS);
      const candle = { open: price, high: price, low: price, close: price, volume: volume(60, at) };
      for (let s = 0; s < STEPS_PER_MINUTE; s++) {
        price = step(price, 60 / STEPS_PER_MINUTE);
        candle.high = Math.max(candle.high, price);
        candle.low = Math.min(candle.low, price);
      }
      candle.close = price;
      out.push(candle);
    }
    return out;
  }

  const toMinuteCandles = (first: Date, walk: FloatCandle[], scale = 1): MinuteCandle[] =>
    walk.map((c, i) => {
      const openTime = new Date(first.getTime() + i * MINUTE_MS);
      return {
        openTime,
        open: units(c.open * scale),
        high: units(c.high * scale),
        low: units(c.low * scale),
        close: units(c.close * scale),
        volume: BigInt(Math.round(c.volume)),
        updatedAt: new Date(openTime.getTime() + MINUTE_MS),
      };
    });

  return {
    name: "simulated",
    pollEveryMs: SIMULATED_TICK_MS,
    async poll(last, now) {
      const current = minuteOf(now);
      if (!last) {
        // Walk from 1 and scale, so the history's last close is exactly the start price.
        const first = new Date(current.getTime() - historyMinutes * MINUTE_MS);
        const walk = walkMinutes(first, historyMinutes, 1);
        const candles = toMinuteCandles(first, walk, Number(options.startPrice) / walk[walk.length - 1]!.close);
        return {
          candles,
          ticks: [{ price: options.startPrice, volume: tickVolume(SIMULATED_TICK_MS / 1000, now), at: now }],
        };
      }
      // After downtime, the minutes nobody recorded (at most the history length) continue the walk.
      const firstMissing = Math.max(
        minuteOf(last.at).getTime() + MINUTE_MS,
        current.getTime() - historyMinutes * MINUTE_MS,
      );
      const missing = Math.max(0, (current.getTime() - firstMissing) / MINUTE_MS);
      const gap = walkMinutes(new Date(firstMissing), missing, Number(last.price));
      const from = gap.length
        ? { price: gap[gap.length - 1]!.close, at: current }
        : { price: Number(last.price), at: last.at };
      const seconds = Math.min(60, Math.max(0.1, (now.getTime() - from.at.getTime()) / 1000));
      return {
        candles: toMinuteCandles(new Date(firstMissing), gap),
        ticks: [{ price: units(step(from.price, seconds)), volume: tickVolume(seconds, now), at: now }],
      };
    },
  };
}
