import type { MinuteCandle } from "./store";
import type { Tick } from "./ticks";

/** What a feed saw since the last recorded price: whole minutes to store as given, then ticks to fold in. */
export interface FeedUpdate {
  candles: MinuteCandle[];
  ticks: Tick[];
}

export interface LastPrice {
  price: bigint;
  at: Date;
}

/** A source of XAUT/USDT prices. Adapters: `simulatedFeed` (the default) and `exchangeFeed`. */
export interface PriceFeed {
  readonly name: string;
  /** How often ingestion asks the feed for news. */
  readonly pollEveryMs: number;
  /**
   * What happened since `last` (null on an empty database, where the feed brings what history it
   * can so a fresh install has a chart). Throws a `FeedError` when the source fails.
   */
  poll(last: LastPrice | null, now: Date): Promise<FeedUpdate>;
}

/** The feed's source failed (unreachable, slow, an error status or a malformed answer); nothing was recorded. */
export class FeedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "FeedError";
  }
}
