import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders, users, type Order } from "@/db/schema";
import { AppError, forbidden, notFound } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import { moneyOf } from "@/lib/format";
import { post } from "@/lib/ledger/post";
import { publish } from "@/lib/realtime/publish";
import { rulesFor, type TradingRules } from "./config";
import { dailyUsed } from "./daily";
import { crosses, fillLimitOrder } from "./fill-limit";
import { fillLegs, moveLegs } from "./legs";
import { BASE, QUOTE, tradableQuote, type MarketAssets } from "./market";
import type { OrderRequest } from "./order-input";
import { buyDebit, buyFill, ceilDiv, quantityForTotal, sellFill, type Fill } from "./pricing";

/** Open limit orders one user may place by hand at a time; each is watched by the fill job. A grid's own are bounded by its levels. */
export const MAX_OPEN_ORDERS = 50;

/**
 * An order a strategy places for its user: paid from the strategy's own reserve account, not from
 * spot, so the ledger refuses an order its budget does not cover as it refuses any overdraft.
 */
export interface StrategySource {
  strategyId: string;
  /** The strategy's name, for the order's records. */
  name: string;
  gridLevel: number | null;
}

const memoOf = (memo: string, source: StrategySource | null) => (source ? `${memo} by ${source.name}` : memo);

const unprocessable = (code: string, message: string) => new AppError(422, code, message);

function assertEnabled(rules: TradingRules, userDisabled: boolean): void {
  if (rules.enabled) return;
  throw userDisabled
    ? unprocessable("TRADING_DISABLED", "Trading is disabled for your account. Please contact support")
    : unprocessable("TRADING_DISABLED", "Trading is disabled at the moment");
}

function assertQuantity(quantity: bigint, rules: TradingRules, m: MarketAssets): void {
  const { xaut } = fmt(m);
  if (quantity < rules.minQuantity) throw unprocessable("QUANTITY_TOO_SMALL", `The minimum order is ${xaut(rules.minQuantity)}`);
  if (quantity > rules.maxQuantity) throw unprocessable("QUANTITY_TOO_LARGE", `The maximum order is ${xaut(rules.maxQuantity)}`);
}

/**
 * Locks the trader's user row for the rest of the transaction, so one user's orders are placed one
 * at a time (each at the price current when its turn comes) and the daily limit and open-order cap
 * hold under concurrent requests. Other users' orders, and the house and fees accounts, are not
 * involved.
 */
async function lockTrader(db: Db, userId: string): Promise<void> {
  const [row] = await db.select({ id: users.id, status: users.status }).from(users).where(eq(users.id, userId)).for("no key update");
  if (!row) throw notFound("User not found");
  // Under the lock: a request that authenticated just before the account was frozen or disabled stops here.
  if (row.status !== "active") throw forbidden("This account is not active", "ACCOUNT_NOT_ACTIVE");
}

/** The user's own open limit orders (a strategy's are bounded by its levels instead). */
async function openOrders(db: Db, userId: string): Promise<number> {
  const [open] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "open"), isNull(orders.strategyId)));
  return open?.n ?? 0;
}

function assertDailyLimit(used: bigint, notional: bigint, rules: TradingRules, m: MarketAssets): void {
  if (used + notional <= rules.dailyLimit) return;
  const left = rules.dailyLimit > used ? rules.dailyLimit - used : 0n;
  const { usdt } = fmt(m);
  throw unprocessable("DAILY_LIMIT_EXCEEDED", `This order would pass your daily trading limit of ${usdt(rules.dailyLimit)} (${usdt(left)} left today)`);
}

export interface Placed {
  order: Order;
  message: string;
}

// Amounts in the answers a trader reads (toasts, errors), as every screen writes them.
const fmt = (m: MarketAssets) => ({
  xaut: (v: bigint) => moneyOf(v, m.baseDecimals, BASE),
  usdt: (v: bigint) => moneyOf(v, m.quoteDecimals, QUOTE),
});

function filledMessage(side: "buy" | "sell", fill: Fill, m: MarketAssets): string {
  const { xaut, usdt } = fmt(m);
  return side === "buy"
    ? `Bought ${xaut(fill.quantity)} for ${usdt(fill.net)} (fee ${usdt(fill.fee)})`
    : `Sold ${xaut(fill.quantity)} for ${usdt(fill.net)} (fee ${usdt(fill.fee)})`;
}

async function placeMarket(db: Db, userId: string, request: Extract<OrderRequest, { type: "market" }>, rules: TradingRules, m: MarketAssets, source: StrategySource | null): Promise<Placed> {
  // The reads an order needs go out together (one round trip); the trader's row is already locked.
  const [quote, used] = await Promise.all([tradableQuote(db, rules.spreadBps), dailyUsed(db, userId, m.unit)]);
  const quantity = "total" in request ? quantityForTotal(request.total, quote.ask, rules.feeBps, m.unit) : request.quantity;
  if ("total" in request && quantity < rules.minQuantity) {
    throw unprocessable("QUANTITY_TOO_SMALL", `That total buys less than the minimum order of ${fmt(m).xaut(rules.minQuantity)}`);
  }
  assertQuantity(quantity, rules, m);
  const fill = request.side === "buy" ? buyFill(quantity, quote.ask, rules.feeBps, m.unit) : sellFill(quantity, quote.bid, rules.feeBps, m.unit);
  if (fill.net <= 0n) throw unprocessable("ORDER_TOO_SMALL", "This order is too small to trade");

  assertDailyLimit(used, fill.cost, rules, m);
  const id = newId();
  const posted = await post(db, {
    kind: "trade",
    reference: id,
    actorId: userId,
    memo: memoOf(`Market ${request.side}`, source),
    legs: fillLegs(userId, request.side, fill, { from: source ? { reserve: source.strategyId } : "spot", to: "spot" }),
  });
  const now = new Date();
  const [[order]] = await Promise.all([
    db
      .insert(orders)
      .values({
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
        journalId: posted.journal.id,
        strategyId: source?.strategyId ?? null,
        gridLevel: source?.gridLevel ?? null,
        createdAt: now,
        filledAt: now,
      })
      .returning(),
    publish(db, { to: { userId }, event: "balance", data: { reason: "order.filled", orderId: id } }),
  ]);
  return { order: order!, message: filledMessage(request.side, fill, m) };
}

async function placeLimit(db: Db, userId: string, request: Extract<OrderRequest, { type: "limit" }>, rules: TradingRules, m: MarketAssets, source: StrategySource | null): Promise<Placed> {
  const [quote, used, open] = await Promise.all([tradableQuote(db, rules.spreadBps), dailyUsed(db, userId, m.unit), source ? 0 : openOrders(db, userId)]);
  const { side, quantity, limitPrice } = request;
  assertQuantity(quantity, rules, m);
  if (side === "sell" && sellFill(quantity, limitPrice, rules.feeBps, m.unit).net <= 0n) {
    throw unprocessable("ORDER_TOO_SMALL", "This order is too small to trade");
  }

  assertDailyLimit(used, ceilDiv(quantity * limitPrice, m.unit), rules, m);
  if (open >= MAX_OPEN_ORDERS) {
    throw unprocessable("TOO_MANY_OPEN_ORDERS", `You can have at most ${MAX_OPEN_ORDERS} open orders. Cancel one to place another`);
  }

  // A buy reserves its cost at the limit price plus the fee on it; it will not fill above that.
  const held = side === "buy" ? buyDebit(quantity, limitPrice, rules.feeBps, m.unit) : quantity;
  const id = newId();
  // Held from spot, or from the strategy's reserve for a strategy's order.
  await post(db, {
    kind: "trade",
    reference: id,
    actorId: userId,
    memo: memoOf(`Limit ${side} placed`, source),
    legs: moveLegs(userId, side === "buy" ? QUOTE : BASE, held, source ? { reserve: source.strategyId } : "spot", "hold"),
  });
  const [order] = await db
    .insert(orders)
    .values({ id, userId, side, type: "limit", status: "open", quantity, limitPrice, held, feeBps: rules.feeBps, strategyId: source?.strategyId ?? null, gridLevel: source?.gridLevel ?? null })
    .returning();

  const { xaut, usdt } = fmt(m);
  // A limit the market has already reached fills now, as on any exchange (a strategy's, by the
  // fill job a moment later, which also gives the strategy its answer to the fill).
  if (!source && crosses(order!, quote)) {
    const filled = await fillLimitOrder(db, order!, quote, m);
    return { order: filled.order, message: filledMessage(side, filled.fill, m) };
  }
  await publish(db, { to: { userId }, event: "balance", data: { reason: "order.placed", orderId: id } });
  return { order: order!, message: `Limit ${side} placed: ${xaut(quantity)} at ${usdt(limitPrice)}` };
}

/**
 * Places an order for a user, in the caller's transaction: a market order fills at once at the
 * ask or bid; a limit order reserves its funds in hold and fills when the feed reaches it.
 * Every refusal is a 422 before anything is written (the transaction rolls back otherwise).
 */
export async function placeOrder(db: Db, userId: string, request: OrderRequest, source: StrategySource | null = null): Promise<Placed> {
  const [{ effective: rules, overrides, market }] = await Promise.all([rulesFor(db, userId), lockTrader(db, userId)]);
  assertEnabled(rules, overrides?.enabled === false);
  return request.type === "market" ? placeMarket(db, userId, request, rules, market, source) : placeLimit(db, userId, request, rules, market, source);
}
