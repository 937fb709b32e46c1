import type { Db } from "@/db/client";
import type { Order } from "@/db/schema";
import { newId } from "@/lib/core/ids";
import { BASE, QUOTE } from "@/lib/ledger/assets";
import { post } from "@/lib/ledger/post";
import { publish } from "@/lib/realtime/publish";
import { crosses } from "./fill-limit";
import { insertOrder } from "./insert-order";
import { moveLegs } from "./legs";
import type { MarketAssets } from "./market";
import {
  assertDailyLimit,
  assertOpenSlots,
  assertQuantity,
  fmt,
  unprocessable,
  type Placed,
  type Reads,
} from "./order-checks";
import type { OrderRequest, Stop } from "./order-input";
import { buyDebit, ceilDiv, sellFill } from "./pricing";
import { stopReached } from "./stops";

type Side = "buy" | "sell";

/** What a limit at `price` reserves: its cost and fee for a buy (it never fills above), the XAUt for a sell. */
const reserveFor = (side: Side, quantity: bigint, price: bigint, r: Reads) =>
  side === "buy" ? buyDebit(quantity, price, r.rules.feeBps, r.m.unit) : quantity;

const notional = (quantity: bigint, price: bigint, m: MarketAssets) => ceilDiv(quantity * price, m.unit);

/** "If XAUt falls to 3,850.00 USDT, sell 0.5 XAUt at 3,840.00 USDT or better": what a stop will do, in words. */
export function stopSentence(side: Side, quantity: bigint, stop: Stop, m: MarketAssets): string {
  const { xaut, usdt } = fmt(m);
  return side === "sell"
    ? `if XAUt falls to ${usdt(stop.stopPrice)}, sell ${xaut(quantity)} at ${usdt(stop.limitPrice)} or better`
    : `if XAUt rises to ${usdt(stop.stopPrice)}, buy ${xaut(quantity)} at ${usdt(stop.limitPrice)} or better`;
}

/**
 * A stop the price has already reached would trigger at once: refused, with the price now, as the
 * user meant a stop and would get a limit order.
 */
function assertStopAhead(side: Side, stopPrice: bigint, r: Reads): void {
  if (!stopReached({ side, stopPrice }, r.quote.price)) return;
  const now = fmt(r.m).usdt(r.quote.price);
  throw unprocessable(
    "STOP_ALREADY_REACHED",
    side === "sell"
      ? `A sell stop must be below the current price of ${now}`
      : `A buy stop must be above the current price of ${now}`,
  );
}

function assertSellable(side: Side, quantity: bigint, price: bigint, r: Reads): void {
  if (side === "sell" && sellFill(quantity, price, r.rules.feeBps, r.m.unit).net <= 0n)
    throw unprocessable("ORDER_TOO_SMALL", "This order is too small to trade");
}

async function reserveAndInsert(
  db: Db,
  userId: string,
  side: Side,
  held: bigint,
  memo: string,
  reference: string,
  rows: Parameters<typeof insertOrder>[1][],
  r: Reads,
): Promise<Order[]> {
  const { alongside } = await post(
    db,
    {
      kind: "trade",
      reference,
      actorId: userId,
      memo,
      legs: moveLegs(userId, side === "buy" ? QUOTE : BASE, held, "spot", "hold"),
    },
    {
      locked: r.locked,
      alongside: async () => {
        const [inserted] = await Promise.all([
          // One after the other: the pair's rows in a known order.
          rows.reduce<Promise<Order[]>>(
            async (done, row) => [...(await done), await insertOrder(db, row)],
            Promise.resolve([]),
          ),
          publish(db, { to: { userId }, event: "balance", data: { reason: "order.placed", orderId: reference } }),
        ]);
        return inserted;
      },
    },
  );
  return alongside;
}

/**
 * A stop-limit: its funds reserved now, as a limit order's at its limit price, and counted against
 * the day's limit from now; it waits without a limit price until the feed reaches the stop
 * (lib/trading/stops.ts), then becomes that limit order.
 */
export async function placeStopLimit(
  db: Db,
  userId: string,
  request: Extract<OrderRequest, { type: "stop_limit" }>,
  r: Reads,
): Promise<Placed> {
  const { side, quantity, stop } = request;
  assertQuantity(quantity, r.rules, r.m);
  assertSellable(side, quantity, stop.limitPrice, r);
  assertStopAhead(side, stop.stopPrice, r);
  assertDailyLimit(r.used, notional(quantity, stop.limitPrice, r.m), r.rules, r.m);
  assertOpenSlots(r.open, 1);
  const id = newId();
  const held = reserveFor(side, quantity, stop.limitPrice, r);
  const [order] = await reserveAndInsert(
    db,
    userId,
    side,
    held,
    `Stop-limit ${side} placed: ${stopSentence(side, quantity, stop, r.m)}`,
    id,
    [
      {
        id,
        userId,
        side,
        type: "stop_limit",
        status: "open",
        quantity,
        held,
        feeBps: r.rules.feeBps,
        stopPrice: stop.stopPrice,
        stopLimitPrice: stop.limitPrice,
      },
    ],
    r,
  );
  return { order: order!, message: `Stop-limit placed: ${stopSentence(side, quantity, stop, r.m)}` };
}

/**
 * An OCO: a limit order at `limitPrice` and a stop-limit on the same side and quantity, placed
 * together. Only one can ever fill, so the pair reserves once, what the dearer of the two needs,
 * on the limit order; the stop holds nothing until it triggers and takes the reservation over
 * (lib/trading/stops.ts). Both count against the day's limit until one of them ends.
 */
export async function placeOco(
  db: Db,
  userId: string,
  request: Extract<OrderRequest, { type: "oco" }>,
  r: Reads,
): Promise<Placed> {
  const { side, quantity, limitPrice, stop } = request;
  assertQuantity(quantity, r.rules, r.m);
  assertSellable(side, quantity, limitPrice, r);
  assertSellable(side, quantity, stop.limitPrice, r);
  if (crosses({ side, limitPrice }, r.quote)) {
    const now = fmt(r.m).usdt(r.quote.price);
    throw unprocessable(
      "LIMIT_ALREADY_REACHED",
      side === "sell"
        ? `An OCO's limit sell must be above the current price of ${now}`
        : `An OCO's limit buy must be below the current price of ${now}`,
    );
  }
  assertStopAhead(side, stop.stopPrice, r);
  assertDailyLimit(
    r.used,
    notional(quantity, limitPrice, r.m) + notional(quantity, stop.limitPrice, r.m),
    r.rules,
    r.m,
  );
  assertOpenSlots(r.open, 2);
  const ocoId = newId();
  const limitId = newId();
  const held = reserveFor(side, quantity, limitPrice > stop.limitPrice ? limitPrice : stop.limitPrice, r);
  const common = { userId, side, status: "open", quantity, feeBps: r.rules.feeBps, ocoId } as const;
  const pair = await reserveAndInsert(
    db,
    userId,
    side,
    held,
    `OCO ${side} placed: at ${fmt(r.m).usdt(limitPrice)}, or ${stopSentence(side, quantity, stop, r.m)}`,
    limitId,
    [
      { ...common, id: limitId, type: "limit", limitPrice, held },
      {
        ...common,
        id: newId(),
        type: "stop_limit",
        held: 0n,
        stopPrice: stop.stopPrice,
        stopLimitPrice: stop.limitPrice,
      },
    ],
    r,
  );
  const { xaut, usdt } = fmt(r.m);
  return {
    order: pair[0]!,
    orders: pair,
    message: `OCO placed: ${side} ${xaut(quantity)} at ${usdt(limitPrice)}, or ${stopSentence(side, quantity, stop, r.m)}`,
  };
}
