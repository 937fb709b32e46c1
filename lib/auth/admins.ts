import { and, count, eq, ne } from "drizzle-orm";
import { ADVISORY_LOCKS } from "@/db/advisory-locks";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { AppError } from "@/lib/core/errors";

/*
 * Who administers: the counts and the lock that keep at least one active administrator, and two
 * once four eyes hold. Here rather than in lib/admin because a user freezing their own account
 * (lib/account) needs them too, and lib/admin builds on lib/account.
 */

// Role and status changes (and a user freezing their own account) take this lock so two admins
// cannot demote each other at the same moment.
export const ADMIN_SET_LOCK = ADVISORY_LOCKS.adminSet;

export async function assertAnotherActiveAdmin(tx: Db, userId: string): Promise<void> {
  const [others] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.status, "active"), ne(users.id, userId)));
  if ((others?.n ?? 0) === 0) {
    throw new AppError(422, "LAST_ADMIN", "The last active administrator cannot be demoted or disabled");
  }
}

/**
 * Every administrator, however frozen or disabled: the count that decides whether a second one
 * must approve. Counting only active ones let an administrator freeze their own account and leave
 * the other alone.
 */
export async function adminCount(tx: Db): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(users).where(eq(users.role, "admin"));
  return row?.n ?? 0;
}

/** Four eyes need two: once two administrators exist, none is removed that would leave fewer. */
export async function assertAdminsRemain(tx: Db): Promise<void> {
  if ((await adminCount(tx)) <= 2) {
    throw new AppError(
      422,
      "TOO_FEW_ADMINS",
      "Removing this administrator would leave fewer than two, and every approval needs two: appoint another administrator first",
    );
  }
}
