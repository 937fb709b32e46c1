import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const userRole = pgEnum("user_role", ["user", "admin"]);
export const userStatus = pgEnum("user_status", ["active", "disabled"]);

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    // Bootstrap admins are created without a country or phone; registered users always have them.
    country: text("country"),
    phoneCode: text("phone_code"),
    phoneNumber: text("phone_number"),
    passwordHash: text("password_hash").notNull(),
    withdrawPasswordHash: text("withdraw_password_hash"),
    // Five wrong withdrawal passwords lock withdrawals for a while; a new password holds them a day.
    withdrawPasswordFailures: integer("withdraw_password_failures").notNull().default(0),
    withdrawLockedUntil: timestamp("withdraw_locked_until", { withTimezone: true }),
    withdrawHoldUntil: timestamp("withdraw_hold_until", { withTimezone: true }),
    role: userRole("role").notNull().default("user"),
    // A frozen account is a disabled one (status 'disabled', so every check that stops a disabled
    // account stops it too) with frozen_at/frozen_by saying the owner froze it; enabling clears both.
    status: userStatus("status").notNull().default("active"),
    frozenAt: timestamp("frozen_at", { withTimezone: true }),
    frozenBy: uuid("frozen_by").references((): AnyPgColumn => users.id),
    // Shown in every notification Aurum sends the user, so a message without it is not from Aurum.
    antiPhishingCode: text("anti_phishing_code"),
    // The single mail switch of the release before categories: kept in step with mail_muted (true while
    // no optional category is muted) for instances of that release during a rolling upgrade; a later
    // release's contract migration drops it.
    optionalMail: boolean("optional_mail").notNull().default(true),
    // The notification categories (db/schema/categories.ts) the user switched off, per channel; a
    // category added later is on until they switch it off. Security mail cannot be (the check).
    mailMuted: text("mail_muted")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    pushMuted: text("push_muted")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    referralCode: text("referral_code").notNull(),
    referredBy: uuid("referred_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_username_lower_key").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_referral_code_key").on(t.referralCode),
    index("users_referred_by_idx").on(t.referredBy),
    check("users_frozen_is_disabled", sql`${t.frozenAt} is null or ${t.status} = 'disabled'`),
    check("users_mail_muted", sql`${t.mailMuted} <@ array['money', 'alerts', 'messages']::text[]`),
    check("users_push_muted", sql`${t.pushMuted} <@ array['money', 'security', 'alerts', 'messages']::text[]`),
  ],
);

export type User = typeof users.$inferSelect;
