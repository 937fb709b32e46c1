import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/** The site's settings: one row, validated as a whole by lib/settings on every read and write. */
export const settings = pgTable(
  "settings",
  {
    id: smallint("id").primaryKey().default(1),
    data: jsonb("data")
      .notNull()
      .default(sql`'{}'::jsonb`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid("updated_by").references(() => users.id),
  },
  (t) => [check("settings_single_row", sql`${t.id} = 1`)],
);

/** What an administrator did, to whom, with what before/after or reason, from where. Append-only (a trigger refuses the rest) and hash-chained. */
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: uuid("id").primaryKey(),
    actorId: uuid("actor_id")
      .notNull()
      .references(() => users.id),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    detail: jsonb("detail")
      .notNull()
      .default(sql`'{}'::jsonb`),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The row's place in the audit chain, from 1 without a gap; null until it takes one (lib/audit/chain.ts). */
    seq: bigint("seq", { mode: "number" }),
    /** The previous row's hash; 64 zeros for the first. */
    prevHash: text("prev_hash"),
    /** SHA-256 of prev_hash and the row's canonical encoding (lib/audit/encoding.ts), lowercase hex. */
    hash: text("hash"),
  },
  (t) => [
    index("audit_logs_created_idx").on(t.createdAt),
    index("audit_logs_actor_idx").on(t.actorId, t.createdAt),
    index("audit_logs_target_idx").on(t.targetType, t.targetId),
    uniqueIndex("audit_logs_seq_idx").on(t.seq),
    index("audit_logs_waiting_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.seq} is null`),
    check(
      "audit_logs_chained_whole",
      sql`(${t.seq} is null) = (${t.prevHash} is null) and (${t.seq} is null) = (${t.hash} is null)`,
    ),
  ],
);

export type AuditLog = typeof auditLogs.$inferSelect;
