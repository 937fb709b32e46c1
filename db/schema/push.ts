import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { notifications } from "./notifications";
import { users } from "./users";

/**
 * A browser that accepted Web Push for a user (lib/push): where its push service takes messages
 * (`endpoint`, checked to be a public https address) and the keys its messages are encrypted to
 * (RFC 8291). An endpoint belongs to one browser, so to one user at a time: subscribing it again
 * (another user signed in on that browser) moves it.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    // The browser as its user agent names it, so the user tells their devices apart in the list.
    device: text("device"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

export type PushSubscription = typeof pushSubscriptions.$inferSelect;

/**
 * A notification still to push to one subscription, written with the notification (so it exists if
 * and only if that commits) and removed once the push service took it, or gave up on. A failure is
 * tried again at `next_attempt_at`, later each time; `claimed_until` keeps two senders apart.
 */
export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    id: uuid("id").primaryKey(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    notificationId: uuid("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("push_deliveries_due_idx").on(t.nextAttemptAt),
    index("push_deliveries_subscription_idx").on(t.subscriptionId),
    index("push_deliveries_notification_idx").on(t.notificationId),
  ],
);

export type PushDelivery = typeof pushDeliveries.$inferSelect;
