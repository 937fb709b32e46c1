import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders, type Order } from "@/db/schema";
import { post } from "@/lib/ledger/post";
import { publish } from "@/lib/realtime/publish";
import { fillLegs } from "./legs";
import type { MarketAssets, Quote } from "./market";
import { buyFill, sellFill, type Fill } from "./pricing";

/** The feed has reached the order's price: the ask at or below a buy's limit, the bid at or above a sell's. */
export function crosses(order: Pick<Order, "side" | "limitPrice">, quote: Pick<Quote, "bid" | "ask">): boolean {
  if (order.limitPrice === null) return false;
  return order.side === "buy" ? quote.ask <= order.limitPrice : quote.bid >= order.limitPrice;
}

/**
 * Fills an open limit order at the current ask or bid (never worse than its limit), paying from
 * its hold. The caller holds the order's row lock, in this transaction, and has checked that the
 * quote crosses; the status condition on the update is the last guard against a second fill.
 */
export async function fillLimitOrder(db: Db, order: Order, quote: Quote, m: MarketAssets): Promise<{ order: Order; fill: Fill }> {
  if (!crosses(order, quote)) throw new Error(`order ${order.id} does not cross the quote`);
  const fill = order.side === "buy" ? buyFill(order.quantity, quote.ask, order.feeBps, m.unit) : sellFill(order.quantity, quote.bid, order.feeBps, m.unit);
  const posted = await post(db, {
    kind: "trade",
    reference: order.id,
    actorId: order.userId,
    memo: `Limit ${order.side} filled`,
    legs: fillLegs(order.userId, order.side, fill, { kind: "hold", held: order.held }),
  });
  const [filled] = await db
    .update(orders)
    .set({ status: "filled", fillPrice: fill.price, cost: fill.cost, fee: fill.fee, journalId: posted.journal.id, filledAt: new Date() })
    .where(and(eq(orders.id, order.id), eq(orders.status, "open")))
    .returning();
  if (!filled) throw new Error(`order ${order.id} was no longer open`);
  await publish(db, { to: { userId: order.userId }, event: "balance", data: { reason: "order.filled", orderId: order.id } });
  return { order: filled, fill };
}
