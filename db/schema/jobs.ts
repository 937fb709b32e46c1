import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Leases that make a recurring job run on one app instance at a time: an instance runs a job
 * only while it holds an unexpired lease on its name, renewing it as it goes.
 */
export const jobLeases = pgTable("job_leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
