import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "./client";

// PostgreSQL's deadlock_detected and serialization_failure: the transaction did nothing and may run again.
const RETRYABLE = new Set(["40P01", "40001"]);
const ATTEMPTS = 4;

// runTransaction's aborts for a deadlock or a serialization conflict since the process started, by
// SQLSTATE, retried or not: a retry hides a deadlock from the caller, not from this count (post()
// locks user accounts in id order, so there should be none). On globalThis, as server.ts and Next's
// route bundles load this module separately.
const holder = globalThis as unknown as { __aurumTransactionConflicts?: Map<string, number> };
const conflicts = (holder.__aurumTransactionConflicts ??= new Map());

/** How many transactions PostgreSQL aborted, by SQLSTATE ("40P01" deadlock, "40001" serialization). */
export const transactionConflicts = (): ReadonlyMap<string, number> => conflicts;

function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * Whether PostgreSQL aborted `err`'s transaction (or single statement) for a deadlock or a
 * serialization conflict: it wrote nothing, and the same request sent again may well succeed.
 */
export const isTransientConflict = (err: unknown): boolean => RETRYABLE.has(sqlState(err) ?? "");

/**
 * Runs `work` in one transaction, again from the start when PostgreSQL aborted it for a deadlock
 * or a serialization conflict: a request either commits whole or fails with a clear error.
 */
export async function runTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx as unknown as Db));
    } catch (err) {
      if (!isTransientConflict(err)) throw err;
      const state = sqlState(err)!;
      conflicts.set(state, (conflicts.get(state) ?? 0) + 1);
      if (attempt >= ATTEMPTS) throw err;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20));
    }
  }
}

// in_failed_sql_transaction: the answer to every statement after one that failed.
const AFTER_FAILURE = "25P02";

/**
 * What `later` gives, a statement sent after `earlier` in the same transaction (pipelined, both in
 * flight); when it failed only because the transaction had already failed, `earlier`'s error, which
 * says why, rather than PostgreSQL's "current transaction is aborted". `earlier` is the caller's to
 * await (or mark handled): it is awaited here only in that case.
 */
export async function pipelinedAfter<T>(later: Promise<T>, earlier: Promise<unknown>): Promise<T> {
  try {
    return await later;
  } catch (err) {
    if (sqlState(err) === AFTER_FAILURE) await earlier;
    throw err;
  }
}

/** Whether `db` is a transaction (and not the database itself). */
export const isTransaction = (db: Db): boolean => db instanceof PgTransaction;

/**
 * Runs `work` in a savepoint when `db` is a transaction (so a failure undoes only its own writes and
 * the transaction goes on), or in a transaction of its own otherwise.
 */
export function inSavepoint<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  if (isTransaction(db)) return db.transaction((tx) => work(tx as unknown as Db));
  return runTransaction(db, work);
}

export { sqlState };
