import type { Db } from "@/db/client";
import { INTERVALS } from "./intervals";
import { getKlines } from "./klines";
import { getTicker, type Ticker } from "./ticker";
import type { CandleView } from "./views";

/** What a price event carries: the ticker, and the running candle of every interval keyed by its minutes. */
export interface MarketSnapshot {
  ticker: Ticker;
  candles: Record<string, CandleView>;
}

/** The ticker and the latest candle at each interval (an index lookup each), or null before the first price. */
export async function marketSnapshot(db: Db, now: Date = new Date()): Promise<MarketSnapshot | null> {
  const ticker = await getTicker(db, now);
  if (!ticker) return null;
  const latest = await Promise.all(
    INTERVALS.map(async (interval) => [interval, (await getKlines(db, interval, 1))[0]] as const),
  );
  const candles: Record<string, CandleView> = {};
  for (const [interval, candle] of latest) if (candle) candles[interval] = candle;
  return { ticker, candles };
}
