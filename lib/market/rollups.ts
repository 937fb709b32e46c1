import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { INTERVALS } from "./intervals";
import { SYMBOL } from "./ticks";

const EPOCH = sql.raw(`timestamptz '1970-01-01 00:00:00+00'`);

// Each interval is built from the one before it (every interval divides the next): 5 from 1,
// 15 from 5, …, 1440 from 240. Aggregating aggregates gives the same candles as aggregating the
// minutes, over far fewer rows.
const CASCADE = INTERVALS.slice(1).map((interval, i) => ({ interval, source: INTERVALS[i]! }));

function sourceRows(source: number): SQL {
  return source === 1
    ? sql`select open_time, open, high, low, close, volume from candles where symbol = ${SYMBOL}`
    : sql`select open_time, open, high, low, close, volume from candle_rollups where symbol = ${SYMBOL} and interval_minutes = ${source}`;
}

/**
 * Recomputes every longer-interval candle whose bucket overlaps the minutes `from`..`to`
 * (inclusive) from the candles below it. Every write of minutes is followed by this over the
 * same range, so a rollup always equals the aggregate of its minutes: open of the first, close of
 * the last, highest high, lowest low, summed volume.
 */
export async function refreshRollups(db: Db, from: Date, to: Date): Promise<void> {
  for (const { interval, source } of CASCADE) {
    const size = sql.raw(`interval '${interval} minutes'`);
    const bucket = sql`date_bin(${size}, s.open_time, ${EPOCH})`;
    await db.execute(sql`
      insert into candle_rollups (symbol, interval_minutes, open_time, open, high, low, close, volume)
      select ${SYMBOL}, ${interval}::int, ${bucket},
        (array_agg(s.open order by s.open_time))[1], max(s.high), min(s.low),
        (array_agg(s.close order by s.open_time desc))[1], sum(s.volume)
      from (${sourceRows(source)}) s
      where s.open_time >= date_bin(${size}, ${from.toISOString()}::timestamptz, ${EPOCH})
        and s.open_time < date_bin(${size}, ${to.toISOString()}::timestamptz, ${EPOCH}) + ${size}
      group by ${bucket}
      on conflict (symbol, interval_minutes, open_time) do update set
        open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume`);
  }
}
