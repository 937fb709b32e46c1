import { z } from "zod";
import { orderSide, orderStatus, orderType, type Order } from "@/db/schema";
import { formatAmount } from "@/lib/core/amount";
import { decimalString, isoTime } from "@/lib/core/answers";
import type { MarketAssets } from "./market";

/** An order as the API shows it (see orderView for what each field means). */
export const orderViewSchema = z.object({
  id: z.uuid(),
  side: z.enum(orderSide.enumValues),
  type: z.enum(orderType.enumValues),
  status: z.enum(orderStatus.enumValues),
  quantity: decimalString,
  limitPrice: decimalString.nullable(),
  stopPrice: decimalString.nullable(),
  held: decimalString,
  price: decimalString.nullable(),
  cost: decimalString.nullable(),
  fee: decimalString.nullable(),
  feeBps: z.number().int(),
  total: decimalString.nullable(),
  createdAt: isoTime,
  filledAt: isoTime.nullable(),
  cancelledAt: isoTime.nullable(),
  triggeredAt: isoTime.nullable(),
  ocoId: z.uuid().nullable(),
  strategy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});

export type OrderView = z.infer<typeof orderViewSchema>;

/** The kind of order the user placed: a stop-limit stays one after its stop has triggered it. */
export const placedType = (order: Pick<Order, "type" | "stopPrice">): Order["type"] =>
  order.stopPrice !== null ? "stop_limit" : order.type;

/** An order as the API shows it: amounts as decimal strings, times in ISO 8601 UTC. */
export function orderView(
  order: Order,
  m: MarketAssets,
  strategy: { id: string; name: string } | null = null,
): OrderView {
  const usdt = (v: bigint | null) => (v === null ? null : formatAmount(v, m.quoteDecimals));
  const net =
    order.cost === null || order.fee === null
      ? null
      : order.side === "buy"
        ? order.cost + order.fee
        : order.cost - order.fee;
  return {
    id: order.id,
    side: order.side,
    type: placedType(order),
    status: order.status,
    quantity: formatAmount(order.quantity, m.baseDecimals),
    // A waiting stop-limit's is the limit it will become.
    limitPrice: usdt(order.limitPrice ?? order.stopLimitPrice),
    // A stop-limit's trigger; null for other orders.
    stopPrice: usdt(order.stopPrice),
    // What the order reserved: USDT for a buy, XAUT for a sell (an OCO's stop holds nothing until it triggers).
    held: formatAmount(order.held, order.side === "sell" && order.type !== "market" ? m.baseDecimals : m.quoteDecimals),
    price: usdt(order.fillPrice),
    cost: usdt(order.cost),
    fee: usdt(order.fee),
    feeBps: order.feeBps,
    // USDT paid in all (buy) or received after the fee (sell).
    total: usdt(net),
    createdAt: order.createdAt.toISOString(),
    filledAt: order.filledAt?.toISOString() ?? null,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    // When the price reached a stop-limit's stop and it became a limit order.
    triggeredAt: order.triggeredAt?.toISOString() ?? null,
    // The pair both orders of an OCO share; null otherwise.
    ocoId: order.ocoId,
    // The strategy that placed it, named; null for the user's own orders.
    strategy,
  };
}
