import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { NotificationCategory } from "./categories";
import { users } from "./users";

/**
 * One row per recipient: a broadcast to all users is fanned out, so reading and marking read
 * stay per user. `broadcastId` ties the rows of one send together.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    message: text("message").notNull(),
    // Every sender names it (lib/notifications/create); the default only dates the rows written before
    // categories existed, which are never pushed.
    category: text("category").$type<NotificationCategory>().notNull().default("messages"),
    broadcastId: uuid("broadcast_id"),
    // The administrator who sent it; null for the platform's own notices (deposits, fills…).
    senderId: uuid("sender_id").references(() => users.id),
    // The recipient's anti-phishing code when it was sent, shown with it as a mail would carry it.
    antiPhishingCode: text("anti_phishing_code"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    check("notifications_category", sql`${t.category} in ('money', 'security', 'alerts', 'messages')`),
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_user_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    // A broadcast's rows, read by each instance for its connected users (lib/notifications/broadcast-deliveries).
    index("notifications_broadcast_user_idx")
      .on(t.broadcastId, t.userId)
      .where(sql`${t.broadcastId} is not null`),
  ],
);

export type Notification = typeof notifications.$inferSelect;
