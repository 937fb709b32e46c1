import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders, strategies, type Strategy } from "@/db/schema";
import { notFound } from "@/lib/http/errors";
import { post } from "@/lib/ledger/post";
import { holdLegs } from "@/lib/trading/legs";
import { BASE, marketAssets, QUOTE } from "@/lib/trading/market";
import { strategyName } from "./view";

/** Journals that move a strategy's budget between spot and hold; records list them with trades. */
export const STRATEGY_JOURNAL = "strategy";

const byId = (id: string, userId?: string) => and(eq(strategies.id, id), userId ? eq(strategies.userId, userId) : undefined);
const missing = () => notFound("Strategy not found");

/** The strategy; 404 when it is not there or (given `userId`) not theirs. */
export async function findStrategy(db: Db, id: string, userId?: string): Promise<Strategy> {
  const [s] = await db.select().from(strategies).where(byId(id, userId));
  if (!s) throw missing();
  return s;
}

/** The strategy, locked for this transaction; 404 as findStrategy. */
export async function lockStrategy(db: Db, id: string, userId?: string): Promise<Strategy> {
  const [s] = await db.select().from(strategies).where(byId(id, userId)).for("update");
  if (!s) throw missing();
  return s;
}

export async function saveStrategy(db: Db, id: string, changes: Partial<Strategy>): Promise<Strategy> {
  const [s] = await db.update(strategies).set(changes).where(eq(strategies.id, id)).returning();
  return s!;
}

/** Moves `amount` USDT of the user's into the strategy's hold (422 INSUFFICIENT_FUNDS when spot lacks it). */
export async function reserve(db: Db, s: Strategy, amount: bigint): Promise<Strategy> {
  const memo = `Reserved for ${strategyName(s, await marketAssets(db))}`;
  await post(db, { kind: STRATEGY_JOURNAL, reference: s.id, actorId: s.userId, memo, legs: holdLegs(s.userId, QUOTE, amount, "reserve") });
  return saveStrategy(db, s.id, { reservedQuote: s.reservedQuote + amount, funded: s.funded + amount });
}

/** Cancels the strategy's open orders, their reservations going back to the strategy's. */
export async function cancelOpenOrders(db: Db, s: Strategy): Promise<Strategy> {
  const open = await db
    .select()
    .from(orders)
    .where(and(eq(orders.strategyId, s.id), eq(orders.status, "open")))
    .for("update");
  if (!open.length) return s;
  await db
    .update(orders)
    .set({ status: "cancelled", cancelledAt: new Date() })
    .where(and(eq(orders.strategyId, s.id), eq(orders.status, "open")));
  const back = (side: "buy" | "sell") => open.filter((o) => o.side === side).reduce((sum, o) => sum + o.held, 0n);
  return saveStrategy(db, s.id, { reservedQuote: s.reservedQuote + back("buy"), reservedBase: s.reservedBase + back("sell") });
}

/** Returns all the strategy holds to the user's spot balances. */
export async function releaseAll(db: Db, s: Strategy): Promise<Strategy> {
  const legs = [...holdLegs(s.userId, QUOTE, s.reservedQuote, "release"), ...holdLegs(s.userId, BASE, s.reservedBase, "release")];
  if (legs.length) await post(db, { kind: STRATEGY_JOURNAL, reference: s.id, actorId: s.userId, memo: `Released from ${strategyName(s, await marketAssets(db))}`, legs });
  return saveStrategy(db, s.id, { reservedQuote: 0n, reservedBase: 0n });
}

