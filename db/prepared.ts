import type { Sql } from "postgres";

/**
 * Statements with more parameters than this are the bulk ones (multi-row inserts, long id lists):
 * their text varies with the row count, so preparing each would fill the server's memory with
 * statements used once, and their own size dwarfs the extra round trip.
 */
const MAX_PREPARED_PARAMETERS = 64;

type Callback = (client: Sql) => unknown;

/**
 * `sql` with prepared statements switched back on for drizzle. drizzle's postgres.js driver sends
 * every ordinary query with `prepare: false` (drizzle-orm#6096), and postgres.js then asks the server
 * for an unprepared query's parameter types before sending its values: two round trips and a fresh
 * parse and plan for every statement. Prepared, a statement is parsed once per connection and each
 * later run is one round trip. Transactions and savepoints hand out clients wrapped the same way.
 * Named statements live on a server connection: a pooler that hands one client's statements to
 * several server connections (PgBouncer in transaction mode) would need them off again.
 *
 * There is no supported switch for this in drizzle-orm 0.45.4 (the newest release): its session passes
 * `prepare: name !== undefined` to every `unsafe()` call, so only `.prepare(name)` queries are
 * prepared, and postgres.js lets a per-query option override its client-wide `prepare: true`.
 * The upstream fix (drizzle-orm#6098, open) would follow the client's option for every query, the bulk
 * ones too, so the cap below would still need this. The wrapper leans on how drizzle calls
 * postgres.js (`unsafe`, `begin`, `savepoint`): package.json pins both to exact versions, and
 * tests/postgres/prepared-statements.test.ts reads pg_prepared_statements to prove it still works
 * after any upgrade.
 */
export function preparing(sql: Sql): Sql {
  const wrapCallback = (args: unknown[]) =>
    args.map((arg) => (typeof arg === "function" ? (client: Sql) => (arg as Callback)(preparing(client)) : arg));
  return new Proxy(sql, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property === "unsafe") {
        return (query: string, parameters: unknown[] = [], options: { prepare?: boolean } = {}) =>
          target.unsafe(
            query,
            parameters as never,
            options.prepare === false && parameters.length <= MAX_PREPARED_PARAMETERS
              ? { ...options, prepare: true }
              : options,
          );
      }
      if (property === "begin" || property === "savepoint") {
        return (...args: unknown[]) => (value as (...a: unknown[]) => unknown).apply(target, wrapCallback(args));
      }
      return value;
    },
  });
}
