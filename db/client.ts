import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { readEnv } from "@/lib/core/env";
import { lockDataDir } from "./data-dir-lock";
import { preparing } from "./prepared";
import * as schema from "./schema";
import { ADVISORY_LOCKS } from "./advisory-locks";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Calls `onPayload` for every NOTIFY on `channel` (from any connection, this one included, once its
   * transaction commits); resolves once listening, to the function that stops it. When the listening
   * connection was lost and listens again, `onRelisten` is called: whatever was sent in between is gone.
   */
  listen(channel: string, onPayload: (payload: string) => void, onRelisten?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const MIGRATIONS = path.join(process.cwd(), "db", "migrations");

/** The longest wait, in seconds, before a lost connection tries again. */
export const RECONNECT_CAP_S = 2;

/**
 * Seconds before a lost connection tries again, after `retries` failures in a row: postgres.js's own
 * curve (3^n / 100 s, half to whole) capped at 2 s instead of 20. The cap is what counts for the
 * LISTEN connection: after a few seconds' outage it had failed often enough to wait 4-20 s more, an
 * instance deaf to every NOTIFY long after the database was back. A dozen connections per instance
 * trying every 1-2 s is nothing to a server coming up.
 */
export function reconnectDelay(retries: number): number {
  return (0.5 + Math.random() / 2) * Math.min(3 ** retries / 100, RECONNECT_CAP_S);
}
// Any constant works; it only has to be the same for every instance of the app.
const MIGRATION_LOCK = ADVISORY_LOCKS.migrations;

/**
 * Opens a database and applies the migrations. `url` is a postgres:// URL, or a PGlite data
 * directory, or "memory://" for a throwaway in-memory PGlite. A PGlite may start from a dump of
 * another's data directory (`loadDataDir`), which skips creating one: the tests' template.
 */
export async function openDatabase(url: string, options: { loadDataDir?: Blob } = {}): Promise<DbHandle> {
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    // A server that does not answer a connection within 5 s is taken as away (the default waits 30 s).
    const sql = postgres(url, { max: 10, connect_timeout: 5, backoff: reconnectDelay, onnotice: () => {} });
    const db = drizzle(preparing(sql), { schema });
    // Several instances may start at once: one migrates, the others wait for it.
    const lock = await sql.reserve();
    try {
      await lock`select pg_advisory_lock(${MIGRATION_LOCK})`;
      await migrate(db, { migrationsFolder: MIGRATIONS });
    } finally {
      await lock`select pg_advisory_unlock(${MIGRATION_LOCK})`;
      lock.release();
    }
    return {
      db: db as unknown as Db,
      kind: "postgres",
      // postgres.js listens on one dedicated connection of its own, re-listens after a reconnect, and
      // calls its third argument each time it is listening: every call after the first follows a gap.
      listen: async (channel, onPayload, onRelisten) => {
        let listening = false;
        const onListen = () => {
          if (listening) onRelisten?.();
          listening = true;
        };
        return (await sql.listen(channel, onPayload, onListen)).unlisten;
      },
      close: () => sql.end({ timeout: 5 }),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  // "memory://" and the like are no directory: nothing to claim.
  const release = url.includes("://") ? () => {} : lockDataDir(url);
  const client = new PGlite(url, { loadDataDir: options.loadDataDir });
  const db = drizzle(client, { schema });
  try {
    await migrate(db, { migrationsFolder: MIGRATIONS });
  } catch (err) {
    await client.close().catch(() => {});
    release();
    throw err;
  }
  return {
    db: db as unknown as Db,
    kind: "pglite",
    // In process: PGlite's notifications cannot be lost, so there is never a relisten.
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return () => stop();
    },
    close: async () => {
      await client.close();
      release();
    },
  };
}

/** The configured database: DATABASE_URL when set, else PGlite in DATA_DIR. */
export function configuredDatabaseUrl(): string {
  const env = readEnv();
  return env.DATABASE_URL ?? path.join(env.DATA_DIR, "pglite");
}

// server.ts and Next's bundled route handlers load this module separately in one process.
// The handle lives on globalThis so both share one connection pool, and PGlite is never
// opened twice on one data directory (which silently loses writes).
const holder = globalThis as unknown as { __aurumDb?: Promise<DbHandle> };

export function getDbHandle(): Promise<DbHandle> {
  holder.__aurumDb ??= openDatabase(configuredDatabaseUrl());
  return holder.__aurumDb;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Makes `handle` the process-wide database (tests use their own fresh database). */
export function installDb(handle: Promise<DbHandle>): void {
  holder.__aurumDb = handle;
}

export async function closeDb(): Promise<void> {
  const handle = holder.__aurumDb;
  holder.__aurumDb = undefined;
  if (handle) await (await handle).close();
}
