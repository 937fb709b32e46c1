import { sql } from "drizzle-orm";
import { check, index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const PROPOSAL_STATUSES = ["pending", "approved", "rejected", "failed", "expired"] as const;
export const proposalStatus = pgEnum("proposal_status", PROPOSAL_STATUSES);

/**
 * An administrator's action that moves or redirects money, waiting for a second administrator
 * (maker–checker). `payload` is the action's own input, run as it is when approved; `change` is
 * what it would do (before → after), for the checker to read.
 */
export const proposals = pgTable(
  "proposals",
  {
    id: uuid("id").primaryKey(),
    kind: text("kind").notNull(),
    status: proposalStatus("status").notNull().default("pending"),
    payload: jsonb("payload").notNull(),
    change: jsonb("change").notNull(),
    // Why the maker asked (the action's own reason where it has one).
    reason: text("reason"),
    // The user the action touches, when it touches one (for the queue and the user's page).
    userId: uuid("user_id").references(() => users.id),
    proposedBy: uuid("proposed_by")
      .notNull()
      .references(() => users.id),
    proposedAt: timestamp("proposed_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    decidedBy: uuid("decided_by").references(() => users.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    // The checker's reason for a rejection, or the error a failed execution met.
    outcome: text("outcome"),
    result: jsonb("result"),
  },
  (t) => [
    index("proposals_status_proposed_idx").on(t.status, t.proposedAt),
    check("proposals_decided_consistent", sql`(${t.status} in ('pending', 'expired')) = (${t.decidedBy} is null)`),
    // Maker ≠ checker, held by the database too: whoever carried it out (approved, or failed while
    // being carried out) is never who proposed it. The proposer may still reject (withdraw) it.
    check(
      "proposals_checker_not_maker",
      sql`${t.status} not in ('approved', 'failed') or ${t.decidedBy} <> ${t.proposedBy}`,
    ),
  ],
);

export type Proposal = typeof proposals.$inferSelect;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
