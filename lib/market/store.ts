import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { SYMBOL } from "./ticks";
import type { CandleRow } from "./views";

/** A whole one-minute candle as a feed reports it (prices in USDT units per XAUT, volume in XAUT units). */
export interface MinuteCandle extends CandleRow {
  /** When this minute's data was last current: its end for a finished minute, now for the running one. */
  updatedAt: Date;
}

// Rows per statement: large enough that 90 days of minutes store in about a second on PGlite.
const BATCH = 5_000;

/**
 * Stores whole minutes, replacing what was there: a feed that reports candles (an exchange's klines,
 * generated history) knows each minute's final figures, unlike a tick, which is folded in.
 * One parameter per batch (JSON), so a batch is one round trip on both drivers.
 */
export async function storeMinuteCandles(db: Db, candles: MinuteCandle[]): Promise<void> {
  // One statement may not upsert a row twice: of repeated minutes, the last one reported stands.
  const rows = [...new Map(candles.map((c) => [c.openTime.getTime(), c])).values()];
  for (let i = 0; i < rows.length; i += BATCH) {
    const json = JSON.stringify(
      rows.slice(i, i + BATCH).map((c) => ({
        t: c.openTime.toISOString(),
        o: c.open.toString(),
        h: c.high.toString(),
        l: c.low.toString(),
        c: c.close.toString(),
        v: c.volume.toString(),
        u: c.updatedAt.toISOString(),
      })),
    );
    await db.execute(sql`
      insert into candles (symbol, open_time, open, high, low, close, volume, updated_at)
      select ${SYMBOL}, r.t, r.o, r.h, r.l, r.c, r.v, r.u
      from jsonb_to_recordset(${json}::jsonb) as r(t timestamptz, o bigint, h bigint, l bigint, c bigint, v bigint, u timestamptz)
      on conflict (symbol, open_time) do update set
        open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close,
        volume = excluded.volume, updated_at = excluded.updated_at`);
  }
}
