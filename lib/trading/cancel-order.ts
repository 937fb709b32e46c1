import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders, type Order } from "@/db/schema";
import { conflict, notFound } from "@/lib/core/errors";
import { cancelOpenOrders, lockOrders } from "./oco";
import { placedType } from "./views";

const KIND: Record<Order["type"], string> = { market: "Market", limit: "Limit", stop_limit: "Stop-limit" };

/**
 * Cancels one of the user's open orders and returns its hold to spot, in the caller's transaction;
 * cancelling either order of an OCO cancels both. The row locks make a cancel, a fill and a
 * trigger of the same order take turns: whichever comes second finds the order no longer open.
 */
export async function cancelOrder(db: Db, userId: string, orderId: string): Promise<Order> {
  // Read first for its pair, then locked with it in the one order every locker uses.
  const [found] = await db
    .select({ id: orders.id, ocoId: orders.ocoId })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!found) throw notFound("Order not found");
  const locked = (await lockOrders(db, found, { wait: true })) ?? [];
  const order = locked.find((o) => o.id === orderId);
  if (!order) throw notFound("Order not found");
  if (order.status !== "open") throw conflict(`This order is already ${order.status}`, "ORDER_NOT_OPEN");
  if (order.strategyId !== null)
    throw conflict(
      "This order belongs to one of your strategies: pause or stop the strategy on AI trading",
      "STRATEGY_ORDER",
    );
  const memo = order.ocoId ? `OCO ${order.side} cancelled` : `${KIND[placedType(order)]} ${order.side} cancelled`;
  const cancelled = await cancelOpenOrders(db, locked, memo);
  return cancelled.find((o) => o.id === orderId)!;
}
