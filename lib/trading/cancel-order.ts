import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders, type Order } from "@/db/schema";
import { conflict, notFound } from "@/lib/core/errors";
import { post } from "@/lib/ledger/post";
import { publish } from "@/lib/realtime/publish";
import { holdLegs } from "./legs";
import { BASE, QUOTE } from "@/lib/ledger/assets";

/**
 * Cancels one of the user's open limit orders and returns its hold to spot, in the caller's
 * transaction. The row lock makes a cancel and a fill of the same order take turns: whichever
 * comes second finds the order no longer open.
 */
export async function cancelOrder(db: Db, userId: string, orderId: string): Promise<Order> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .for("update");
  if (!order) throw notFound("Order not found");
  if (order.status !== "open") throw conflict(`This order is already ${order.status}`, "ORDER_NOT_OPEN");
  if (order.strategyId !== null)
    throw conflict(
      "This order belongs to one of your strategies: pause or stop the strategy on AI trading",
      "STRATEGY_ORDER",
    );
  await post(db, {
    kind: "trade",
    reference: order.id,
    actorId: userId,
    memo: `Limit ${order.side} cancelled`,
    legs: holdLegs(userId, order.side === "buy" ? QUOTE : BASE, order.held, "release"),
  });
  const [cancelled] = await db
    .update(orders)
    .set({ status: "cancelled", cancelledAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  await publish(db, { to: { userId }, event: "balance", data: { reason: "order.cancelled", orderId: order.id } });
  return cancelled!;
}
