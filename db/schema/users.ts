import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

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
    status: userStatus("status").notNull().default("active"),
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
  ],
);

export type User = typeof users.$inferSelect;
