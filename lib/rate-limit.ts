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

const secondsLeft = (limit: Limit, now: number) =>
  Math.max(1, Math.ceil((windowStart(limit, now).getTime() + limit.windowMs - now) / 1000));

/**
 * Takes one hit for `key` and says whether it was within the limit: 0 when it was, otherwise the
 * seconds until the window ends. Counting and checking are one statement (an upsert returning the
 * new count), so a parallel burst cannot all pass a check made before any of them was counted:
 * exactly `max` hits of a window get 0, whatever the concurrency and the number of instances.
 */
export async function consume(db: Db, key: string, limit: Limit, now = Date.now()): Promise<number> {
  const start = windowStart(limit, now);
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + 1` },
    })
    .returning({ count: rateLimitHits.count });
  if (row!.count === 1) {
    // The first hit of a window sweeps the key's earlier windows: the table holds one row per live key.
    await db.delete(rateLimitHits).where(and(eq(rateLimitHits.key, key), lt(rateLimitHits.windowStart, start)));
  }
  return row!.count <= limit.max ? 0 : secondsLeft(limit, now);
}

/** Gives back a hit taken by `consume` for something that turned out not to count (a success). */
export async function refund(db: Db, key: string, limit: Limit, now = Date.now()): Promise<void> {
  await db
    .update(rateLimitHits)
    .set({ count: sql`greatest(${rateLimitHits.count} - 1, 0)` })
    .where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, windowStart(limit, now))));
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
}

/**
 * Takes a hit from every limit in turn; the first one over its limit gives back the hits already
 * taken (that attempt will not happen) and answers the seconds to wait, else 0.
 */
export async function consumeAll(db: Db, limits: { key: string; limit: Limit }[], now = Date.now()): Promise<number> {
  for (let i = 0; i < limits.length; i++) {
    const { key, limit } = limits[i]!;
    const wait = await consume(db, key, limit, now);
    if (wait > 0) {
      for (const taken of limits.slice(0, i + 1)) await refund(db, taken.key, taken.limit, now);
      return wait;
    }
  }
  return 0;
}

/** A 429 saying what happened and, in whole minutes, when to try again. */
export function limited(what: string, waitSeconds: number): AppError {
  const minutes = Math.ceil(waitSeconds / 60);
  return tooManyRequests(`${what} Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, waitSeconds);
}
