import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { decimalString, isoTime } from "@/lib/core/answers";
import { queryParam } from "@/lib/core/query";
import { formatAmount } from "@/lib/core/amount";
import { DAY_MS } from "@/lib/core/time";
import { marketAssets } from "./market";

/** How many of Aurum's latest trades one request may ask for. */
export const MAX_PUBLIC_TRADES = 50;

export const publicTradesQuerySchema = z.object({
  limit: queryParam(
    z.coerce
      .number({ error: "limit must be a number" })
      .int("limit must be a whole number")
      .min(1, "limit must be at least 1")
      .max(MAX_PUBLIC_TRADES, `limit can be at most ${MAX_PUBLIC_TRADES}`)
      .default(20),
  ),
});

/**
 * One of Aurum's fills as anyone signed in sees it: when, which way, at what price and how much.
 * Anonymous on purpose: no order id, user or strategy, so nothing leads back to who traded.
 */
export const publicTradeSchema = z.object({
  at: isoTime,
  side: z.enum(["buy", "sell"]),
  /** USDT per XAUt the order filled at. */
  price: decimalString,
  /** XAUt. */
  quantity: decimalString,
});
export type PublicTrade = z.infer<typeof publicTradeSchema>;

/** What Aurum's own users traded in the last 24 hours: XAUt, its USDT before fees, and how many fills. */
export const aurumVolumeSchema = z.object({
  quantity: decimalString,
  notional: decimalString,
  trades: z.number().int(),
});
export type AurumVolume = z.infer<typeof aurumVolumeSchema>;

/**
 * The two reads of filled orders, kept as queries so a test can ask the planner how it runs them:
 * both read `orders_filled_idx` (filled orders by fill time) rather than every order ever placed.
 */
export function latestFills(db: Db, limit: number) {
  return db
    .select({ at: orders.filledAt, side: orders.side, price: orders.fillPrice, quantity: orders.quantity })
    .from(orders)
    .where(eq(orders.status, "filled"))
    .orderBy(desc(orders.filledAt), desc(orders.id))
    .limit(limit);
}

export function fillsSince(db: Db, since: Date) {
  return db
    .select({
      quantity: sql<string>`coalesce(sum(${orders.quantity}), 0)::text`,
      notional: sql<string>`coalesce(sum(${orders.cost}), 0)::text`,
      trades: count(),
    })
    .from(orders)
    .where(and(eq(orders.status, "filled"), gt(orders.filledAt, since)));
}

/** Aurum's latest fills, newest first, anonymous (see PublicTrade). */
export async function recentPublicTrades(db: Db, limit: number): Promise<PublicTrade[]> {
  const [m, rows] = await Promise.all([marketAssets(db), latestFills(db, limit)]);
  return rows.map((r) => ({
    at: r.at!.toISOString(),
    side: r.side,
    price: formatAmount(r.price!, m.quoteDecimals),
    quantity: formatAmount(r.quantity, m.baseDecimals),
  }));
}

/** Aurum's own volume over the 24 hours before `now` (the ticker's volume is the feed's, the wider market's). */
export async function aurumVolume24h(db: Db, now: Date = new Date()): Promise<AurumVolume> {
  const [m, [row]] = await Promise.all([marketAssets(db), fillsSince(db, new Date(now.getTime() - DAY_MS))]);
  return {
    quantity: formatAmount(BigInt(row?.quantity ?? "0"), m.baseDecimals),
    notional: formatAmount(BigInt(row?.notional ?? "0"), m.quoteDecimals),
    trades: Number(row?.trades ?? 0),
  };
}
