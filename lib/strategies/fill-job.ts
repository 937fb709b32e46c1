import { and, asc, eq, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders, tradeConfigs, users } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import type { Job } from "@/lib/jobs/runner";
import { isStale, lastTick } from "@/lib/market/ticks";
import { getSettings } from "@/lib/settings";
import { lockStrategy } from "@/lib/strategies/books";
import { answerFill } from "@/lib/strategies/rounds";
import { strategyName } from "@/lib/strategies/views";
import { rulesFor } from "@/lib/trading/config";
import { crosses, fillLimitOrder } from "@/lib/trading/fill-limit";
import { noticeFilled } from "@/lib/trading/fill-notice";
import { cancelOpenOrders, lockOrders } from "@/lib/trading/oco";
import { triggerReachedStops } from "@/lib/trading/stop-scan";
import { currentQuote } from "@/lib/trading/market";
import { askOf, bidOf } from "@/lib/trading/pricing";

const BATCH = 200;

/**
 * Open limit orders the last price reaches under their owner's spread and trading switch, oldest
 * first, so only real candidates are read. The ask and bid come from the pricing module (one per
 * spread in force: the site's and any user's own), never from arithmetic redone in SQL, so the
 * scan and the fill cannot round apart. A disabled account's orders wait, their funds on hold: no
 * money moves on a frozen account.
 */
async function candidates(
  db: Db,
  price: bigint,
): Promise<{ id: string; strategyId: string | null; ocoId: string | null }[]> {
  const { trading } = await getSettings(db);
  const overrides = await db
    .selectDistinct({ spreadBps: tradeConfigs.spreadBps })
    .from(tradeConfigs)
    .where(isNotNull(tradeConfigs.spreadBps));
  const spreads = new Set([trading.spreadBps, ...overrides.map((o) => o.spreadBps!)]);
  const spread = sql`coalesce(${tradeConfigs.spreadBps}, ${trading.spreadBps})`;
  // Prices are bigints: inlined as integer literals so both drivers compare them the same.
  const literal = (units: bigint) => sql.raw(units.toString());
  const reached = [...spreads].map((s) =>
    and(
      sql`${spread} = ${s}`,
      or(
        and(eq(orders.side, "buy"), sql`${orders.limitPrice} >= ${literal(askOf(price, s))}`),
        and(eq(orders.side, "sell"), sql`${orders.limitPrice} <= ${literal(bidOf(price, s))}`),
      ),
    ),
  );
  const rows = await db
    .select({ id: orders.id, strategyId: orders.strategyId, ocoId: orders.ocoId })
    .from(orders)
    .innerJoin(users, and(eq(users.id, orders.userId), eq(users.status, "active")))
    .leftJoin(tradeConfigs, eq(tradeConfigs.userId, orders.userId))
    .where(and(eq(orders.status, "open"), sql`coalesce(${tradeConfigs.enabled}, ${trading.enabled})`, or(...reached)))
    .orderBy(asc(orders.createdAt))
    .limit(BATCH);
  return rows;
}

/**
 * Fills one order if it is still open and still crosses, each in its own transaction. Another
 * runner working on the same order holds its row lock (SKIP LOCKED passes over it) or has already
 * filled it (the status condition no longer matches): either way it fills exactly once. A
 * strategy's order locks its strategy first (as pausing and stopping do), and the strategy's
 * answer to the fill commits with it. An OCO's order is locked with its other half, which the
 * fill cancels.
 */
async function fillOne(db: Db, orderId: string, strategyId: string | null, ocoId: string | null): Promise<boolean> {
  return runTransaction(db, async (tx) => {
    const strategy = strategyId ? await lockStrategy(tx, strategyId) : null;
    const locked = await lockOrders(tx, { id: orderId, ocoId }, { wait: false });
    const order = locked?.find((o) => o.id === orderId);
    if (!locked || order?.status !== "open") return false;
    // Checked again under the order's lock: the account may have been disabled since the scan.
    const [owner] = await tx.select({ status: users.status }).from(users).where(eq(users.id, order.userId));
    if (owner?.status !== "active") return false;
    const { effective, market } = await rulesFor(tx, order.userId);
    if (!effective.enabled) return false;
    const quote = await currentQuote(tx, effective.spreadBps);
    if (!quote || quote.stale || !crosses(order, quote)) return false;
    const filled = await fillLimitOrder(
      tx,
      order,
      quote,
      market,
      strategy ? strategyName(strategy, market) : undefined,
    );
    if (strategy) await answerFill(tx, strategy, filled.order, filled.fill);
    else await noticeFilled(tx, filled.order, filled.fill, market);
    const other = locked.filter((o) => o.id !== orderId);
    await cancelOpenOrders(tx, other, `OCO ${order.side}: the other order was cancelled, the limit order filled`);
    return true;
  });
}

/**
 * One pass over the open orders: triggers the stops the feed has reached (a triggered stop whose
 * limit the quote already crosses fills then), then fills the limit orders it has reached.
 * Returns how many limit orders this pass filled.
 */
export async function fillCrossedOrders(db: Db): Promise<number> {
  const tick = await lastTick(db);
  // A stale price fills and triggers nothing, as it trades nothing.
  if (!tick || isStale(tick.at)) return 0;
  await triggerReachedStops(db, tick);
  let filled = 0;
  for (const { id, strategyId, ocoId } of await candidates(db, tick.price)) {
    if (await fillOne(db, id, strategyId, ocoId)) filled++;
  }
  return filled;
}

export const limitOrderJob: Job = {
  name: "trading.fill-limit-orders",
  everyMs: 1_000,
  run: async (db) => {
    await fillCrossedOrders(db);
  },
};
