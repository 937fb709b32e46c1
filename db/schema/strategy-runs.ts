import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { strategies } from "./strategies";
import { orders } from "./trading";

// Apart from strategies.ts because a run names the order it placed: strategies sit below the
// ledger (a reserve account names its strategy) and orders above it, so one file would be a circle.

/**
 * One round of a strategy, run or skipped: a recurring buy's round n (key "round:n") or a grid's
 * answer to one of its fills (key "fill:<order id>"). The key is unique per strategy and written in
 * the transaction that places the order, so no round runs twice across runners and restarts.
 */
export const strategyRuns = pgTable(
  "strategy_runs",
  {
    id: uuid("id").primaryKey(),
    strategyId: uuid("strategy_id")
      .notNull()
      .references(() => strategies.id),
    key: text("key").notNull(),
    outcome: text("outcome", { enum: ["ran", "skipped"] }).notNull(),
    reason: text("reason"),
    orderId: uuid("order_id").references(() => orders.id),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("strategy_runs_key").on(t.strategyId, t.key),
    index("strategy_runs_strategy_idx").on(t.strategyId, t.at),
  ],
);

export type StrategyRun = typeof strategyRuns.$inferSelect;
