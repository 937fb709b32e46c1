import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { dateOf, query, type Int8, type Timestamp } from "@/db/raw";
import { candles } from "@/db/schema";
import { readEnv } from "@/lib/core/env";
import { bucketStart } from "./intervals";

/** The one market Aurum makes: XAUT priced in USDT. */
export const SYMBOL = "XAUTUSDT";

export const minuteOf = (at: Date) => bucketStart(at, 1);

export interface Tick {
  /** USDT smallest units per whole XAUT. */
  price: bigint;
  /** XAUT smallest units traded with this tick (0 when the feed gives none). */
  volume?: bigint;
  at: Date;
}

/**
 * Folds a tick into its one-minute candle (created by the minute's first tick). The longer
 * intervals are not refreshed here: feed data goes through `recordUpdate` in ingest.ts, which does both.
 */
export async function recordTick(db: Db, tick: Tick): Promise<void> {
  if (tick.price <= 0n) throw new Error(`tick price must be positive, got ${tick.price}`);
  const volume = tick.volume ?? 0n;
  await db
    .insert(candles)
    .values({
      symbol: SYMBOL,
      openTime: minuteOf(tick.at),
      open: tick.price,
      high: tick.price,
      low: tick.price,
      close: tick.price,
      volume,
      updatedAt: tick.at,
    })
    .onConflictDoUpdate({
      target: [candles.symbol, candles.openTime],
      set: {
        high: sql`greatest(${candles.high}, excluded.high)`,
        low: sql`least(${candles.low}, excluded.low)`,
        close: sql`excluded.close`,
        volume: sql`${candles.volume} + excluded.volume`,
        updatedAt: sql`greatest(${candles.updatedAt}, excluded.updated_at)`,
      },
    });
}

// Read before every order (db/raw.ts: written once, prepared once per connection).
const LAST_TICK = `select close, updated_at from candles where symbol = $1 order by open_time desc limit 1`;

/** The latest price and when it landed, or null before the first tick. */
export async function lastTick(db: Db): Promise<{ price: bigint; at: Date } | null> {
  const [row] = await query<{ close: Int8; updated_at: Timestamp }>(db, LAST_TICK, [SYMBOL]);
  return row ? { price: BigInt(row.close), at: dateOf(row.updated_at) } : null;
}

/** A price older than PRICE_STALE_SECONDS must not be traded on. */
export function isStale(
  at: Date,
  now: Date = new Date(),
  staleSeconds: number = readEnv().PRICE_STALE_SECONDS,
): boolean {
  return now.getTime() - at.getTime() > staleSeconds * 1000;
}
