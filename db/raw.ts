import type { Db } from "./client";

/** What drizzle's postgres.js session holds: the pool, or the connection of one transaction. */
interface PostgresJsClient {
  unsafe(text: string, params: unknown[], options: { prepare: boolean }): Promise<unknown[]> & { execute(): unknown };
}

/** What drizzle's PGlite session holds: the database, or one transaction. */
interface PgliteClient {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

/** An int8 column as the drivers give it: read it with `BigInt()`. */
export type Int8 = string | number | bigint;

/**
 * A timestamp as the drivers give it: a Date from PGlite, PostgreSQL's text from postgres.js (drizzle
 * turns the driver's date parsing and serializing off, to do its own). Read it with `dateOf()`, and
 * pass a Date as a parameter with `toISOString()`.
 */
export type Timestamp = Date | string;

export const dateOf = (value: Timestamp): Date => (value instanceof Date ? value : new Date(value));

const clientOf = (db: Db) => (db as unknown as { session: { client: PostgresJsClient | PgliteClient } }).session.client;

/**
 * Runs one statement written as SQL on `db` (the database, or a transaction drizzle gave): for the
 * hot paths, where building a statement with drizzle's query builder on every call cost the Node
 * process more than PostgreSQL spent running it (docs/BENCHMARKS.md, "Where a trade's time goes").
 * Everything else stays with drizzle.
 *
 * On PostgreSQL the statement is prepared once per connection (its text must not vary: pass values
 * as parameters, arrays for lists) and is sent at once, so statements issued one after another
 * without awaiting go out together, in the order they were issued, and run in that order. PGlite runs
 * them in turn, in the same order.
 *
 * Rows come back with the driver's own types: int8 arrives as a string (postgres.js) or a number or
 * bigint (PGlite), so read it with `BigInt()`; timestamps as `Timestamp`.
 */
export function query<T>(db: Db, text: string, params: unknown[] = []): Promise<T[]> {
  const client = clientOf(db);
  if ("unsafe" in client) {
    const pending = client.unsafe(text, params, { prepare: true });
    pending.execute();
    return pending as Promise<T[]>;
  }
  return client.query(text, params).then((result) => result.rows as T[]);
}
