import { desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders, strategies, strategyRuns, type Order, type Strategy } from "@/db/schema";
import { rulesFor } from "@/lib/trading/config";
import { currentQuote, type MarketAssets } from "@/lib/trading/market";
import { orderView } from "@/lib/trading/views";
import { resultsFor } from "./results";
import { strategyName, strategyView } from "./views";

/** One user's strategies as the API shows them, each with its results valued at that user's bid. */
export async function strategyViews(db: Db, userId: string, list: Strategy[]) {
  const { effective, market: m } = await rulesFor(db, userId);
  const quote = await currentQuote(db, effective.spreadBps);
  const results = await resultsFor(db, list.map((s) => s.id), quote?.bid ?? null, m);
  return list.map((s) => strategyView(s, m, results.get(s.id)!));
}

const RECENT = 50;

/** One strategy with its latest orders and rounds. */
export async function strategyDetail(db: Db, s: Strategy) {
  const [[view], recentOrders, runs, { market: m }] = await Promise.all([
    strategyViews(db, s.userId, [s]),
    db.select().from(orders).where(eq(orders.strategyId, s.id)).orderBy(desc(orders.createdAt)).limit(RECENT),
    db.select().from(strategyRuns).where(eq(strategyRuns.strategyId, s.id)).orderBy(desc(strategyRuns.at)).limit(RECENT),
    rulesFor(db, s.userId),
  ]);
  const name = strategyName(s, m);
  return {
    ...view!,
    orders: recentOrders.map((o) => orderView(o, m, { id: s.id, name })),
    runs: runs.map((r) => ({ key: r.key, outcome: r.outcome, reason: r.reason, orderId: r.orderId, at: r.at.toISOString() })),
  };
}

/** Orders as the API shows them, each a strategy placed named after it. */
export async function orderViews(db: Db, list: Order[], m: MarketAssets) {
  const ids = [...new Set(list.map((o) => o.strategyId).filter((id): id is string => id !== null))];
  const owners = ids.length ? await db.select().from(strategies).where(inArray(strategies.id, ids)) : [];
  const named = new Map(owners.map((s) => [s.id, { id: s.id, name: strategyName(s, m) }]));
  return list.map((o) => orderView(o, m, o.strategyId ? (named.get(o.strategyId) ?? null) : null));
}
