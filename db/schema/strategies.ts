import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const strategyType = pgEnum("strategy_type", ["recurring", "grid"]);
export const strategyPeriod = pgEnum("strategy_period", ["hourly", "daily", "weekly"]);
/**
 * proposed: an administrator's setup waiting for the user (nothing reserved); running and paused
 * hold their budget; stopped, completed and withdrawn (a setup the admin took back) hold nothing.
 */
export const strategyStatus = pgEnum("strategy_status", [
  "proposed",
  "running",
  "paused",
  "stopped",
  "completed",
  "withdrawn",
]);

/**
 * An automated strategy of one user's: a recurring buy or a grid. Its budget sits in reserve
 * accounts of its own while it runs (accounts of kind `reserve` naming it), so nothing else can
 * spend it and it cannot spend more: `reservedQuote` (USDT) and `reservedBase` (XAUT) are its books
 * of them, what it holds outside its open orders (whose holds are in the user's hold account).
 * Amounts are smallest units; prices USDT per whole XAUT.
 */
export const strategies = pgTable(
  "strategies",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    type: strategyType("type").notNull(),
    status: strategyStatus("status").notNull(),
    // The administrator who proposed it (a trade setup), null when the user made it.
    proposedBy: uuid("proposed_by").references(() => users.id),
    amount: bigint("amount", { mode: "bigint" }),
    period: strategyPeriod("period"),
    priceCeiling: bigint("price_ceiling", { mode: "bigint" }),
    maxRounds: integer("max_rounds"),
    lower: bigint("lower", { mode: "bigint" }),
    upper: bigint("upper", { mode: "bigint" }),
    levels: integer("levels"),
    investment: bigint("investment", { mode: "bigint" }),
    // A grid's quantity per level, fixed when it starts.
    quantity: bigint("quantity", { mode: "bigint" }),
    reservedQuote: bigint("reserved_quote", { mode: "bigint" })
      .notNull()
      .default(sql`0`),
    reservedBase: bigint("reserved_base", { mode: "bigint" })
      .notNull()
      .default(sql`0`),
    // Everything it reserved from spot over its life: what the user put in.
    funded: bigint("funded", { mode: "bigint" })
      .notNull()
      .default(sql`0`),
    roundsRun: integer("rounds_run").notNull().default(0),
    roundsSkipped: integer("rounds_skipped").notNull().default(0),
    nextRunAt: timestamp("next_run_at", { withTimezone: true }),
    // The reason the last round or reaction was skipped, cleared by the next that runs: the user hears of each streak once.
    lastSkipReason: text("last_skip_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    index("strategies_user_idx").on(t.userId, t.createdAt),
    index("strategies_due_idx")
      .on(t.nextRunAt)
      .where(sql`${t.status} = 'running' and ${t.type} = 'recurring'`),
    check("strategies_reserves", sql`${t.reservedQuote} >= 0 and ${t.reservedBase} >= 0`),
    check(
      "strategies_shape",
      sql`(${t.type} = 'recurring' and ${t.amount} > 0 and ${t.period} is not null) or (${t.type} = 'grid' and ${t.lower} > 0 and ${t.upper} > ${t.lower} and ${t.levels} between 2 and 100 and ${t.investment} > 0)`,
    ),
  ],
);

/** When a user accepted the strategies' risk statement: asked once, before their first strategy. */
export const strategyConsents = pgTable("strategy_consents", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id),
  acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
});

export type Strategy = typeof strategies.$inferSelect;
