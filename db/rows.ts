import type { SQL } from "drizzle-orm";
import type { Db } from "./client";

/** The rows of a raw statement: postgres.js answers an array, PGlite an object holding `rows`. */
export async function rowsOf<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}
