import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { candleRollups, candles } from "@/db/schema";
import { queryParam } from "@/lib/core/query";
import { DEFAULT_INTERVAL, INTERVALS, isInterval, type Interval } from "./intervals";
import { SYMBOL } from "./ticks";
import { candleView, type CandleView } from "./views";

export const DEFAULT_KLINE_LIMIT = 300;
export const MAX_KLINE_LIMIT = 1000;

const columns = (t: typeof candles | typeof candleRollups) => ({
  openTime: t.openTime,
  open: t.open,
  high: t.high,
  low: t.low,
  close: t.close,
  volume: t.volume,
});

/** The latest `limit` candles of `interval` minutes, oldest first; an index range read at any interval. */
export async function getKlines(
  db: Db,
  interval: Interval,
  limit: number = DEFAULT_KLINE_LIMIT,
): Promise<CandleView[]> {
  const rows =
    interval === 1
      ? await db
          .select(columns(candles))
          .from(candles)
          .where(eq(candles.symbol, SYMBOL))
          .orderBy(desc(candles.openTime))
          .limit(limit)
      : await db
          .select(columns(candleRollups))
          .from(candleRollups)
          .where(and(eq(candleRollups.symbol, SYMBOL), eq(candleRollups.intervalMinutes, interval)))
          .orderBy(desc(candleRollups.openTime))
          .limit(limit);
  return rows.reverse().map(candleView);
}

const wholeNumber = (name: string) =>
  z
    .string()
    .regex(/^\d{1,7}$/, `${name} must be a whole number`)
    .transform(Number);

/** `?interval=&limit=` of GET /api/xaut/kline: interval in minutes (one of INTERVALS, default 5), limit 1 to 1000 (default 300). */
export const klineQuerySchema = z.object({
  interval: queryParam(
    wholeNumber("interval")
      .refine(isInterval, `interval must be one of ${INTERVALS.join(", ")} (minutes)`)
      .transform((n) => n as Interval)
      .default(DEFAULT_INTERVAL),
  ),
  limit: queryParam(
    wholeNumber("limit")
      .refine((n) => n >= 1 && n <= MAX_KLINE_LIMIT, `limit must be between 1 and ${MAX_KLINE_LIMIT}`)
      .default(DEFAULT_KLINE_LIMIT),
  ),
});
