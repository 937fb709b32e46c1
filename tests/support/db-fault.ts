import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";

/**
 * Runs `work` while the database refuses inserts into `table` (those matching `when`, an SQL
 * condition on `new`) with `message`, as a fault would (a full disk, a lost connection), not a
 * rule's refusal; the trigger goes afterwards whatever happened. Gives what `work` failed with (the
 * cause's message when it wraps one), or null when it did not fail.
 */
export async function withInsertFault(
  db: Db,
  fault: { name: string; table: string; when?: string; message: string },
  work: () => Promise<unknown>,
): Promise<string | null> {
  await db.execute(
    sql.raw(
      `create function ${fault.name}() returns trigger language plpgsql as $$ begin raise exception '${fault.message}'; end $$`,
    ),
  );
  await db.execute(
    sql.raw(
      `create trigger ${fault.name} before insert on ${fault.table} for each row ${fault.when ? `when (${fault.when})` : ""} execute function ${fault.name}()`,
    ),
  );
  try {
    return await work().then(
      () => null,
      (err: Error) => (err.cause instanceof Error ? err.cause.message : err.message),
    );
  } finally {
    await db.execute(sql.raw(`drop trigger ${fault.name} on ${fault.table}`));
    await db.execute(sql.raw(`drop function ${fault.name}()`));
  }
}
