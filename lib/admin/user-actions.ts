import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { runTransaction } from "@/db/transaction";
import { users, type User } from "@/db/schema";
import { recordActivity } from "@/lib/activity/record";
import { audit } from "@/lib/audit";
import { ADMIN_SET_LOCK, adminCount, assertAdminsRemain, assertAnotherActiveAdmin } from "@/lib/auth/admins";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, REGISTER_MESSAGES } from "@/lib/auth/register-rules";
import { revokeUserSessions } from "@/lib/auth/sessions";
import { startWithdrawalHold } from "@/lib/auth/withdraw-password";
import { notFound } from "@/lib/core/errors";

const password = (field: string) =>
  z
    .string({ error: `Please enter the ${field}` })
    .min(1, `Please enter the ${field}`)
    .min(MIN_PASSWORD_LENGTH, REGISTER_MESSAGES.passwordLength)
    .max(MAX_PASSWORD_LENGTH, `Password should be at most ${MAX_PASSWORD_LENGTH} characters long`);

export const resetPasswordSchema = z.object({ newPassword: password("new password") });
export const resetWithdrawPasswordSchema = z.object({ newWithdrawPassword: password("new withdrawal password") });
export const statusSchema = z.object({
  status: z.enum(["active", "disabled"], { error: 'status must be "active" or "disabled"' }),
});
export const roleSchema = z.object({
  role: z.enum(["user", "admin"], { error: 'role must be "user" or "admin"' }),
  // Why, for the audit, the checker and the user's own account activity (the admin screen asks for it).
  reason: z
    .string({ error: "reason must be text" })
    .trim()
    .min(1, "Please give a reason")
    .max(500, "The reason can be at most 500 characters")
    .optional(),
});

export interface Actor {
  id: string;
  ip: string | null;
}

async function lockedUser(tx: Db, userId: string): Promise<User> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!user) throw notFound("User not found");
  return user;
}

/**
 * Resets a password from a hash made beforehand (argon2id; a proposal stores the hash, never the
 * password): sets it, pauses withdrawals, ends every session, audits and tells the owner.
 */
export async function setPasswordHash(
  tx: Db,
  userId: string,
  passwordHash: string,
  actor: Actor,
): Promise<{ sessionsEnded: number }> {
  await lockedUser(tx, userId);
  await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
  const until = await startWithdrawalHold(tx, userId);
  const ended = await revokeUserSessions(tx, userId);
  await audit(tx, {
    actorId: actor.id,
    action: "user.password.reset",
    target: { type: "user", id: userId },
    detail: { sessionsEnded: ended.length },
    ip: actor.ip,
  });
  await recordActivity(tx, {
    userId,
    kind: "password.reset",
    facts: { sessionsEnded: ended.length, pausedUntil: until.toISOString() },
    supportId: actor.id,
  });
  return { sessionsEnded: ended.length };
}

/** The withdrawal-password reset from a hash made beforehand (see setPasswordHash). */
export async function setWithdrawPasswordHash(
  tx: Db,
  userId: string,
  withdrawPasswordHash: string,
  actor: Actor,
): Promise<void> {
  await lockedUser(tx, userId);
  await tx
    .update(users)
    .set({ withdrawPasswordHash, withdrawPasswordFailures: 0, withdrawLockedUntil: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
  // Whoever learns a reset password must not be able to withdraw at once, the owner included.
  const until = await startWithdrawalHold(tx, userId);
  await audit(tx, {
    actorId: actor.id,
    action: "user.withdraw_password.reset",
    target: { type: "user", id: userId },
    ip: actor.ip,
  });
  await recordActivity(tx, {
    userId,
    kind: "withdraw_password.reset",
    facts: { pausedUntil: until.toISOString() },
    supportId: actor.id,
  });
}

/**
 * Disables (ending every session) or re-enables a user; the last active admin stays enabled.
 * Enabling an account its owner froze is the unfreeze: it clears who froze it and when, and the
 * audit entry (`user.unfreeze`) keeps both. Disabling a frozen account turns the freeze into an
 * administrator's disable (the owner is then told it is disabled, no longer frozen).
 */
export async function setStatus(db: Db, userId: string, status: User["status"], actor: Actor): Promise<User> {
  return runTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_SET_LOCK})`);
    const user = await lockedUser(tx, userId);
    const frozen = user.frozenAt !== null;
    if (user.status === status && !frozen) return user;
    if (status === "disabled" && user.role === "admin" && user.status === "active")
      await assertAnotherActiveAdmin(tx, userId);
    const [updated] = await tx
      .update(users)
      .set({ status, frozenAt: null, frozenBy: null, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    const ended = status === "disabled" ? await revokeUserSessions(tx, userId) : [];
    const kind = status === "disabled" ? "account.disabled" : frozen ? "account.unfrozen" : "account.enabled";
    await recordActivity(tx, { userId, kind, facts: {}, supportId: actor.id });
    await audit(tx, {
      actorId: actor.id,
      action: status === "disabled" ? "user.disable" : frozen ? "user.unfreeze" : "user.enable",
      target: { type: "user", id: userId },
      detail: {
        before: frozen ? "frozen" : user.status,
        after: status,
        sessionsEnded: ended.length,
        ...(frozen ? { frozenAt: user.frozenAt!.toISOString(), frozenBy: user.frozenBy } : {}),
      },
      ip: actor.ip,
    });
    return updated!;
  });
}

/** Changes a user's role; no administrator is removed that would leave fewer than two (see assertAdminsRemain). Sessions are ended so the token's role is never stale. */
export async function setRole(
  db: Db,
  userId: string,
  role: User["role"],
  actor: Actor,
  reason: string | null = null,
): Promise<User> {
  return runTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_SET_LOCK})`);
    const user = await lockedUser(tx, userId);
    if (user.role === role) return user;
    if (user.role === "admin") await assertAdminsRemain(tx);
    // The first appointment (one administrator to two) is the one made alone: the audit says so.
    const alone = role === "admin" && (await adminCount(tx)) < 2;
    const [updated] = await tx
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    const ended = await revokeUserSessions(tx, userId);
    await audit(tx, {
      actorId: actor.id,
      action: "user.role.change",
      target: { type: "user", id: userId },
      detail: {
        before: user.role,
        after: role,
        sessionsEnded: ended.length,
        ...(alone ? { alone: true } : {}),
        ...(reason ? { reason } : {}),
      },
      ip: actor.ip,
    });
    await recordActivity(tx, {
      userId,
      kind: role === "admin" ? "role.granted" : "role.removed",
      facts: {},
      reason,
      supportId: actor.id,
    });
    return updated!;
  });
}
