import type { Db } from "@/db/client";
import { runTransaction } from "@/db/transaction";
import type { Job } from "@/lib/jobs/runner";
import { acquireLease } from "@/lib/jobs/lease";
import { publish } from "@/lib/realtime/publish";
import { PRICE_EVENT } from "./events";
import { FeedError, type FeedUpdate, type PriceFeed } from "./feed";
import { refreshRollups } from "./rollups";
import { marketSnapshot, type MarketSnapshot } from "./snapshot";
import { storeMinuteCandles } from "./store";
import { isStale, lastTick, minuteOf, recordTick } from "./ticks";
import { log } from "@/lib/core/log";

export const PRICE_JOB = "price-ingestion";
export { PRICE_EVENT };

/** Writes a feed's update in one transaction: whole minutes, then ticks, then the rollups over the minutes touched. */
export async function recordUpdate(db: Db, update: FeedUpdate): Promise<void> {
  const minutes = [...update.candles.map((c) => c.openTime), ...update.ticks.map((t) => minuteOf(t.at))].map((d) =>
    d.getTime(),
  );
  if (minutes.length === 0) return;
  // Not Math.min(...minutes): 90 days of minutes are too many arguments for one call.
  const from = minutes.reduce((a, b) => Math.min(a, b));
  const to = minutes.reduce((a, b) => Math.max(a, b));
  await runTransaction(db, async (tx) => {
    await storeMinuteCandles(tx, update.candles);
    for (const tick of update.ticks) await recordTick(tx, tick);
    await refreshRollups(tx, new Date(from), new Date(to));
  });
}

/** One round of ingestion: asks the feed what happened since the last price, records it, tells the clients. */
export async function ingestPrices(db: Db, feed: PriceFeed, now: Date = new Date()): Promise<MarketSnapshot | null> {
  const update = await feed.poll(await lastTick(db), now);
  await recordUpdate(db, update);
  const snapshot = await marketSnapshot(db, now);
  if (snapshot) await publish(db, { to: { all: true }, event: PRICE_EVENT, data: snapshot });
  return snapshot;
}

/**
 * The recurring ingestion, one instance at a time (the runner's lease). A failing feed is logged
 * when it starts and stops failing, not every few seconds; while the price is stale the clients are
 * told so, since no fresh price will tell them.
 */
export function priceIngestionJob(feed: PriceFeed): Job {
  let failing = false;
  return {
    name: PRICE_JOB,
    everyMs: feed.pollEveryMs,
    async run(db) {
      try {
        await ingestPrices(db, feed);
        if (failing) log.info({ feed: feed.name }, "price feed recovered");
        failing = false;
      } catch (err) {
        if (!(err instanceof FeedError)) throw err;
        if (!failing) log.warn({ feed: feed.name, reason: err.message }, "price feed failing");
        failing = true;
        const snapshot = await marketSnapshot(db);
        if (snapshot?.ticker.stale) await publish(db, { to: { all: true }, event: PRICE_EVENT, data: snapshot });
      }
    },
  };
}

/**
 * Before the app serves its first chart: on an empty database brings the feed's history in (a few
 * seconds for the simulated 90 days), and after downtime the minutes missed, unless another
 * instance keeps the price fresh. Takes the ingestion lease for `holder`, so of several instances
 * starting together one does it; a failing feed is logged and the app starts anyway.
 */
export async function primeMarket(db: Db, feed: PriceFeed, holder: string): Promise<void> {
  const last = await lastTick(db);
  if (last && !isStale(last.at)) return;
  if (!(await acquireLease(db, PRICE_JOB, holder, 120_000))) return;
  try {
    await ingestPrices(db, feed);
  } catch (err) {
    if (!(err instanceof FeedError)) throw err;
    log.warn({ feed: feed.name, reason: err.message }, "price feed failing");
  }
}
