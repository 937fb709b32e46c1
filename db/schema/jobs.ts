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

/** Each recurring job's last run and last failure, whichever instance ran it, for the dashboard. */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
  lastError: text("last_error"),
  lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
});
