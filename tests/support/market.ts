import { candleRollups, candles } from "@/db/schema";
import type { Db } from "@/db/client";
import type { MinuteCandle } from "@/lib/market/store";
import type { CandleView } from "@/lib/market/views";
import { candleView } from "@/lib/market/views";

/** Empties the market tables, for tests that need to know every candle there is. */
export async function clearMarket(db: Db): Promise<void> {
  await db.delete(candleRollups);
  await db.delete(candles);
}

/** Aggregates one-minute candles into `interval`-minute candles the slow, obvious way. */
export function bruteForceAggregate(minutes: MinuteCandle[], interval: number): CandleView[] {
  const size = interval * 60_000;
  const buckets = new Map<number, MinuteCandle[]>();
  for (const m of [...minutes].sort((a, b) => a.openTime.getTime() - b.openTime.getTime())) {
    const start = Math.floor(m.openTime.getTime() / size) * size;
    buckets.set(start, [...(buckets.get(start) ?? []), m]);
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, ms]) =>
      candleView({
        openTime: new Date(start),
        open: ms[0]!.open,
        high: ms.reduce((h, m) => (m.high > h ? m.high : h), ms[0]!.high),
        low: ms.reduce((l, m) => (m.low < l ? m.low : l), ms[0]!.low),
        close: ms[ms.length - 1]!.close,
        volume: ms.reduce((v, m) => v + m.volume, 0n),
      }),
    );
}
