import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll } from "vitest";
import { closeDb, getDb, installDb, openDatabase, type Db, type DbHandle } from "@/db/client";

/** A fresh, migrated database of the kind this Vitest project runs on: in-memory PGlite, or a new PostgreSQL database. */
async function freshDatabase(): Promise<DbHandle> {
  if (process.env.AURUM_TEST_DB !== "postgres") return openDatabase("memory://");
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `aurum_t_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase(url.toString());
  return {
    ...handle,
    async close() {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export const onPostgres = () => process.env.AURUM_TEST_DB === "postgres";

/**
 * Gives the test file its own database, installed as the process-wide handle so route
 * handlers under test use it. Returns a getter, as the database exists only once beforeAll ran.
 */
export function withTestDatabase(): () => Db {
  let db: Db | undefined;
  beforeAll(async () => {
    installDb(freshDatabase());
    db = await getDb();
  });
  afterAll(() => closeDb());
  return () => {
    if (!db) throw new Error("the test database is not open yet");
    return db;
  };
}
