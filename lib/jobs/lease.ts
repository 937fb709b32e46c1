import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { jobLeases } from "@/db/schema";

/**
 * Takes or renews the lease on `name` for `holder` until now + `ttlMs`. Succeeds when the lease is
 * free, expired, or already this holder's; one statement, so two instances cannot both win.
 */
export async function acquireLease(db: Db, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const expiresAt = new Date(Date.now() + ttlMs);
  const won = await db
    .insert(jobLeases)
    .values({ name, holder, expiresAt })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder, expiresAt },
      setWhere: sql`${jobLeases.expiresAt} < now() or ${jobLeases.holder} = ${holder}`,
    })
    .returning({ holder: jobLeases.holder });
  return won.length === 1;
}

export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.delete(jobLeases).where(sql`${jobLeases.name} = ${name} and ${jobLeases.holder} = ${holder}`);
}
