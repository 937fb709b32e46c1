import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A user's TOTP authenticator (RFC 6238: SHA-1, 6 digits, 30-second steps). The secret is kept
 * only encrypted (AES-256-GCM under a key derived from the auth secret, bound to the user id:
 * lib/auth/two-factor/crypto). A row without enabled_at is an enrolment waiting for its first code;
 * setting up again replaces it. last_step is the newest time step a code was accepted for: only a
 * later step is accepted after it, so a code cannot be used twice.
 */
export const twoFactor = pgTable("two_factor", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretEncrypted: text("secret_encrypted").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  lastStep: bigint("last_step", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type TwoFactor = typeof twoFactor.$inferSelect;

/** The ten single-use recovery codes of an enabled authenticator, kept only as keyed hashes. */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("two_factor_recovery_codes_user_hash_key").on(t.userId, t.codeHash)],
);

/**
 * The second step of a sign-in: issued when the password was right and the account has two-factor
 * on. Only the SHA-256 of the challenge is kept; it works once (used_at), for five minutes, and
 * five wrong codes spend it (the sign-in rate limits count each wrong code too).
 */
export const twoFactorChallenges = pgTable(
  "two_factor_challenges",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    failures: integer("failures").notNull().default(0),
    ip: text("ip"),
  },
  (t) => [
    uniqueIndex("two_factor_challenges_hash_key").on(t.tokenHash),
    index("two_factor_challenges_user_idx").on(t.userId),
  ],
);
