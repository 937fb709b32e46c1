import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Every message Aurum mails, written in the transaction that decided to send it. Without SMTP_URL a
 * message stays here (sent_at null) for administrators to read and pass on; with it, a message is
 * delivered after its transaction commits and marked sent (its body then dropped: it may carry a
 * password reset link) or marked with the error that stopped it.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    // Taken by whoever is sending it (lib/mail deliver), so two senders never send one message twice.
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    error: text("error"),
  },
  (t) => [
    index("outbox_created_idx").on(t.createdAt),
    // What is still to send, for the delivery job (lib/mail deliverQueued), however long the outbox grows.
    index("outbox_unsent_idx")
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null and ${t.error} is null`),
  ],
);

export type OutboxMessage = typeof outbox.$inferSelect;
