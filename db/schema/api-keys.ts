import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A user's API key for programs (lib/api-keys). Requests are signed with HMAC-SHA256 keyed by the
 * secret, and checking an HMAC needs the secret itself: a one-way hash of it (as for recovery codes)
 * could not verify a signature. So the secret is kept encrypted (AES-256-GCM under a key derived
 * from the auth secret, bound to the key's id, as TOTP secrets are) and shown to the user once.
 * A copy of this table alone signs nothing. `allowed_ips` null: any address; `scopes` holds `read`
 * and/or `trade`, never more (lib/api-keys/routes decides what each reaches).
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scopes: text("scopes").array().notNull(),
    allowedIps: text("allowed_ips").array(),
    secretEncrypted: text("secret_encrypted").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    lastUsedIp: text("last_used_ip"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("api_keys_user_idx").on(t.userId),
    check(
      "api_keys_scopes",
      sql`cardinality(${t.scopes}) between 1 and 2 and ${t.scopes} <@ array['read', 'trade']::text[]`,
    ),
  ],
);

export type ApiKey = typeof apiKeys.$inferSelect;

/**
 * Signatures accepted within their time window, so the same signed request sent again is refused on
 * every instance (process memory would let a replay through on another one). A row is useless once
 * its window has passed (`until`); each key's stale rows are swept as it is used.
 */
export const apiKeySignatures = pgTable(
  "api_key_signatures",
  {
    keyId: uuid("key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    signature: text("signature").notNull(),
    until: timestamp("until", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.signature] })],
);
