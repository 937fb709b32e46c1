import { randomBytes } from "node:crypto";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { openDatabase, type Db } from "@/db/client";
import { preparing } from "@/db/prepared";
import * as schema from "@/db/schema";

/**
 * A database of its own on the BENCH_DATABASE_URL server (127.0.0.1 only), migrated, with a pool of
 * `connections`; `drop()` closes everything and drops it.
 */
export async function benchDatabase(prefix: string, connections: number) {
  const server = process.env.BENCH_DATABASE_URL;
  if (!server)
    throw new Error("Set BENCH_DATABASE_URL to a PostgreSQL server where the benchmark may create a database");
  const url = new URL(server);
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(url.hostname))
    throw new Error("The benchmark runs against 127.0.0.1 only");
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  url.pathname = `/${name}`;
  process.env.AUTH_SECRET ??= randomBytes(32).toString("hex");
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const migrated = await openDatabase(url.toString());
  const client = postgres(url.toString(), { max: connections, onnotice: () => {} });
  const db = drizzle(preparing(client), { schema }) as unknown as Db;
  return {
    db,
    client,
    /** The migrating connection, which can also listen for NOTIFY. */
    handle: migrated,
    url: url.toString(),
    name,
    async drop() {
      await client.end();
      await migrated.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
