import { sql } from "drizzle-orm";
import { bigint, boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { assets } from "./ledger";
import { uploads } from "./uploads";
import { users } from "./users";

export const FUNDING_NETWORKS = ["TRC20", "ERC20", "BEP20", "BTC", "ETH"] as const;
export const fundingNetwork = pgEnum("funding_network", FUNDING_NETWORKS);
export type FundingNetwork = (typeof FUNDING_NETWORKS)[number];

/** Where users send each currency on each network, and that pair's limits and fee (smallest units). */
export const wallets = pgTable(
  "wallets",
  {
    id: uuid("id").primaryKey(),
    currency: text("currency")
      .notNull()
      .references(() => assets.code),
    network: fundingNetwork("network").notNull(),
    address: text("address").notNull(),
    memo: text("memo"),
    minDeposit: bigint("min_deposit", { mode: "bigint" }).notNull(),
    withdrawFee: bigint("withdraw_fee", { mode: "bigint" }).notNull(),
    minWithdraw: bigint("min_withdraw", { mode: "bigint" }).notNull(),
    depositEnabled: boolean("deposit_enabled").notNull().default(true),
    withdrawEnabled: boolean("withdraw_enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("wallets_currency_network_key").on(t.currency, t.network)],
);

export const fundingStatus = pgEnum("funding_status", ["pending", "approved", "rejected", "sent", "cancelled"]);

export const deposits = pgTable(
  "deposits",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    currency: text("currency")
      .notNull()
      .references(() => assets.code),
    network: fundingNetwork("network").notNull(),
    // What the user says they sent; the credit is what the admin approved (it may be corrected).
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    creditedAmount: bigint("credited_amount", { mode: "bigint" }),
    txHash: text("tx_hash").notNull(),
    proofId: uuid("proof_id")
      .notNull()
      .references(() => uploads.id),
    status: fundingStatus("status").notNull().default("pending"),
    reason: text("reason"),
    decidedBy: uuid("decided_by").references(() => users.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    journalId: uuid("journal_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One transaction credits once: the same hash on the same network is refused, whoever sends it.
    uniqueIndex("deposits_network_tx_hash_key").on(t.network, sql`lower(${t.txHash})`),
    index("deposits_user_created_idx").on(t.userId, t.createdAt),
    index("deposits_status_created_idx").on(t.status, t.createdAt),
  ],
);

export const withdrawals = pgTable(
  "withdrawals",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    currency: text("currency")
      .notNull()
      .references(() => assets.code),
    network: fundingNetwork("network").notNull(),
    address: text("address").notNull(),
    // What arrives at the address; the fee is taken on top, both held from the request on.
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    fee: bigint("fee", { mode: "bigint" }).notNull(),
    // The amount's USDT value when requested, for the daily limit (null: no price for the asset).
    valueUsdt: bigint("value_usdt", { mode: "bigint" }),
    status: fundingStatus("status").notNull().default("pending"),
    txHash: text("tx_hash"),
    // On a followed chain, once sent: the block the transaction was last seen in (its confirmations
    // count from there), when it was deep enough ("confirmed", status stays "sent"), and why the
    // administrators must look instead (its block reorganised away, or it failed there).
    txBlock: bigint("tx_block", { mode: "bigint" }),
    txBlockHash: text("tx_block_hash"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    chainProblem: text("chain_problem"),
    // A flagged withdrawal whose money an administrator returned to the user: it was never paid.
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    returnedBy: uuid("returned_by").references(() => users.id),
    reason: text("reason"),
    decidedBy: uuid("decided_by").references(() => users.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("withdrawals_user_created_idx").on(t.userId, t.createdAt),
    // What the payout follower reads each second: the sent ones still waiting for their depth.
    index("withdrawals_unconfirmed_idx")
      .on(t.network)
      .where(sql`${t.status} = 'sent' and ${t.confirmedAt} is null and ${t.chainProblem} is null`),
    index("withdrawals_status_created_idx").on(t.status, t.createdAt),
  ],
);

export type Wallet = typeof wallets.$inferSelect;
export type Deposit = typeof deposits.$inferSelect;
export type Withdrawal = typeof withdrawals.$inferSelect;
