import { sql } from "drizzle-orm";
import { bigint, check, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One-minute candles of the price feed, per symbol (e.g. "XAUTUSDT"). Prices are USDT smallest
 * units per whole XAUT; volume is XAUT smallest units. Longer intervals are aggregated from
 * these rows. `updatedAt` is when the last tick landed, which is what staleness is judged by.
 */
export const candles = pgTable(
  "candles",
  {
    symbol: text("symbol").notNull(),
    openTime: timestamp("open_time", { withTimezone: true }).notNull(),
    open: bigint("open", { mode: "bigint" }).notNull(),
    high: bigint("high", { mode: "bigint" }).notNull(),
    low: bigint("low", { mode: "bigint" }).notNull(),
    close: bigint("close", { mode: "bigint" }).notNull(),
    volume: bigint("volume", { mode: "bigint" })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.symbol, t.openTime] }),
    check(
      "candles_prices_positive",
      sql`${t.low} > 0 and ${t.low} <= ${t.open} and ${t.low} <= ${t.close} and ${t.high} >= ${t.open} and ${t.high} >= ${t.close}`,
    ),
    check("candles_volume_non_negative", sql`${t.volume} >= 0`),
  ],
);

export type Candle = typeof candles.$inferSelect;

/**
 * Candles of the longer chart intervals (5 to 1440 minutes), each the aggregate of the one-minute
 * `candles` in its bucket. Kept up to date by `refreshRollups` whenever minutes are written, so a
 * chart of 300 daily candles reads 300 rows instead of aggregating 432,000 on every request.
 */
export const candleRollups = pgTable(
  "candle_rollups",
  {
    symbol: text("symbol").notNull(),
    intervalMinutes: integer("interval_minutes").notNull(),
    openTime: timestamp("open_time", { withTimezone: true }).notNull(),
    open: bigint("open", { mode: "bigint" }).notNull(),
    high: bigint("high", { mode: "bigint" }).notNull(),
    low: bigint("low", { mode: "bigint" }).notNull(),
    close: bigint("close", { mode: "bigint" }).notNull(),
    volume: bigint("volume", { mode: "bigint" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.intervalMinutes, t.openTime] })],
);
