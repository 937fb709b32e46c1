import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { journals } from "./ledger";
import { users } from "./users";

export const orderSide = pgEnum("order_side", ["buy", "sell"]);
export const orderType = pgEnum("order_type", ["market", "limit", "stop_limit"]);
export const orderStatus = pgEnum("order_status", ["open", "filled", "cancelled"]);

/**
 * A user's order for XAUT against USDT; the platform is the counterparty. Amounts are smallest
 * units: quantity in XAUT, prices in USDT per whole XAUT, cost/fee/held in USDT (held is XAUT
 * for a limit sell). A market order is written already filled; a limit order stays open, its
 * funds in the user's hold account, until the feed crosses its price or the user cancels it.
 *
 * A stop-limit order waits, its funds already on hold, with no limit price (so nothing fills it)
 * until the feed's price reaches its stop; then it becomes the limit order it names (type `limit`,
 * `limit_price` its `stop_limit_price`, `triggered_at` set). The two orders of an OCO share an
 * `oco_id`: a limit order holding the pair's funds and a stop-limit holding none; when one fills or
 * triggers, the other is cancelled in the same transaction.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    side: orderSide("side").notNull(),
    type: orderType("type").notNull(),
    status: orderStatus("status").notNull(),
    quantity: bigint("quantity", { mode: "bigint" }).notNull(),
    limitPrice: bigint("limit_price", { mode: "bigint" }),
    // What the order reserved in hold (limit orders), released or consumed when it ends.
    held: bigint("held", { mode: "bigint" })
      .notNull()
      .default(sql`0`),
    fillPrice: bigint("fill_price", { mode: "bigint" }),
    // USDT paid (buy) or received before fees (sell), and the fee charged, once filled.
    cost: bigint("cost", { mode: "bigint" }),
    fee: bigint("fee", { mode: "bigint" }),
    feeBps: integer("fee_bps").notNull(),
    journalId: uuid("journal_id").references(() => journals.id),
    // Set when a strategy placed it (no foreign key: strategies reference orders through their runs).
    strategyId: uuid("strategy_id"),
    // A grid order's level, 0 the lowest.
    gridLevel: integer("grid_level"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    filledAt: timestamp("filled_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    // A stop-limit's trigger, and the limit it becomes once triggered (both kept for the records).
    stopPrice: bigint("stop_price", { mode: "bigint" }),
    stopLimitPrice: bigint("stop_limit_price", { mode: "bigint" }),
    triggeredAt: timestamp("triggered_at", { withTimezone: true }),
    // The pair an OCO's two orders belong to.
    ocoId: uuid("oco_id"),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_strategy_idx")
      .on(t.strategyId)
      .where(sql`${t.strategyId} is not null`),
    index("orders_open_idx")
      .on(t.side, t.limitPrice)
      .where(sql`${t.status} = 'open'`),
    // The fill job's scan for stops the price has reached: only waiting ones, by side and stop.
    index("orders_stop_idx")
      .on(t.side, t.stopPrice)
      .where(sql`${t.status} = 'open' and ${t.stopPrice} is not null and ${t.triggeredAt} is null`),
    // Aurum's public fills and its 24-hour volume: filled orders by fill time, newest first.
    index("orders_filled_idx")
      .on(t.filledAt, t.id)
      .where(sql`${t.status} = 'filled'`),
    index("orders_oco_idx")
      .on(t.ocoId)
      .where(sql`${t.ocoId} is not null`),
    check("orders_quantity_positive", sql`${t.quantity} > 0`),
    check("orders_stop_has_limit", sql`(${t.stopPrice} is null) = (${t.stopLimitPrice} is null)`),
    check("orders_limit_has_price", sql`(${t.type} = 'limit') = (${t.limitPrice} is not null)`),
    check("orders_held_non_negative", sql`${t.held} >= 0`),
  ],
);

/**
 * USDT notional (quantity × price, before fees) of the orders one user placed on one UTC day, as the
 * daily trading limit counts it: filled orders at what they cost or paid, open limit orders at their
 * limit price, cancelled ones not at all. Kept by a trigger on `orders` (migration 0023) for every
 * insert and change of an order, whichever code makes it, so the limit reads one row instead of
 * summing the day's orders (thousands for a grid); `ledger:check` compares it with that sum.
 */
export const tradingDays = pgTable(
  "trading_days",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    day: date("day", { mode: "string" }).notNull(),
    used: bigint("used", { mode: "bigint" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), check("trading_days_used_non_negative", sql`${t.used} >= 0`)],
);

/**
 * An administrator's overrides of the site's trading defaults for one user; a null column
 * means "use the site default". Quantities are XAUT smallest units, the daily limit USDT ones.
 */
export const tradeConfigs = pgTable("trade_configs", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  enabled: boolean("enabled"),
  feeBps: integer("fee_bps"),
  spreadBps: integer("spread_bps"),
  minQuantity: bigint("min_quantity", { mode: "bigint" }),
  maxQuantity: bigint("max_quantity", { mode: "bigint" }),
  dailyLimit: bigint("daily_limit", { mode: "bigint" }),
  updatedBy: uuid("updated_by").references(() => users.id),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type Order = typeof orders.$inferSelect;
export type TradeConfig = typeof tradeConfigs.$inferSelect;
