import type { Db } from "@/db/client";
import { newId } from "@/lib/core/ids";
import { lockAccounts, post, type AccountRef } from "@/lib/ledger/post";
import { publish } from "@/lib/realtime/publish";
import { rulesFor } from "./config";
import { dailyUsed } from "./daily";
import { crosses, fillLimitOrder } from "./fill-limit";
import { fillLegs, moveLegs } from "./legs";
import { lastTick } from "@/lib/market/ticks";
import { marketAssets, quoteOf, tradable, type MarketAssets } from "./market";
import { BASE, QUOTE } from "@/lib/ledger/assets";
import { insertOrder } from "./insert-order";
import type { OrderRequest } from "./order-input";
import {
  assertDailyLimit,
  assertEnabled,
  assertOpenSlots,
  assertQuantity,
  fmt,
  fromOf,
  lockTrader,
  memoOf,
  openOrders,
  unprocessable,
  type Placed,
  type Reads,
  type StrategySource,
} from "./order-checks";
import { placeOco, placeStopLimit } from "./place-stop";
import { buyDebit, buyFill, ceilDiv, quantityForTotal, sellFill, type Fill } from "./pricing";

export { MAX_OPEN_ORDERS } from "./order-checks";
export type { Placed, StrategySource } from "./order-checks";

function filledMessage(side: "buy" | "sell", fill: Fill, m: MarketAssets): string {
  const { xaut, usdt } = fmt(m);
  return side === "buy"
    ? `Bought ${xaut(fill.quantity)} for ${usdt(fill.net)} (fee ${usdt(fill.fee)})`
    : `Sold ${xaut(fill.quantity)} for ${usdt(fill.net)} (fee ${usdt(fill.fee)})`;
}

// A fill with every leg non-zero: its legs name every account a fill can touch.
const EVERY_LEG: Fill = { price: 1n, quantity: 1n, cost: 1n, fee: 1n, net: 2n };

/** The accounts an order's posting touches (the fill of a market order, the hold of a limit). */
function accountsOfOrder(userId: string, request: OrderRequest, source: StrategySource | null): AccountRef[] {
  const legs =
    request.type === "market"
      ? fillLegs(userId, request.side, EVERY_LEG, { from: fromOf(source), to: "spot" })
      : // A limit order, a stop-limit and an OCO all reserve from where they are paid.
        moveLegs(userId, request.side === "buy" ? QUOTE : BASE, 1n, fromOf(source), "hold");
  return legs.map((l) => l.account);
}

async function placeMarket(
  db: Db,
  userId: string,
  request: Extract<OrderRequest, { type: "market" }>,
  { rules, m, quote, used, locked }: Reads,
  source: StrategySource | null,
): Promise<Placed> {
  const quantity =
    "total" in request ? quantityForTotal(request.total, quote.ask, rules.feeBps, m.unit) : request.quantity;
  if ("total" in request && quantity < rules.minQuantity) {
    throw unprocessable(
      "QUANTITY_TOO_SMALL",
      `That total buys less than the minimum order of ${fmt(m).xaut(rules.minQuantity)}`,
    );
  }
  assertQuantity(quantity, rules, m);
  const fill =
    request.side === "buy"
      ? buyFill(quantity, quote.ask, rules.feeBps, m.unit)
      : sellFill(quantity, quote.bid, rules.feeBps, m.unit);
  if (fill.net <= 0n) throw unprocessable("ORDER_TOO_SMALL", "This order is too small to trade");

  assertDailyLimit(used, fill.cost, rules, m);
  const id = newId();
  const now = new Date();
  // The order and its event go out with the posting's writes: one round trip.
  const { alongside: order } = await post(
    db,
    {
      kind: "trade",
      reference: id,
      actorId: userId,
      memo: memoOf(`Market ${request.side}`, source),
      legs: fillLegs(userId, request.side, fill, { from: fromOf(source), to: "spot" }),
    },
    {
      locked,
      alongside: async (journalId) => {
        const [inserted] = await Promise.all([
          insertOrder(db, {
            id,
            userId,
            side: request.side,
            type: "market",
            status: "filled",
            quantity,
            fillPrice: fill.price,
            cost: fill.cost,
            fee: fill.fee,
            feeBps: rules.feeBps,
            journalId,
            strategyId: source?.strategyId ?? null,
            gridLevel: source?.gridLevel ?? null,
            createdAt: now,
            filledAt: now,
          }),
          publish(db, { to: { userId }, event: "balance", data: { reason: "order.filled", orderId: id } }),
        ]);
        return inserted;
      },
    },
  );
  return { order, message: filledMessage(request.side, fill, m) };
}

async function placeLimit(
  db: Db,
  userId: string,
  request: Extract<OrderRequest, { type: "limit" }>,
  { rules, m, quote, used, open, locked }: Reads,
  source: StrategySource | null,
): Promise<Placed> {
  const { side, quantity, limitPrice } = request;
  assertQuantity(quantity, rules, m);
  if (side === "sell" && sellFill(quantity, limitPrice, rules.feeBps, m.unit).net <= 0n) {
    throw unprocessable("ORDER_TOO_SMALL", "This order is too small to trade");
  }

  assertDailyLimit(used, ceilDiv(quantity * limitPrice, m.unit), rules, m);
  assertOpenSlots(open, 1);

  // A buy reserves its cost at the limit price plus the fee on it; it will not fill above that.
  const held = side === "buy" ? buyDebit(quantity, limitPrice, rules.feeBps, m.unit) : quantity;
  const id = newId();
  // A limit the market has already reached fills now, as on any exchange (a strategy's, by the
  // fill job a moment later, which also gives the strategy its answer to the fill).
  const fillsNow = !source && crosses({ side, limitPrice }, quote);
  // Held from spot, or from the strategy's reserve for a strategy's order; the order (and, when it
  // waits, its event) go out with the posting's writes.
  const { alongside: order } = await post(
    db,
    {
      kind: "trade",
      reference: id,
      actorId: userId,
      memo: memoOf(`Limit ${side} placed`, source),
      legs: moveLegs(userId, side === "buy" ? QUOTE : BASE, held, fromOf(source), "hold"),
    },
    {
      locked,
      alongside: async () => {
        const [inserted] = await Promise.all([
          insertOrder(db, {
            id,
            userId,
            side,
            type: "limit",
            status: "open",
            quantity,
            limitPrice,
            held,
            feeBps: rules.feeBps,
            strategyId: source?.strategyId ?? null,
            gridLevel: source?.gridLevel ?? null,
          }),
          fillsNow
            ? undefined
            : publish(db, { to: { userId }, event: "balance", data: { reason: "order.placed", orderId: id } }),
        ]);
        return inserted;
      },
    },
  );

  if (fillsNow) {
    const filled = await fillLimitOrder(db, order, quote, m);
    return { order: filled.order, message: filledMessage(side, filled.fill, m) };
  }
  const { xaut, usdt } = fmt(m);
  return { order, message: `Limit ${side} placed: ${xaut(quantity)} at ${usdt(limitPrice)}` };
}

/**
 * Places an order for a user, in the caller's transaction: a market order fills at once at the
 * ask or bid; a limit order reserves its funds in hold and fills when the feed reaches it; a
 * stop-limit or an OCO reserves its funds and waits (lib/trading/place-stop.ts). Strategies place
 * only the first two.
 * Every refusal is a 422 before anything is written (the transaction rolls back otherwise).
 */
export async function placeOrder(
  db: Db,
  userId: string,
  request: OrderRequest,
  source: StrategySource | null = null,
): Promise<Placed> {
  const m = await marketAssets(db);
  // One round trip, run in this order on the connection: the user's overrides; the trader's row,
  // locked; then, once the lock is granted (so they see what the user's previous order committed),
  // the last price, the day's total, the open orders and the accounts the order will post to,
  // locked as the posting would (after the trader's row, in id order).
  const [{ effective: rules, overrides }, , tick, used, open, locked] = await Promise.all([
    rulesFor(db, userId),
    lockTrader(db, userId),
    lastTick(db),
    dailyUsed(db, userId),
    request.type !== "market" && !source ? openOrders(db, userId) : 0,
    lockAccounts(db, accountsOfOrder(userId, request, source)),
  ]);
  assertEnabled(rules, overrides?.enabled === false);
  const reads: Reads = { rules, m, quote: tradable(quoteOf(tick, rules.spreadBps)), used, open, locked };
  switch (request.type) {
    case "market":
      return placeMarket(db, userId, request, reads, source);
    case "limit":
      return placeLimit(db, userId, request, reads, source);
    case "stop_limit":
      return placeStopLimit(db, userId, request, reads);
    case "oco":
      return placeOco(db, userId, request, reads);
  }
}
