import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  customType,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { assets } from "./ledger";
import { users } from "./users";

// Tree bytes are read and written as hex in SQL (encode/decode), the same on both drivers.
const bytea = customType<{ data: string }>({ dataType: () => "bytea" });

/**
 * One published proof of liabilities: the Merkle sum tree's root over every user's total per asset
 * (docs/PROOF-OF-LIABILITIES.md). Daily ones are unique per UTC day, written in the snapshot's own
 * transaction, so several job runners take one; an admin may take more.
 */
export const proofSnapshots = pgTable(
  "proof_snapshots",
  {
    id: uuid("id").primaryKey(),
    day: date("day").notNull(),
    trigger: text("trigger").notNull(),
    takenBy: uuid("taken_by").references(() => users.id),
    takenAt: timestamp("taken_at", { withTimezone: true }).notNull(),
    accountCount: integer("account_count").notNull(),
    // [{ code, decimals }] in encoding order; sums below are smallest units as strings, in that order.
    assets: jsonb("assets").$type<{ code: string; decimals: number }[]>().notNull(),
    rootHash: text("root_hash").notNull(),
    rootSums: jsonb("root_sums").$type<string[]>().notNull(),
    // The same liabilities summed from the ledger's entries in the same read: a second way to the root's sums.
    ledgerSums: jsonb("ledger_sums").$type<string[]>().notNull(),
    // The audit chain's head when the snapshot was taken, once the chain exists.
    auditHead: text("audit_head"),
    // The proof format its root and leaves follow (docs/PROOF-OF-LIABILITIES.md): 1, before the root
    // committed to the audit head and leaves carried user ids; 2 since.
    format: smallint("format").notNull().default(1),
  },
  (t) => [
    check("proof_snapshots_trigger", sql`${t.trigger} in ('daily', 'admin')`),
    uniqueIndex("proof_snapshots_daily_key")
      .on(t.day)
      .where(sql`${t.trigger} = 'daily'`),
  ],
);

/**
 * A snapshot's leaves: a user's nonce and balances (8 bytes each, the encoding's own bytes) at a
 * position. No foreign keys: a million rows are written in one go, by the code that read them.
 */
export const proofLeaves = pgTable(
  "proof_leaves",
  {
    snapshotId: uuid("snapshot_id").notNull(),
    position: integer("position").notNull(),
    userId: uuid("user_id").notNull(),
    nonce: bytea("nonce").notNull(),
    balances: bytea("balances").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.position] }),
    uniqueIndex("proof_leaves_user_key").on(t.snapshotId, t.userId),
  ],
);

/** The tree's inner nodes from the level of 64-leaf blocks up: what a path needs above its block. */
export const proofNodes = pgTable(
  "proof_nodes",
  {
    snapshotId: uuid("snapshot_id").notNull(),
    level: smallint("level").notNull(),
    position: integer("position").notNull(),
    hash: bytea("hash").notNull(),
    sums: bytea("sums").notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.level, t.position] })],
);

/** What an administrator declares Aurum holds for an asset at one custody address, and when it was checked. */
export const proofReserves = pgTable(
  "proof_reserves",
  {
    id: uuid("id").primaryKey(),
    asset: text("asset")
      .notNull()
      .references(() => assets.code),
    custodyAddress: text("custody_address").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
    attestationUrl: text("attestation_url"),
    updatedBy: uuid("updated_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("proof_reserves_amount", sql`${t.amount} >= 0`)],
);

/** One address read on chain for a snapshot: a custody address (every one), or a user's deposit address holding something. */
export interface ChainReserveAddress {
  address: string;
  role: "custody" | "deposit";
  /** The balance in the token's own units (wei for ether), as the chain answers `balanceOf` / `eth_getBalance`. */
  units: string;
}

/**
 * What a snapshot read on chain for one asset of one followed chain, at one block: every custody
 * address and every user deposit address, summed. Written in the snapshot's transaction and never
 * changed. When the chain could not be read, `problem` says why and no figure is kept: reserves
 * that were not read are shown unavailable, never as zero nor as a declared figure.
 */
export const proofChainReserves = pgTable(
  "proof_chain_reserves",
  {
    snapshotId: uuid("snapshot_id")
      .notNull()
      .references(() => proofSnapshots.id),
    chain: text("chain").notNull(),
    asset: text("asset")
      .notNull()
      .references(() => assets.code),
    // The token contract, null for the chain's own coin.
    token: text("token"),
    blockNumber: bigint("block_number", { mode: "bigint" }),
    blockHash: text("block_hash"),
    tokenDecimals: smallint("token_decimals"),
    // The sum in the asset's smallest units (rounded down from the token's).
    total: bigint("total", { mode: "bigint" }),
    addressesRead: integer("addresses_read").notNull(),
    addresses: jsonb("addresses").$type<ChainReserveAddress[]>().notNull(),
    problem: text("problem"),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.chain, t.asset] }),
    check(
      "proof_chain_reserves_read_or_not",
      sql`(${t.problem} is null) = (${t.blockNumber} is not null and ${t.total} is not null and ${t.tokenDecimals} is not null)`,
    ),
  ],
);

export type ProofSnapshot = typeof proofSnapshots.$inferSelect;
export type ProofChainReserve = typeof proofChainReserves.$inferSelect;
export type ProofReserve = typeof proofReserves.$inferSelect;
