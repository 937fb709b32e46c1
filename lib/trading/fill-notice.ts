import type { Db } from "@/db/client";
import type { Order } from "@/db/schema";
import { createNotification } from "@/lib/notifications/create";
import type { MarketAssets } from "./market";
import { fmt } from "./order-checks";
import type { Fill } from "./pricing";

const kindOf = (order: Order) => (order.ocoId ? "OCO " : "") + (order.stopPrice !== null ? "stop-limit" : "limit");

/**
 * Tells the user an order the fill job filled while they were away, in the fill's transaction
 * (pushed to their devices by their choice for money). Orders filled when placed are answered to
 * the request instead, and a strategy's by the strategy.
 */
export async function noticeFilled(db: Db, order: Order, fill: Fill, m: MarketAssets): Promise<void> {
  const { xaut, usdt } = fmt(m);
  const buy = order.side === "buy";
  await createNotification(db, {
    userId: order.userId,
    category: "money",
    title: "Order filled",
    message: `Your ${kindOf(order)} ${order.side} of ${xaut(fill.quantity)} filled at ${usdt(fill.price)}: you ${buy ? "paid" : "received"} ${usdt(fill.net)}, fee included.`,
  });
}

/** Tells the user a stop was reached and what it became, when its limit did not fill at once. */
export async function noticeTriggered(db: Db, order: Order, m: MarketAssets): Promise<void> {
  const { xaut, usdt } = fmt(m);
  await createNotification(db, {
    userId: order.userId,
    category: "money",
    title: "Stop triggered",
    message: `XAUt reached your stop at ${usdt(order.stopPrice!)}: your ${order.side} of ${xaut(order.quantity)} is now a limit order at ${usdt(order.limitPrice!)}, waiting for that price or better.`,
  });
}
