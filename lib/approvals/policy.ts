import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditLogs, users, type User } from "@/db/schema";
import { ADMIN_SET_LOCK, adminCount } from "@/lib/auth/admins";
import { conflict, notFound } from "@/lib/core/errors";
import { DAY_MS } from "@/lib/core/time";

/** How long a proposal waits for a second administrator before it lapses. */
export const PROPOSAL_TTL_MS = DAY_MS;

export async function activeAdmins(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.status, "active")));
  return row?.n ?? 0;
}

/**
 * Whether an action on who administers needs a second administrator: once two administrators
 * exist, counted however frozen or disabled (see adminCount), it always does; the first
 * administrator appoints the second alone. Taken under the lock role and status changes hold, so
 * a lone administrator cannot appoint two at once.
 */
export async function adminsNeedingApproval(tx: Db): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_SET_LOCK})`);
  return (await adminCount(tx)) >= 2;
}

/**
 * When four eyes began: the time of the first appointment of an administrator (the audit log's
 * first role change to admin, the one the first administrator made alone), or null while there
 * has only ever been one.
 */
export async function fourEyesSince(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: auditLogs.createdAt })
    .from(auditLogs)
    .where(and(eq(auditLogs.action, "user.role.change"), sql`${auditLogs.detail}->>'after' = 'admin'`))
    .orderBy(asc(auditLogs.createdAt), asc(auditLogs.seq))
    .limit(1);
  return row?.at ?? null;
}

export async function targetUser(tx: Db, userId: string): Promise<User> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound("User not found");
  return user;
}

/**
 * Approval carries out exactly what the maker saw: each field's value now must still be the
 * "before" the proposal shows, or it fails with 409 PROPOSAL_STALE and nothing changes.
 */
export function assertUnchanged(fields: { label: string; before: unknown; now: unknown }[]): void {
  const moved = fields.filter((f) => JSON.stringify(f.before) !== JSON.stringify(f.now));
  if (moved.length > 0) {
    throw conflict(
      `This changed since it was proposed (${moved.map((f) => f.label).join(", ")}): propose it again from what it is now`,
      "PROPOSAL_STALE",
    );
  }
}
