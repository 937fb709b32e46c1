import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { accounts, orders, strategies, type Strategy } from "@/db/schema";
import { notFound } from "@/lib/core/errors";
import { post, type Leg } from "@/lib/ledger/post";
import { moveLegs, type Place } from "@/lib/trading/legs";
import { marketAssets } from "@/lib/trading/market";
import { BASE, QUOTE } from "@/lib/ledger/assets";
import { strategyName } from "./views";
import { publish } from "@/lib/realtime/publish";

/**
 * Journals that move a strategy's budget between spot and its reserve (and its orders' holds back
 * to it); records list them with trades.
 */
export const STRATEGY_JOURNAL = "strategy";

const byId = (id: string, userId?: string) =>
  and(eq(strategies.id, id), userId ? eq(strategies.userId, userId) : undefined);
const missing = () => notFound("Strategy not found");
const reserveOf = (s: Strategy): Place => ({ reserve: s.id });

async function postFor(db: Db, s: Strategy, memo: (name: string) => string, legs: Leg[]): Promise<void> {
  if (!legs.length) return;
  await post(db, {
    kind: STRATEGY_JOURNAL,
    reference: s.id,
    actorId: s.userId,
    memo: memo(strategyName(s, await marketAssets(db))),
    legs,
  });
  await publish(db, { to: { userId: s.userId }, event: "balance", data: { reason: "strategy", strategyId: s.id } });
}

/**
 * A strategy started before reserve accounts existed, or by the previous version during a rolling
 * upgrade, holds its budget in the user's hold account. The first time it is locked after (the
 * caller holds its row lock), that budget moves to its own reserve accounts, once: from then on it
 * has a reserve account.
 */
export async function moveLegacyBudget(db: Db, s: Strategy): Promise<void> {
  if ((s.status !== "running" && s.status !== "paused") || (s.reservedQuote === 0n && s.reservedBase === 0n)) return;
  const [own] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.strategyId, s.id)).limit(1);
  if (own) return;
  const legs = [
    ...moveLegs(s.userId, QUOTE, s.reservedQuote, "hold", reserveOf(s)),
    ...moveLegs(s.userId, BASE, s.reservedBase, "hold", reserveOf(s)),
  ];
  await postFor(db, s, (name) => `Moved from hold to the reserve of ${name}`, legs);
}

/** The strategy; 404 when it is not there or (given `userId`) not theirs. */
export async function findStrategy(db: Db, id: string, userId?: string): Promise<Strategy> {
  const [s] = await db.select().from(strategies).where(byId(id, userId));
  if (!s) throw missing();
  return s;
}

/** The strategy, locked for this transaction, its budget in its reserve accounts; 404 as findStrategy. */
export async function lockStrategy(db: Db, id: string, userId?: string): Promise<Strategy> {
  const [s] = await db.select().from(strategies).where(byId(id, userId)).for("update");
  if (!s) throw missing();
  await moveLegacyBudget(db, s);
  return s;
}

export async function saveStrategy(db: Db, id: string, changes: Partial<Strategy>): Promise<Strategy> {
  const [s] = await db.update(strategies).set(changes).where(eq(strategies.id, id)).returning();
  return s!;
}

/** Moves `amount` USDT of the user's spot into the strategy's reserve (422 INSUFFICIENT_FUNDS when spot lacks it). */
export async function reserve(db: Db, s: Strategy, amount: bigint): Promise<Strategy> {
  await postFor(db, s, (name) => `Reserved for ${name}`, moveLegs(s.userId, QUOTE, amount, "spot", reserveOf(s)));
  return saveStrategy(db, s.id, { reservedQuote: s.reservedQuote + amount, funded: s.funded + amount });
}

/** Cancels the strategy's open orders, their holds going back to its reserve. */
export async function cancelOpenOrders(db: Db, s: Strategy): Promise<Strategy> {
  const open = await db
    .select()
    .from(orders)
    .where(and(eq(orders.strategyId, s.id), eq(orders.status, "open")))
    .for("update");
  if (!open.length) return s;
  const back = (side: "buy" | "sell") => open.filter((o) => o.side === side).reduce((sum, o) => sum + o.held, 0n);
  const legs = [
    ...moveLegs(s.userId, QUOTE, back("buy"), "hold", reserveOf(s)),
    ...moveLegs(s.userId, BASE, back("sell"), "hold", reserveOf(s)),
  ];
  await postFor(db, s, (name) => `Orders of ${name} cancelled`, legs);
  // After the posting, as every path writes its orders: the day's trading total (a trigger on
  // orders) is then locked after the accounts everywhere, and no two paths wait on each other.
  await db
    .update(orders)
    .set({ status: "cancelled", cancelledAt: new Date() })
    .where(and(eq(orders.strategyId, s.id), eq(orders.status, "open")));
  return saveStrategy(db, s.id, {
    reservedQuote: s.reservedQuote + back("buy"),
    reservedBase: s.reservedBase + back("sell"),
  });
}

/** Returns everything in the strategy's reserve to the user's spot balances. */
export async function releaseAll(db: Db, s: Strategy): Promise<Strategy> {
  const legs = [
    ...moveLegs(s.userId, QUOTE, s.reservedQuote, reserveOf(s), "spot"),
    ...moveLegs(s.userId, BASE, s.reservedBase, reserveOf(s), "spot"),
  ];
  await postFor(db, s, (name) => `Released from ${name}`, legs);
  return saveStrategy(db, s.id, { reservedQuote: 0n, reservedBase: 0n });
}
