import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { fundingNetwork } from "./funding";
import { assets } from "./ledger";
import { users } from "./users";

/**
 * Where deposit-address indexes come from: a sequence hands each number out once, even to a
 * transaction that rolls back, so no index is ever given to two users or used again.
 */
export const depositAddressIndex = pgSequence("deposit_address_index_seq", { startWith: 0, minValue: 0 });

/**
 * Each user's deposit address on the EVM networks: the operator's DEPOSIT_XPUB's child at
 * `derivationIndex` (the same key, so the same address, on every EVM chain). Assigned once; the
 * server never holds the key behind it.
 */
export const depositAddresses = pgTable(
  "deposit_addresses",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id),
    derivationIndex: integer("derivation_index").notNull(),
    // Lower case, as it is compared with the addresses in the chain's logs.
    address: text("address").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("deposit_addresses_index_key").on(t.derivationIndex),
    uniqueIndex("deposit_addresses_address_key").on(t.address),
    check("deposit_addresses_address_lower", sql`${t.address} = lower(${t.address})`),
  ],
);

export const CHAIN_DEPOSIT_STATUSES = ["pending", "credited", "below_minimum", "dropped"] as const;
export const chainDepositStatus = pgEnum("chain_deposit_status", CHAIN_DEPOSIT_STATUSES);
export type ChainDepositStatus = (typeof CHAIN_DEPOSIT_STATUSES)[number];

/**
 * A transfer the watcher saw to a user's deposit address: pending until deep enough, then credited
 * once (or recorded below the minimum); dropped when a reorganisation took its block away.
 */
export const chainDeposits = pgTable(
  "chain_deposits",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** The chain followed ("ethereum", "bsc"); `network` is the funding network the asset travels on there. */
    chain: text("chain").notNull(),
    network: fundingNetwork("network").notNull(),
    currency: text("currency")
      .notNull()
      .references(() => assets.code),
    txHash: text("tx_hash").notNull(),
    // The Transfer log's index in its block; -1 for ETH sent by the transaction itself (it has no log).
    logIndex: integer("log_index").notNull(),
    blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
    blockHash: text("block_hash").notNull(),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    // In the asset's smallest units (the token's own units scaled down to the asset's decimals).
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    status: chainDepositStatus("status").notNull().default("pending"),
    journalId: uuid("journal_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    // One transfer credits once, whichever watcher saw it and however often.
    uniqueIndex("chain_deposits_transfer_key").on(t.network, t.txHash, t.logIndex),
    index("chain_deposits_user_created_idx").on(t.userId, t.createdAt),
    index("chain_deposits_chain_status_block_idx").on(t.chain, t.status, t.blockNumber),
    check("chain_deposits_hash_lower", sql`${t.txHash} = lower(${t.txHash})`),
    check("chain_deposits_amount_positive", sql`${t.amount} >= 0`),
  ],
);

/** Per chain: the last block the watcher finished (and its hash), and the head it last saw. */
export const chainCursors = pgTable("chain_cursors", {
  chain: text("chain").primaryKey(),
  lastBlock: bigint("last_block", { mode: "bigint" }).notNull(),
  lastHash: text("last_hash").notNull(),
  head: bigint("head", { mode: "bigint" }).notNull(),
  headAt: timestamp("head_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The hashes of the recent blocks the watcher read, to find where a reorganisation forked. */
export const chainBlocks = pgTable(
  "chain_blocks",
  {
    chain: text("chain").notNull(),
    number: bigint("number", { mode: "bigint" }).notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.number] })],
);

export type DepositAddress = typeof depositAddresses.$inferSelect;
export type ChainDeposit = typeof chainDeposits.$inferSelect;
