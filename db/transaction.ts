import { is } from "drizzle-orm";
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
 * An SQL expression after which the transaction it runs in commits without waiting for the disk:
 * for writes a PostgreSQL crash may forget the last moment of (about 0.6 s), never money. Only in a
 * statement run on its own: in a transaction it would reach everything that transaction wrote.
 */
export const NO_FLUSH = "set_config('synchronous_commit', 'off', true)";

/**
 * Whether `db` is a transaction (and not the database itself). Not `instanceof`: the route handlers
 * run on the database server.ts opened, whose transactions are instances of server.ts's copy of
 * drizzle, not of the copy Next bundled with them; drizzle's `is()` knows its classes by name.
 */
export const isTransaction = (db: Db): boolean => is(db, PgTransaction);

/** Something to do once a transaction has committed, given the database it committed on. It reports its own failures: it must not reject. */
export type AfterCommit = (db: Db) => Promise<void>;

// The after-commit actions of each transaction (and savepoint) that runTransaction or inSavepoint opened.
const afterCommits = new WeakMap<Db, AfterCommit[]>();

/**
 * Runs `action` once the transaction `tx` has committed, and never if it (or the savepoint it was
 * given in) rolls back; `tx` must have been opened by runTransaction or inSavepoint. For what must
 * not hold the transaction open or serialize commits (realtime's NOTIFY, lib/realtime/channel.ts).
 */
export function afterCommit(tx: Db, action: AfterCommit): void {
  const actions = afterCommits.get(tx);
  if (!actions) throw new Error("afterCommit() in a transaction that runTransaction or inSavepoint did not open");
  actions.push(action);
}

/**
 * `db.transaction(work)` with its after-commit actions collected: run once it commits when `db` is
 * the database, handed to the enclosing transaction when `db` is one (a savepoint).
 */
async function transaction<T>(db: Db, work: (tx: Db) => Promise<T>, options: TransactionOptions): Promise<T> {
  if (options.repeatableRead && isTransaction(db))
    throw new Error("a REPEATABLE READ transaction must be the outermost one");
  const actions: AfterCommit[] = [];
  const result = await db.transaction(
    (tx) => {
      afterCommits.set(tx as unknown as Db, actions);
      return work(tx as unknown as Db);
    },
    options.repeatableRead ? { isolationLevel: "repeatable read" } : undefined,
  );
  if (!actions.length) return result;
  if (!isTransaction(db)) {
    // In order, started together: each action may queue its work synchronously (the NOTIFY batch).
    await Promise.all(actions.map((action) => action(db)));
    return result;
  }
  const enclosing = afterCommits.get(db);
  if (!enclosing) throw new Error("afterCommit() in a savepoint of a transaction that runTransaction did not open");
  enclosing.push(...actions);
  return result;
}

export interface TransactionOptions {
  /** Every statement reads the database as it was at the first (a snapshot of the books reads it page by page). */
  repeatableRead?: boolean;
}

/**
 * Runs `work` in one transaction, again from the start when PostgreSQL aborted it for a deadlock
 * or a serialization conflict: a request either commits whole or fails with a clear error. Its
 * after-commit actions (afterCommit()) have run when it returns.
 */
export async function runTransaction<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction(db, work, options);
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

/**
 * Runs `work` in a savepoint when `db` is a transaction (so a failure undoes only its own writes and
 * the transaction goes on), or in a transaction of its own otherwise.
 */
export function inSavepoint<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  if (isTransaction(db)) return transaction(db, work, {});
  return runTransaction(db, work);
}

export { sqlState };
