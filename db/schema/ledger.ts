import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { strategies } from "./strategies";
import { users } from "./users";

export const assets = pgTable(
  "assets",
  {
    code: text("code").primaryKey(),
    name: text("name").notNull(),
    decimals: integer("decimals").notNull(),
  },
  (t) => [check("assets_decimals_range", sql`${t.decimals} between 0 and 8`)],
);

/**
 * User kinds hold a person's money; system kinds are the platform's side of every journal. A
 * `reserve` is one strategy's budget, one account per strategy and asset, so the ledger refuses a
 * strategy spending more than it holds as it refuses any overdraft.
 */
export const USER_ACCOUNT_KINDS = ["spot", "hold", "storage", "savings", "reserve"] as const;
export const SYSTEM_ACCOUNT_KINDS = ["house", "fees", "external", "interest", "adjustments"] as const;
export const accountKind = pgEnum("account_kind", [...USER_ACCOUNT_KINDS, ...SYSTEM_ACCOUNT_KINDS]);

export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];

export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey(),
    // Null for system accounts.
    userId: uuid("user_id").references(() => users.id),
    asset: text("asset")
      .notNull()
      .references(() => assets.code),
    kind: accountKind("kind").notNull(),
    // The strategy whose budget a `reserve` account holds; null for every other kind.
    strategyId: uuid("strategy_id").references(() => strategies.id),
    // Kept for user accounts only. System accounts are touched by nearly every journal; keeping
    // a balance row for them would make every posting wait on the same lock. Theirs is the sum
    // of their entries.
    balance: bigint("balance", { mode: "bigint" })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One account per user, asset and kind, and per strategy for reserves (a null strategy counts as one value).
    unique("accounts_user_asset_kind_strategy_key").on(t.userId, t.asset, t.kind, t.strategyId).nullsNotDistinct(),
    uniqueIndex("accounts_system_asset_kind_key")
      .on(t.asset, t.kind)
      .where(sql`${t.userId} is null`),
    check("accounts_user_balance_non_negative", sql`${t.userId} is null or ${t.balance} >= 0`),
    check(
      "accounts_kind_matches_owner",
      sql`(${t.userId} is null) = (${t.kind} in ('house', 'fees', 'external', 'interest', 'adjustments'))`,
    ),
    check("accounts_system_balance_unused", sql`${t.userId} is not null or ${t.balance} = 0`),
    // Compared as text: a value added to an enum cannot be used in the transaction that adds it.
    check("accounts_reserve_has_strategy", sql`(${t.strategyId} is not null) = (${t.kind}::text = 'reserve')`),
  ],
);

export const journals = pgTable(
  "journals",
  {
    id: uuid("id").primaryKey(),
    kind: text("kind").notNull(),
    reference: text("reference"),
    memo: text("memo"),
    // The user or admin whose action caused it; null for the platform's own jobs.
    actorId: uuid("actor_id").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("journals_kind_created_idx").on(t.kind, t.createdAt)],
);

export const entries = pgTable(
  "entries",
  {
    id: bigserial("id", { mode: "bigint" }).primaryKey(),
    journalId: uuid("journal_id")
      .notNull()
      .references(() => journals.id),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    // What this entry is within its journal, where the journal's kind alone does not say (a trade's "Fee").
    label: text("label"),
    // The account's balance after this entry; null on system accounts, which keep no balance row.
    balanceAfter: bigint("balance_after", { mode: "bigint" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("entries_account_id_idx").on(t.accountId, t.id),
    index("entries_journal_id_idx").on(t.journalId),
    check("entries_amount_non_zero", sql`${t.amount} <> 0`),
  ],
);

/**
 * A money-moving request's Idempotency-Key, claimed in the transaction that moves the money, with
 * the answer it got: the same key again returns that answer instead of moving money twice.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    status: integer("status"),
    response: jsonb("response"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("idempotency_keys_scope_key").on(t.scope, t.key)],
);

export type Account = typeof accounts.$inferSelect;
export type Journal = typeof journals.$inferSelect;
export type Entry = typeof entries.$inferSelect;
