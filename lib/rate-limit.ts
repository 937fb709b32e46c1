import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rateLimitHits } from "@/db/schema";
import { tooManyRequests, type AppError } from "@/lib/http/errors";

export interface Limit {
  /** How many hits a window allows. */
  max: number;
  windowMs: number;
}

function windowStart(limit: Limit, now: number): Date {
  return new Date(now - (now % limit.windowMs));
}

/** Seconds until `key` may act again, or 0 when it is under its limit. */
export async function retryAfter(db: Db, key: string, limit: Limit, now = Date.now()): Promise<number> {
  const start = windowStart(limit, now);
  const [row] = await db
    .select({ count: rateLimitHits.count })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, start)));
  if (!row || row.count < limit.max) return 0;
  return Math.ceil((start.getTime() + limit.windowMs - now) / 1000);
}

/** A 429 saying what happened and, in whole minutes, when to try again. */
export function limited(what: string, waitSeconds: number): AppError {
  const minutes = Math.ceil(waitSeconds / 60);
  return tooManyRequests(`${what} Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, waitSeconds);
}

/** Counts one hit for `key` in the current window (atomic across instances). */
export async function recordHit(db: Db, key: string, limit: Limit, now = Date.now()): Promise<void> {
  const start = windowStart(limit, now);
  await db
    .insert(rateLimitHits)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + 1` },
    });
  await db.delete(rateLimitHits).where(and(eq(rateLimitHits.key, key), lt(rateLimitHits.windowStart, start)));
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
}
