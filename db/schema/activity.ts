import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * What was done to an account, as its owner reads it (lib/activity): every admin action on the user
 * and the user's own security events, written in the transaction that does it. `kind` names the
 * sentence in lib/activity/catalogue, `facts` fills it in. `actor_id` keeps which administrator
 * acted for support's eyes; the user only ever sees "Aurum support".
 */
export const accountEvents = pgTable(
  "account_events",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    actor: text("actor", { enum: ["support", "you"] }).notNull(),
    actorId: uuid("actor_id").references(() => users.id),
    facts: jsonb("facts").notNull(),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_events_user_created_idx").on(t.userId, t.createdAt)],
);

export type AccountEvent = typeof accountEvents.$inferSelect;
