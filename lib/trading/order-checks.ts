import type { Db } from "@/db/client";
import { query } from "@/db/raw";
import type { Order } from "@/db/schema";
import type { Locked } from "@/lib/ledger/post";
import type { Place } from "./legs";
import { AppError, forbidden, notFound, type ErrorCode } from "@/lib/core/errors";
import { moneyOf } from "@/lib/core/format";
import { BASE, QUOTE } from "@/lib/ledger/assets";
import type { TradingRules } from "./config";
import type { MarketAssets, Quote } from "./market";

/** Open orders one user may have by hand at a time (an OCO's two included); each is watched by the fill job. A grid's own are bounded by its levels. */
export const MAX_OPEN_ORDERS = 50;

export const unprocessable = (code: ErrorCode, message: string) => new AppError(422, code, message);

// Amounts in the answers a trader reads (toasts, errors), as every screen writes them.
export const fmt = (m: MarketAssets) => ({
  xaut: (v: bigint) => moneyOf(v, m.baseDecimals, BASE),
  usdt: (v: bigint) => moneyOf(v, m.quoteDecimals, QUOTE),
});

export function assertEnabled(rules: TradingRules, userDisabled: boolean): void {
  if (rules.enabled) return;
  throw userDisabled
    ? unprocessable("TRADING_DISABLED", "Trading is disabled for your account. Please contact Customer Service")
    : unprocessable("TRADING_DISABLED", "Trading is disabled at the moment");
}

export function assertQuantity(quantity: bigint, rules: TradingRules, m: MarketAssets): void {
  const { xaut } = fmt(m);
  if (quantity < rules.minQuantity)
    throw unprocessable("QUANTITY_TOO_SMALL", `The minimum order is ${xaut(rules.minQuantity)}`);
  if (quantity > rules.maxQuantity)
    throw unprocessable("QUANTITY_TOO_LARGE", `The maximum order is ${xaut(rules.maxQuantity)}`);
}

export function assertDailyLimit(used: bigint, notional: bigint, rules: TradingRules, m: MarketAssets): void {
  if (used + notional <= rules.dailyLimit) return;
  const left = rules.dailyLimit > used ? rules.dailyLimit - used : 0n;
  const { usdt } = fmt(m);
  throw unprocessable(
    "DAILY_LIMIT_EXCEEDED",
    `This order would pass your daily trading limit of ${usdt(rules.dailyLimit)} (${usdt(left)} left today)`,
  );
}

/** Refuses `adding` more orders when the user already has `open` of their own. */
export function assertOpenSlots(open: number, adding: number): void {
  if (open + adding <= MAX_OPEN_ORDERS) return;
  throw unprocessable(
    "TOO_MANY_OPEN_ORDERS",
    `You can have at most ${MAX_OPEN_ORDERS} open orders. Cancel one to place another`,
  );
}

// The statements of every order, written once (db/raw.ts: prepared once per connection).
const LOCK_TRADER = "select status from users where id = $1 for no key update";
const OPEN_ORDERS =
  "select count(*)::int as n from orders where user_id = $1 and status = 'open' and strategy_id is null";

/**
 * Locks the trader's user row for the rest of the transaction, so one user's orders are placed one
 * at a time (each at the price current when its turn comes) and the daily limit and open-order cap
 * hold under concurrent requests. Other users' orders, and the house and fees accounts, are not
 * involved.
 */
export async function lockTrader(db: Db, userId: string): Promise<void> {
  const [row] = await query<{ status: string }>(db, LOCK_TRADER, [userId]);
  if (!row) throw notFound("User not found");
  // Under the lock: a request that authenticated just before the account was frozen or disabled stops here.
  if (row.status !== "active") throw forbidden("This account is not active", "ACCOUNT_NOT_ACTIVE");
}

/** The user's own open orders (a strategy's are bounded by its levels instead). */
export async function openOrders(db: Db, userId: string): Promise<number> {
  const [open] = await query<{ n: number }>(db, OPEN_ORDERS, [userId]);
  return open?.n ?? 0;
}

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

export const memoOf = (memo: string, source: StrategySource | null) => (source ? `${memo} by ${source.name}` : memo);

/** Where an order's money comes from: spot, or the reserve of the strategy placing it. */
export const fromOf = (source: StrategySource | null): Place => (source ? { reserve: source.strategyId } : "spot");

export interface Placed {
  order: Order;
  /** Both orders of an OCO, the limit order first (`order` is that one). */
  orders?: Order[];
  message: string;
}

/** What an order is decided on, read under the trader's lock. */
export interface Reads {
  rules: TradingRules;
  m: MarketAssets;
  quote: Quote;
  /** USDT notional of the user's orders today. */
  used: bigint;
  /** The user's own open orders (0 when not counted: market orders, strategies' orders). */
  open: number;
  /** The accounts the order's posting touches, locked with the reads. */
  locked: Locked | null;
}
