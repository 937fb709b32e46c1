import type { Db } from "@/db/client";
import { query } from "@/db/raw";
import type { Order } from "@/db/schema";
import { post } from "@/lib/ledger/post";
import { publish } from "@/lib/realtime/publish";
import { fillLegs, moveLegs, type Place } from "./legs";
import { type MarketAssets, type Quote } from "./market";
import { QUOTE } from "@/lib/ledger/assets";
import { ORDER_COLUMNS, orderOf, type OrderRow } from "./order-rows";
import { buyFill, sellFill, type Fill } from "./pricing";

/** The feed has reached the order's price: the ask at or below a buy's limit, the bid at or above a sell's. */
export function crosses(order: Pick<Order, "side" | "limitPrice">, quote: Pick<Quote, "bid" | "ask">): boolean {
  if (order.limitPrice === null) return false;
  return order.side === "buy" ? quote.ask <= order.limitPrice : quote.bid >= order.limitPrice;
}

/**
 * A fill's legs out of the order's reservation: the proceeds, and what a buy did not need, go to
 * spot for an order of the user's own, or back to the reserve of the strategy whose order it was
 * (a recurring buy's XAUt, bought at market, is the user's at once).
 */
function limitFillLegs(order: Order, fill: Fill) {
  if (order.side === "sell" && order.held !== fill.quantity)
    throw new Error(`sell of ${fill.quantity} but order ${order.id} holds ${order.held}`);
  if (order.side === "buy" && order.held < fill.net)
    throw new Error(`fill needs ${fill.net} but order ${order.id} holds ${order.held}`);
  const back: Place = order.strategyId === null ? "spot" : { reserve: order.strategyId };
  const unused = order.side === "buy" ? order.held - fill.net : 0n;
  return [
    ...fillLegs(order.userId, order.side, fill, { from: "hold", to: back }),
    ...moveLegs(order.userId, QUOTE, unused, "hold", back),
  ];
}

// The status condition is the last guard against a second fill (db/raw.ts: prepared once per connection).
const MARK_FILLED = `update orders set status = 'filled', fill_price = $2, cost = $3, fee = $4, journal_id = $5, filled_at = $6
  where id = $1 and status = 'open'
  returning ${ORDER_COLUMNS}`;

/**
 * Fills an open limit order at the current ask or bid (never worse than its limit), paying from
 * its hold. The caller holds the order's row lock, in this transaction, and has checked that the
 * quote crosses; the status condition on the update is the last guard against a second fill.
 */
export async function fillLimitOrder(
  db: Db,
  order: Order,
  quote: Quote,
  m: MarketAssets,
  strategyName?: string,
): Promise<{ order: Order; fill: Fill }> {
  if (!crosses(order, quote)) throw new Error(`order ${order.id} does not cross the quote`);
  const fill =
    order.side === "buy"
      ? buyFill(order.quantity, quote.ask, order.feeBps, m.unit)
      : sellFill(order.quantity, quote.bid, order.feeBps, m.unit);
  // The order's update and its event go out with the posting's writes: one round trip.
  const { alongside: filled } = await post(
    db,
    {
      kind: "trade",
      reference: order.id,
      actorId: order.userId,
      memo: strategyName
        ? `Limit ${order.side} filled by ${strategyName}`
        : `${order.triggeredAt ? "Stop-limit" : "Limit"} ${order.side} filled`,
      legs: limitFillLegs(order, fill),
    },
    {
      alongside: async (journalId) => {
        const [[row]] = await Promise.all([
          query<OrderRow>(db, MARK_FILLED, [
            order.id,
            fill.price.toString(),
            fill.cost.toString(),
            fill.fee.toString(),
            journalId,
            new Date().toISOString(),
          ]),
          publish(db, {
            to: { userId: order.userId },
            event: "balance",
            data: { reason: "order.filled", orderId: order.id },
          }),
        ]);
        return row;
      },
    },
  );
  if (!filled) throw new Error(`order ${order.id} was no longer open`);
  return { order: orderOf(filled), fill };
}
