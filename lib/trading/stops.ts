import type { Db } from "@/db/client";
import { query } from "@/db/raw";
import type { Order } from "@/db/schema";
import { BASE, QUOTE } from "@/lib/ledger/assets";
import { post } from "@/lib/ledger/post";
import { publish } from "@/lib/realtime/publish";
import { crosses, fillLimitOrder } from "./fill-limit";
import { noticeFilled, noticeTriggered } from "./fill-notice";
import { holdLegs } from "./legs";
import type { MarketAssets, Quote } from "./market";
import { cancelOpenOrders } from "./oco";
import { ORDER_COLUMNS, orderOf, type OrderRow } from "./order-rows";
import { buyDebit } from "./pricing";
import { moneyOf } from "@/lib/core/format";

/**
 * The feed's price has reached the stop: at or above a buy's, at or below a sell's. The feed's
 * own price, not the bid or ask, so every user's stop at one price triggers on the same tick.
 */
export function stopReached(order: Pick<Order, "side" | "stopPrice">, price: bigint): boolean {
  if (order.stopPrice === null) return false;
  return order.side === "buy" ? price >= order.stopPrice : price <= order.stopPrice;
}

// Written once (db/raw.ts: prepared once per connection). The conditions on status and
// triggered_at are the last guard against a second trigger.
const TRIGGER = `update orders set type = 'limit', limit_price = stop_limit_price, triggered_at = $2, held = $3
  where id = $1 and status = 'open' and triggered_at is null
  returning ${ORDER_COLUMNS}`;

/**
 * Turns a waiting stop-limit the price has reached into its limit order, in the caller's
 * transaction, with the stop and (for an OCO) its other half locked: the other half is cancelled
 * and the stop takes over the pair's reservation, returning what its limit does not need. The new
 * limit order fills at once when the quote already crosses it.
 */
export async function triggerStop(
  db: Db,
  stop: Order,
  other: Order | null,
  quote: Quote,
  m: MarketAssets,
  now = new Date(),
): Promise<Order> {
  const asset = stop.side === "buy" ? QUOTE : BASE;
  const price = moneyOf(quote.price, m.quoteDecimals, QUOTE);
  let held = stop.held;
  if (other) {
    // Placed with the stop; only a previous version's cancel could have ended it alone.
    if (other.status !== "open") {
      await cancelOpenOrders(
        db,
        [stop],
        `Stop-limit ${stop.side} cancelled: the other order of its OCO had ended`,
        now,
      );
      return { ...stop, status: "cancelled", cancelledAt: now };
    }
    const need =
      stop.side === "buy" ? buyDebit(stop.quantity, stop.stopLimitPrice!, stop.feeBps, m.unit) : stop.quantity;
    if (other.held < need) throw new Error(`OCO ${stop.ocoId} holds ${other.held} but its stop needs ${need}`);
    const { alongside } = await withPosting(
      db,
      holdLegs(stop.userId, asset, other.held - need, "release"),
      stop,
      `OCO ${stop.side}: the price reached the stop at ${price}, the limit order was cancelled`,
      () =>
        query<OrderRow>(
          db,
          "update orders set status = 'cancelled', cancelled_at = $2 where id = $1 and status = 'open' returning id",
          [other.id, now.toISOString()],
        ),
    );
    if (alongside.length !== 1) throw new Error(`order ${other.id} was no longer open`);
    held = need;
  }
  const [row] = await query<OrderRow>(db, TRIGGER, [stop.id, now.toISOString(), held.toString()]);
  if (!row) throw new Error(`stop ${stop.id} was no longer waiting`);
  const triggered = orderOf(row);
  await publish(db, {
    to: { userId: stop.userId },
    event: "balance",
    data: { reason: "order.triggered", orderId: stop.id },
  });
  if (!crosses(triggered, quote)) {
    await noticeTriggered(db, triggered, m);
    return triggered;
  }
  const filled = await fillLimitOrder(db, triggered, quote, m);
  await noticeFilled(db, filled.order, filled.fill, m);
  return filled.order;
}

/** Runs `write` with the posting of `legs` when there are any (none when nothing is returned). */
async function withPosting<T>(
  db: Db,
  legs: ReturnType<typeof holdLegs>,
  order: Order,
  memo: string,
  write: () => Promise<T>,
): Promise<{ alongside: T }> {
  if (legs.length === 0) return { alongside: await write() };
  return post(db, { kind: "trade", reference: order.id, actorId: order.userId, memo, legs }, { alongside: write });
}
