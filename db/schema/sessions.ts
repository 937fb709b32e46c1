import { index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export type Session = typeof sessions.$inferSelect;

export const loginOutcome = pgEnum("login_outcome", [
  "success",
  "wrong_password",
  "wrong_code",
  "rate_limited",
  "disabled",
  "frozen",
]);

/**
 * Sign-in attempts on an existing account, successful or not, the newest 50 per user kept
 * (lib/auth/login-history). Attempts on names that match no account have no user and are not kept.
 */
export const loginHistory = pgTable(
  "login_history",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    outcome: loginOutcome("outcome").notNull(),
  },
  (t) => [index("login_history_user_created_idx").on(t.userId, t.createdAt)],
);

export type LoginHistoryEntry = typeof loginHistory.$inferSelect;
export type LoginOutcome = LoginHistoryEntry["outcome"];
