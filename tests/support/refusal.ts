import type { SQL } from "drizzle-orm";
import type { Db } from "@/db/client";

/** The database's own message when it refuses `statement` (drizzle wraps it as the cause), or "accepted". */
export async function refusal(db: Db, statement: SQL): Promise<string> {
  try {
    await db.execute(statement);
  } catch (err) {
    const e = err as Error;
    return e.cause instanceof Error ? e.cause.message : e.message;
  }
  return "accepted";
}
