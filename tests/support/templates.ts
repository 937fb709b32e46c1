import { randomBytes } from "node:crypto";
import path from "node:path";

/**
 * Every test file gets a fresh database; creating one (PGlite's initdb in WebAssembly above all) and
 * migrating it took most of the integration run's time. The suite's global set-up makes one migrated
 * database per kind, and each file starts from a copy: PGlite from a dump of the template's data
 * directory, PostgreSQL with CREATE DATABASE … TEMPLATE.
 */
export const PGLITE_TEMPLATE = path.join(import.meta.dirname, "..", "..", ".test-data", "pglite-template.tar");

/** TEST_DATABASE_URL's database name: the tests' own databases are named after it, so CI drops any left behind. */
const serverDatabase = () => new URL(process.env.TEST_DATABASE_URL!).pathname.slice(1) || "postgres";

export const postgresTemplateName = () => `${serverDatabase()}_template`;

/** A new database's name on the test server, distinct per call. */
export const testDatabaseName = () => `${serverDatabase()}_t_${randomBytes(6).toString("hex")}`;

/** The URL of `name` on the test server. */
export function testDatabaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}
