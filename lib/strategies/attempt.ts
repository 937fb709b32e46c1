import type { Db } from "@/db/client";
import { strategyRuns, type Order, type Strategy } from "@/db/schema";
import { inSavepoint } from "@/db/transaction";
import { AppError } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { createNotification } from "@/lib/notifications/create";
import { marketAssets } from "@/lib/trading/market";
import type { OrderRequest } from "@/lib/trading/order-input";
import { placeOrder } from "@/lib/trading/place-order";
import { saveStrategy } from "./books";
import { strategyName } from "./views";

export type Attempt = { strategy: Strategy; order: Order } | { strategy: Strategy; skipped: string };

/**
 * Records a round that could not run and why. The user hears of it when a streak of one reason
 * begins, not at every round of it.
 */
export async function skip(db: Db, s: Strategy, key: string, reason: string): Promise<Attempt> {
  await db.insert(strategyRuns).values({ id: newId(), strategyId: s.id, key, outcome: "skipped", reason });
  if (s.lastSkipReason !== reason) {
    const name = strategyName(s, await marketAssets(db));
    await createNotification(db, {
      userId: s.userId,
      title: "A strategy round was skipped",
      category: "money",
      message: `${name}: ${reason}. It tries again at its next round.`,
    });
  }
  return {
    strategy: await saveStrategy(db, s.id, { roundsSkipped: s.roundsSkipped + 1, lastSkipReason: reason }),
    skipped: reason,
  };
}

/** Why a strategy's order was refused, as the user reads it: its reserve is all it can spend. */
const skipReason = (err: AppError) =>
  err.code === "INSUFFICIENT_FUNDS" ? "Its remaining budget does not cover the order" : err.message.replace(/\.$/, "");

/**
 * One order of a strategy's, through the trading service like any other (rules, daily limit,
 * stale-price halt), paid from the strategy's reserve account: the ledger refuses an order its
 * budget does not cover. A refusal writes nothing but the skip; the run's key, unique per
 * strategy, is written with the order, so the round happens once.
 */
export async function attempt(
  db: Db,
  s: Strategy,
  key: string,
  request: OrderRequest,
  gridLevel: number | null = null,
): Promise<Attempt> {
  // What an order took from the strategy's reserve: a market buy what it paid, a limit order what it holds.
  const spentBy = (o: Order) => (o.type === "market" ? o.cost! + o.fee! : o.held);
  const budget = (o: Order) => (o.side === "sell" ? s.reservedBase : s.reservedQuote);
  const name = strategyName(s, await marketAssets(db));
  let order: Order;
  try {
    order = (await inSavepoint(db, (sp) => placeOrder(sp, s.userId, request, { strategyId: s.id, name, gridLevel })))
      .order;
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return skip(db, s, key, skipReason(err));
    throw err;
  }
  await db.insert(strategyRuns).values({ id: newId(), strategyId: s.id, key, outcome: "ran", orderId: order.id });
  const left = budget(order) - spentBy(order);
  const changes = order.side === "sell" ? { reservedBase: left } : { reservedQuote: left };
  return {
    strategy: await saveStrategy(db, s.id, { ...changes, roundsRun: s.roundsRun + 1, lastSkipReason: null }),
    order,
  };
}
