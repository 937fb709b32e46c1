import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { join, q, raw, runStatement, unflushed, type Fragment } from "@/db/statement";
import { rateLimitHits } from "@/db/schema";
import { tooManyRequests, type AppError } from "@/lib/core/errors";

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
 * seconds until the window ends. Counting and checking are one statement (see `consumeAll`), so a
 * parallel burst cannot all pass a check made before any of them was counted: exactly `max` hits of
 * a window get 0, whatever the concurrency and the number of instances.
 */
export function consume(db: Db, key: string, limit: Limit, now = Date.now()): Promise<number> {
  return consumeAll(db, [{ key, limit }], now);
}

/** Gives back a hit taken by `consume` for something that turned out not to count (a success). */
export function refund(db: Db, key: string, limit: Limit, now = Date.now()): Promise<void> {
  return giveBack(db, [{ key, limit }], now);
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
}

export interface Hit {
  key: string;
  limit: Limit;
}

/** A hit to give back: one (`refund`), or all of the key's (`clearHits`), as after a success. */
export interface GiveBack extends Hit {
  clear?: boolean;
}

/**
 * Takes a hit from every limit, in the order given, in one statement: each limit takes its hit only
 * when the ones before took theirs, and only while under its limit (an upsert whose update is
 * conditional, so of a parallel burst exactly `max` get through, whatever the concurrency and the
 * number of instances). A refused attempt leaves no count behind: the limits before the one that
 * refused give their hits back (one more statement), the ones after never took any. Answers 0, or
 * the seconds until the refusing limit's window ends. The first hit of a window sweeps the key's
 * earlier windows, so the table holds one row per live key.
 */
export async function consumeAll(db: Db, limits: Hit[], now = Date.now()): Promise<number> {
  if (limits.length === 0) return 0;
  const [row] = await runStatement<Record<string, number | null>>(db, takingHits(db, limits, now));
  const refused = limits.findIndex((_, i) => row![`h${i}`] == null);
  if (refused < 0) return 0;
  await giveBack(db, limits.slice(0, refused), now);
  return secondsLeft(limits[refused]!.limit, now);
}

function takingHits(db: Db, limits: Hit[], now: number): Fragment {
  const steps = limits.map(({ key, limit }, i) => {
    const start = windowStart(limit, now).toISOString();
    const after = i === 0 ? raw("") : raw(`from h${i - 1}`);
    return q`${raw(`h${i}`)} as (
      insert into rate_limit_hits as hit (key, window_start, count)
      select ${key}::text, ${start}::timestamptz, 1 ${after} where ${limit.max}::int >= 1
      on conflict (key, window_start) do update set count = hit.count + 1 where hit.count < ${limit.max}::int
      returning hit.key, hit.window_start, hit.count)`;
  });
  const firsts = limits.map((_, i) => `select key, window_start from h${i} where count = 1`).join(" union all ");
  const counts = limits.map((_, i) => `(select count from h${i}) as h${i}`).join(", ");
  return q`with ${join(steps, ", ")},
    swept as (delete from rate_limit_hits old using (${raw(firsts)}) fresh where old.key = fresh.key and old.window_start < fresh.window_start)
    select ${raw(counts)}${unflushed(db)}`;
}

/**
 * `with` entries for a caller's statement that give hits back in the order given, each after the one
 * before: the order `consumeAll` took them in, so two statements never hold these rows in opposite
 * orders (a deadlock). `done` is a condition a later entry of the statement adds to its `where` to run
 * after them, for the same reason.
 */
export function givingBack(hits: GiveBack[], now: number): { entries: Fragment[]; done: Fragment } {
  const after = (i: number) => raw(i < 0 ? "true" : `(select count(*) from g${i}) >= 0`);
  const entries = hits.map(({ key, limit, clear }, i) => {
    const statement = clear
      ? q`delete from rate_limit_hits where key = ${key}::text and ${after(i - 1)}`
      : q`update rate_limit_hits set count = greatest(count - 1, 0)
          where key = ${key}::text and window_start = ${windowStart(limit, now).toISOString()}::timestamptz and ${after(i - 1)}`;
    return q`${raw(`g${i}`)} as (${statement} returning 1)`;
  });
  return { entries, done: after(hits.length - 1) };
}

/** Gives back hits taken by `consumeAll` (`clear`: all of the key's), in one statement. */
export async function giveBack(db: Db, hits: GiveBack[], now = Date.now()): Promise<void> {
  if (hits.length === 0) return;
  await runStatement(db, q`with ${join(givingBack(hits, now).entries, ", ")} select 1`);
}

/** A 429 saying what happened and, in whole minutes, when to try again. */
export function limited(what: string, waitSeconds: number): AppError {
  const minutes = Math.ceil(waitSeconds / 60);
  return tooManyRequests(`${what} Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, waitSeconds);
}
