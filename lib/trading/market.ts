import { inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { isTransaction } from "@/db/transaction";
import { assets } from "@/db/schema";
import { AppError } from "@/lib/core/errors";
import { isStale, lastTick, type Tick } from "@/lib/market/ticks";
import { BASE, QUOTE } from "@/lib/ledger/assets";
import { askOf, bidOf } from "./pricing";

export interface MarketAssets {
  baseDecimals: number;
  quoteDecimals: number;
  /** XAUT smallest units in one whole XAUT. */
  unit: bigint;
}

// An asset's decimals never change once it holds money (migrations fix them): read them once.
let cached: { assets: Promise<MarketAssets>; done: boolean } | undefined;

function readMarketAssets(db: Db): Promise<MarketAssets> {
  return db
    .select()
    .from(assets)
    .where(inArray(assets.code, [BASE, QUOTE]))
    .then((rows) => {
      const base = rows.find((a) => a.code === BASE);
      const quote = rows.find((a) => a.code === QUOTE);
      if (!base || !quote) throw new Error(`assets ${BASE} and ${QUOTE} must exist`);
      return { baseDecimals: base.decimals, quoteDecimals: quote.decimals, unit: 10n ** BigInt(base.decimals) };
    });
}

/**
 * The market's decimals. A transaction takes the kept ones only once their read has finished: a read
 * still under way may be queued for the connection the transaction holds (see lib/settings/cache).
 */
export function marketAssets(db: Db): Promise<MarketAssets> {
  if (cached?.done) return cached.assets;
  if (isTransaction(db)) return readMarketAssets(db);
  if (cached) return cached.assets;
  const entry = { assets: readMarketAssets(db), done: false };
  cached = entry;
  entry.assets.then(
    () => {
      entry.done = true;
    },
    () => {
      if (cached === entry) cached = undefined;
    },
  );
  return entry.assets;
}

export interface Quote {
  /** The feed's last price, USDT smallest units per whole XAUT. */
  price: bigint;
  bid: bigint;
  ask: bigint;
  at: Date;
  stale: boolean;
}

/** A feed price with this spread applied, or null before the feed's first tick. */
export function quoteOf(tick: Tick | null, spreadBps: number, now: Date = new Date()): Quote | null {
  if (!tick) return null;
  return {
    price: tick.price,
    bid: bidOf(tick.price, spreadBps),
    ask: askOf(tick.price, spreadBps),
    at: tick.at,
    stale: isStale(tick.at, now),
  };
}

/** The last feed price with this spread applied, or null before the feed's first tick. */
export async function currentQuote(db: Db, spreadBps: number, now: Date = new Date()): Promise<Quote | null> {
  return quoteOf(await lastTick(db), spreadBps, now);
}

/** The quote to trade on: refused (422) when there is no price or it is stale, so trading halts. */
export function tradable(quote: Quote | null): Quote {
  if (!quote) throw new AppError(422, "PRICE_UNAVAILABLE", "Trading is paused: there is no market price yet");
  if (quote.stale)
    throw new AppError(
      422,
      "PRICE_STALE",
      "Trading is paused: the market price is out of date. Please try again shortly",
    );
  return quote;
}

/** The current quote to trade on (see `tradable`). */
export async function tradableQuote(db: Db, spreadBps: number): Promise<Quote> {
  return tradable(await currentQuote(db, spreadBps));
}
