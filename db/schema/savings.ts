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
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { assets } from "./ledger";
import { users } from "./users";

/** A savings product an administrator offers: what it pays, for how long, and how much it takes. */
export const savingPlans = pgTable(
  "saving_plans",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    asset: text("asset")
      .notNull()
      .references(() => assets.code),
    aprBps: integer("apr_bps").notNull(),
    // 0: flexible, redeemable any day; otherwise a fixed term that matures by itself.
    termDays: integer("term_days").notNull(),
    minAmount: bigint("min_amount", { mode: "bigint" }).notNull(),
    maxAmount: bigint("max_amount", { mode: "bigint" }).notNull(),
    // What all running subscriptions together may hold.
    totalCap: bigint("total_cap", { mode: "bigint" }).notNull(),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "saving_plans_terms",
      sql`${t.aprBps} >= 0 and ${t.termDays} >= 0 and ${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount}`,
    ),
    uniqueIndex("saving_plans_name_key").on(sql`lower(${t.name})`),
  ],
);

export const subscriptionStatus = pgEnum("subscription_status", ["active", "redeemed", "matured"]);

/** A user's money in a plan, with the plan's rate and term copied at the start: editing the plan never changes it. */
export const savingSubscriptions = pgTable(
  "saving_subscriptions",
  {
    id: uuid("id").primaryKey(),
    planId: uuid("plan_id")
      .notNull()
      .references(() => savingPlans.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    asset: text("asset")
      .notNull()
      .references(() => assets.code),
    principal: bigint("principal", { mode: "bigint" }).notNull(),
    aprBps: integer("apr_bps").notNull(),
    termDays: integer("term_days").notNull(),
    // The UTC day it started; interest accrues for each whole UTC day after it.
    startDay: date("start_day", { mode: "string" }).notNull(),
    accrued: bigint("accrued", { mode: "bigint" })
      .notNull()
      .default(sql`0`),
    daysPaid: integer("days_paid").notNull().default(0),
    status: subscriptionStatus("status").notNull().default("active"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("saving_subscriptions_user_idx").on(t.userId, t.createdAt),
    index("saving_subscriptions_plan_status_idx").on(t.planId, t.status),
  ],
);

/** One day's interest of one subscription: the key that makes each day pay exactly once. */
export const savingAccruals = pgTable(
  "saving_accruals",
  {
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => savingSubscriptions.id),
    day: integer("day").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.day] })],
);

/** One day's storage earnings of one user: exactly once by its key; the remainder carries to the next day. */
export const storageAccruals = pgTable(
  "storage_accruals",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    day: date("day", { mode: "string" }).notNull(),
    basis: bigint("basis", { mode: "bigint" }).notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    // What was below one unit, in units × 10000 × 365, carried into the next day's payment.
    carry: bigint("carry", { mode: "bigint" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export type SavingPlan = typeof savingPlans.$inferSelect;
export type SavingSubscription = typeof savingSubscriptions.$inferSelect;
