import type { Db } from "@/db/client";
import { query } from "@/db/raw";
import type { Order } from "@/db/schema";
import { AppError, forbidden, notFound } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { moneyOf } from "@/lib/core/format";
import { lockAccounts, post, type AccountRef, type Locked } from "@/lib/ledger/post";
import { publish } from "@/lib/realtime/publish";
import { rulesFor, type TradingRules } from "./config";
import { dailyUsed } from "./daily";
import { crosses, fillLimitOrder } from "./fill-limit";
import { fillLegs, moveLegs, type Place } from "./legs";
import { lastTick } from "@/lib/market/ticks";
import { marketAssets, quoteOf, tradable, type MarketAssets, type Quote } from "./market";
import { BASE, QUOTE } from "@/lib/ledger/assets";
import { ORDER_COLUMNS, orderOf, type OrderRow } from "./order-rows";
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
  if (quantity < rules.minQuantity)
    throw unprocessable("QUANTITY_TOO_SMALL", `The minimum order is ${xaut(rules.minQuantity)}`);
  if (quantity > rules.maxQuantity)
    throw unprocessable("QUANTITY_TOO_LARGE", `The maximum order is ${xaut(rules.maxQuantity)}`);
}

// The statements of every order, written once (db/raw.ts: prepared once per connection).
const LOCK_TRADER = "select status from users where id = $1 for no key update";
const OPEN_ORDERS =
  "select count(*)::int as n from orders where user_id = $1 and status = 'open' and strategy_id is null";
const INSERT_ORDER = `insert into orders (id, user_id, side, type, status, quantity, limit_price, held, fill_price, cost, fee, fee_bps, journal_id, strategy_id, grid_level, created_at, filled_at)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, coalesce($16, now()), $17)
  returning ${ORDER_COLUMNS}`;

/**
 * Locks the trader's user row for the rest of the transaction, so one user's orders are placed one
 * at a time (each at the price current when its turn comes) and the daily limit and open-order cap
 * hold under concurrent requests. Other users' orders, and the house and fees accounts, are not
 * involved.
 */
async function lockTrader(db: Db, userId: string): Promise<void> {
  const [row] = await query<{ status: string }>(db, LOCK_TRADER, [userId]);
  if (!row) throw notFound("User not found");
  // Under the lock: a request that authenticated just before the account was frozen or disabled stops here.
  if (row.status !== "active") throw forbidden("This account is not active", "ACCOUNT_NOT_ACTIVE");
}

/** The user's own open limit orders (a strategy's are bounded by its levels instead). */
async function openOrders(db: Db, userId: string): Promise<number> {
  const [open] = await query<{ n: number }>(db, OPEN_ORDERS, [userId]);
  return open?.n ?? 0;
}

type NewOrder = Pick<Order, "id" | "userId" | "side" | "type" | "status" | "quantity" | "feeBps"> &
  Partial<
    Pick<
      Order,
      | "limitPrice"
      | "held"
      | "fillPrice"
      | "cost"
      | "fee"
      | "journalId"
      | "strategyId"
      | "gridLevel"
      | "createdAt"
      | "filledAt"
    >
  >;

async function insertOrder(db: Db, o: NewOrder): Promise<Order> {
  const text = (v: bigint | null | undefined) => (v == null ? null : v.toString());
  const [row] = await query<OrderRow>(db, INSERT_ORDER, [
    o.id,
    o.userId,
    o.side,
    o.type,
    o.status,
    o.quantity.toString(),
    text(o.limitPrice),
    (o.held ?? 0n).toString(),
    text(o.fillPrice),
    text(o.cost),
    text(o.fee),
    o.feeBps,
    o.journalId ?? null,
    o.strategyId ?? null,
    o.gridLevel ?? null,
    o.createdAt?.toISOString() ?? null,
    o.filledAt?.toISOString() ?? null,
  ]);
  return orderOf(row!);
}

function assertDailyLimit(used: bigint, notional: bigint, rules: TradingRules, m: MarketAssets): void {
  if (used + notional <= rules.dailyLimit) return;
  const left = rules.dailyLimit > used ? rules.dailyLimit - used : 0n;
  const { usdt } = fmt(m);
  throw unprocessable(
    "DAILY_LIMIT_EXCEEDED",
    `This order would pass your daily trading limit of ${usdt(rules.dailyLimit)} (${usdt(left)} left today)`,
  );
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

/** What an order is decided on, read under the trader's lock. */
interface Reads {
  rules: TradingRules;
  m: MarketAssets;
  quote: Quote;
  /** USDT notional of the user's orders today. */
  used: bigint;
  /** The user's own open limit orders (0 when not counted: market orders, strategies' orders). */
  open: number;
  /** The accounts the order's posting touches, locked with the reads. */
  locked: Locked | null;
}

/** Where an order's money comes from: spot, or the reserve of the strategy placing it. */
const fromOf = (source: StrategySource | null): Place => (source ? { reserve: source.strategyId } : "spot");

// A fill with every leg non-zero: its legs name every account a fill can touch.
const EVERY_LEG: Fill = { price: 1n, quantity: 1n, cost: 1n, fee: 1n, net: 2n };

/** The accounts an order's posting touches (the fill of a market order, the hold of a limit). */
function accountsOfOrder(userId: string, request: OrderRequest, source: StrategySource | null): AccountRef[] {
  const legs =
    request.type === "market"
      ? fillLegs(userId, request.side, EVERY_LEG, { from: fromOf(source), to: "spot" })
      : moveLegs(userId, request.side === "buy" ? QUOTE : BASE, 1n, fromOf(source), "hold");
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
  if (open >= MAX_OPEN_ORDERS) {
    throw unprocessable(
      "TOO_MANY_OPEN_ORDERS",
      `You can have at most ${MAX_OPEN_ORDERS} open orders. Cancel one to place another`,
    );
  }

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
 * ask or bid; a limit order reserves its funds in hold and fills when the feed reaches it.
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
    request.type === "limit" && !source ? openOrders(db, userId) : 0,
    lockAccounts(db, accountsOfOrder(userId, request, source)),
  ]);
  assertEnabled(rules, overrides?.enabled === false);
  const reads: Reads = { rules, m, quote: tradable(quoteOf(tick, rules.spreadBps)), used, open, locked };
  return request.type === "market"
    ? placeMarket(db, userId, request, reads, source)
    : placeLimit(db, userId, request, reads, source);
}
