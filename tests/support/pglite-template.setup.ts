import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { PGLITE_TEMPLATE } from "./templates";

/** Vitest's global set-up for the PGlite project: one migrated data directory, dumped for every test file to start from. */
export default async function setup() {
  const client = new PGlite("memory://");
  await migrate(drizzle(client), { migrationsFolder: path.join(import.meta.dirname, "..", "..", "db", "migrations") });
  const dump = await client.dumpDataDir("none");
  await client.close();
  mkdirSync(path.dirname(PGLITE_TEMPLATE), { recursive: true });
  writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  return () => rmSync(PGLITE_TEMPLATE, { force: true });
}
