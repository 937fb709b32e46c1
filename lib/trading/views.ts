import type { Order } from "@/db/schema";
import { formatAmount } from "@/lib/core/amount";
import type { MarketAssets } from "./market";

/** An order as the API shows it: amounts as decimal strings, times in ISO 8601 UTC. */
export function orderView(order: Order, m: MarketAssets, strategy: { id: string; name: string } | null = null) {
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
    type: order.type,
    status: order.status,
    quantity: formatAmount(order.quantity, m.baseDecimals),
    limitPrice: usdt(order.limitPrice),
    // What the order reserved: USDT for a limit buy, XAUT for a limit sell.
    held: formatAmount(order.held, order.side === "sell" && order.type === "limit" ? m.baseDecimals : m.quoteDecimals),
    price: usdt(order.fillPrice),
    cost: usdt(order.cost),
    fee: usdt(order.fee),
    feeBps: order.feeBps,
    // USDT paid in all (buy) or received after the fee (sell).
    total: usdt(net),
    createdAt: order.createdAt.toISOString(),
    filledAt: order.filledAt?.toISOString() ?? null,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    // The strategy that placed it, named; null for the user's own orders.
    strategy,
  };
}

export type OrderView = ReturnType<typeof orderView>;
