import postgres from "postgres";
import { openDatabase } from "@/db/client";
import { postgresTemplateName, testDatabaseUrl } from "./templates";

/** Vitest's global set-up for the PostgreSQL project: one migrated database that every test file's database is copied from. */
export default async function setup() {
  const server = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  const name = postgresTemplateName();
  await server.unsafe(`drop database if exists ${name} with (force)`);
  await server.unsafe(`create database ${name}`);
  // Closed before any copy: PostgreSQL copies a template only while no one is connected to it.
  await (await openDatabase(testDatabaseUrl(name))).close();
  return async () => {
    await server.unsafe(`drop database if exists ${name} with (force)`);
    await server.end();
  };
}
