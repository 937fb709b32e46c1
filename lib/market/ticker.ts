import { z } from "zod";
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { candles } from "@/db/schema";
import { formatAmount } from "@/lib/core/amount";
import { decimalString, isoTime } from "@/lib/core/answers";
import { isStale, lastTick, SYMBOL } from "./ticks";
import { priceString, VOLUME_DECIMALS } from "./views";
import { DAY_MS } from "@/lib/core/time";

/** The market at a glance: last price and its 24 hours, as the API sends it. */
export const tickerSchema = z.object({
  symbol: z.string(),
  price: decimalString,
  /** Percent change over the 24 hours, two decimals, e.g. "-0.42". */
  change24h: decimalString,
  open24h: decimalString,
  high24h: decimalString,
  low24h: decimalString,
  volume24h: decimalString,
  /** When the last price landed. */
  at: isoTime,
  /** No price for PRICE_STALE_SECONDS: trading is halted until the feed recovers. */
  stale: z.boolean(),
});

export type Ticker = z.infer<typeof tickerSchema>;

/** (to - from) / from in percent, rounded half away from zero to two decimals, computed exactly. */
export function percentChange(from: bigint, to: bigint): string {
  const scaled = ((to - from) * 20_000n) / from; // basis points times two
  const bp = (scaled + (scaled < 0n ? -1n : 1n)) / 2n;
  const sign = bp < 0n ? "-" : "";
  return sign + formatAmount(bp < 0n ? -bp : bp, 2);
}

const asBigint = (v: unknown) => BigInt(v as string | number | bigint);

/**
 * The last price and the 24 hours of minutes up to it (not up to now: a feed that has been down
 * a day still shows its last day, flagged stale). Null before the first price.
 */
export async function getTicker(db: Db, now: Date = new Date()): Promise<Ticker | null> {
  const last = await lastTick(db);
  if (!last) return null;
  const [day] = await db
    .select({
      open: sql`(array_agg(${candles.open} order by ${candles.openTime}))[1]`.mapWith(asBigint),
      high: sql`max(${candles.high})`.mapWith(asBigint),
      low: sql`min(${candles.low})`.mapWith(asBigint),
      volume: sql`coalesce(sum(${candles.volume}), 0)`.mapWith(asBigint),
    })
    .from(candles)
    .where(
      and(
        eq(candles.symbol, SYMBOL),
        gt(candles.openTime, new Date(last.at.getTime() - DAY_MS)),
        lte(candles.openTime, last.at),
      ),
    );
  const open = day?.open ?? last.price;
  return {
    symbol: SYMBOL,
    price: priceString(last.price),
    change24h: percentChange(open, last.price),
    open24h: priceString(open),
    high24h: priceString(day?.high ?? last.price),
    low24h: priceString(day?.low ?? last.price),
    volume24h: formatAmount(day?.volume ?? 0n, VOLUME_DECIMALS),
    at: last.at.toISOString(),
    stale: isStale(last.at, now),
  };
}
