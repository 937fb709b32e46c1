import { sql } from "drizzle-orm";
import { boolean, check, index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const SUPPORT_STATUSES = ["open", "answered", "closed"] as const;
export const supportStatus = pgEnum("support_status", SUPPORT_STATUSES);
export const SUPPORT_AUTHORS = ["user", "visitor", "support"] as const;
export const supportAuthor = pgEnum("support_author", SUPPORT_AUTHORS);
export const SUPPORT_RELATED_KINDS = ["deposit", "withdrawal"] as const;
export const supportRelatedKind = pgEnum("support_related_kind", SUPPORT_RELATED_KINDS);

/**
 * A conversation with customer service (lib/support): a signed-in user's (`user_id`) or a signed-out
 * visitor's (`visitor_email`, answered by mail), never both. `status` is whose turn it is: `open`
 * waits for support, `answered` waits for the user, `closed` is done (a new message from the user
 * opens it again). `last_message_at` moves with every message the user can read (not with internal
 * notes): the queue's age. `related_*` is the user's own deposit or withdrawal it is about, if any.
 */
export const supportConversations = pgTable(
  "support_conversations",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    visitorEmail: text("visitor_email"),
    subject: text("subject").notNull(),
    status: supportStatus("status").notNull().default("open"),
    relatedKind: supportRelatedKind("related_kind"),
    relatedId: uuid("related_id"),
    assignedTo: uuid("assigned_to").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The admin queue: by status, the longest waiting first.
    index("support_conversations_status_last_idx").on(t.status, t.lastMessageAt),
    // A user's own list, the latest first.
    index("support_conversations_user_last_idx").on(t.userId, t.lastMessageAt),
    check("support_conversations_one_author", sql`(${t.userId} is null) <> (${t.visitorEmail} is null)`),
    check("support_conversations_related_whole", sql`(${t.relatedKind} is null) = (${t.relatedId} is null)`),
  ],
);

/**
 * One message of a conversation. `author_id` is the user, or the administrator for support (kept
 * for support's own eyes: the user reads "Aurum support" and `support_name`, the first name the
 * administrator chose to sign with). An `internal` note is support's alone: no user, screen, event
 * or mail ever carries it.
 */
export const supportMessages = pgTable(
  "support_messages",
  {
    id: uuid("id").primaryKey(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => supportConversations.id, { onDelete: "cascade" }),
    authorKind: supportAuthor("author_kind").notNull(),
    authorId: uuid("author_id").references(() => users.id),
    supportName: text("support_name"),
    body: text("body").notNull(),
    internal: boolean("internal").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("support_messages_conversation_created_idx").on(t.conversationId, t.createdAt),
    check("support_messages_internal_by_support", sql`not ${t.internal} or ${t.authorKind} = 'support'`),
  ],
);

export type SupportConversation = typeof supportConversations.$inferSelect;
export type SupportMessage = typeof supportMessages.$inferSelect;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
