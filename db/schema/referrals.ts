import { bigint, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * One row per invitee whose inviter was rewarded: the primary key on the invitee is what makes
 * the reward exactly-once, however many first deposits are approved at the same moment.
 */
export const referralRewards = pgTable("referral_rewards", {
  inviteeId: uuid("invitee_id")
    .primaryKey()
    .references(() => users.id),
  inviterId: uuid("inviter_id")
    .notNull()
    .references(() => users.id),
  amount: bigint("amount", { mode: "bigint" }).notNull(),
  // Set right after the claim row is written, in the same transaction as the posting.
  journalId: uuid("journal_id"),
  paidAt: timestamp("paid_at", { withTimezone: true }).notNull().defaultNow(),
});

export type ReferralReward = typeof referralRewards.$inferSelect;
