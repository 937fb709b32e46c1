import { desc } from "drizzle-orm";
import type { Db } from "@/db/client";
import { jobRuns } from "@/db/schema";

/** Notes a job's run: its time, or its failure (kept until the next failure, with when it happened). */
export async function recordRun(db: Db, name: string, err: unknown): Promise<void> {
  const now = new Date();
  const set = err
    ? { lastError: String(err instanceof Error ? err.message : err).slice(0, 500), lastErrorAt: now }
    : { lastRunAt: now };
  await db
    .insert(jobRuns)
    .values({ name, ...set })
    .onConflictDoUpdate({ target: jobRuns.name, set });
}

/** Every job's last run, last error and lag (seconds since its last run), for the dashboard. */
export async function jobHealth(db: Db, now = new Date()) {
  const rows = await db.select().from(jobRuns).orderBy(desc(jobRuns.name));
  return rows
    .map((r) => ({
      name: r.name,
      lastRunAt: r.lastRunAt?.toISOString() ?? null,
      lagSeconds: r.lastRunAt ? Math.max(0, Math.round((now.getTime() - r.lastRunAt.getTime()) / 1000)) : null,
      lastError: r.lastError,
      lastErrorAt: r.lastErrorAt?.toISOString() ?? null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
