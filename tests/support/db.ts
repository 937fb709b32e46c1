import { readFileSync } from "node:fs";
import postgres from "postgres";
import { afterAll, beforeAll } from "vitest";
import { closeDb, getDb, installDb, openDatabase, type Db, type DbHandle } from "@/db/client";
import { PGLITE_TEMPLATE, postgresTemplateName, testDatabaseName, testDatabaseUrl } from "./templates";

/** A fresh, migrated database of the kind this Vitest project runs on (a copy of the suite's template): in-memory PGlite, or a new PostgreSQL database. */
async function freshDatabase(): Promise<DbHandle> {
  if (process.env.AURUM_TEST_DB !== "postgres")
    return openDatabase("memory://", { loadDataDir: new Blob([readFileSync(PGLITE_TEMPLATE)]) });
  if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is not set");
  const name = testDatabaseName();
  const admin = postgres(process.env.TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name} template ${postgresTemplateName()}`);
  const handle = await openDatabase(testDatabaseUrl(name));
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
