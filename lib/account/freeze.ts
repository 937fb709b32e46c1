import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { ADMIN_SET_LOCK, assertAnotherActiveAdmin } from "@/lib/auth/admins";
import { audit } from "@/lib/audit";
import { MAX_PASSWORD_LENGTH } from "@/lib/auth/register-rules";
import { revokeUserSessions } from "@/lib/auth/sessions";
import { AppError, notFound } from "@/lib/core/errors";
import { recordActivity } from "@/lib/activity/record";
import { checkOwnPassword } from "@/lib/auth/own-password";

export const freezeSchema = z.strictObject({
  password: z
    .string({ error: "Please enter your password" })
    .min(1, "Please enter your password")
    .max(MAX_PASSWORD_LENGTH, "The password is not correct"),
});

export type FreezeInput = z.infer<typeof freezeSchema>;

/**
 * The owner's emergency brake. The account password is required, so a stolen session (or a page
 * that tricks a signed-in browser) cannot lock the owner out. Freezing disables the account
 * (status "disabled" with frozen_at/frozen_by set): sign-in, trading, withdrawals, limit-order fills
 * and strategy rounds stop exactly as for an account an admin disabled; every session ends and its
 * sockets drop once this commits. Only an administrator unfreezes (lib/admin/user-actions setStatus).
 */
export async function freezeAccount(
  db: Db,
  userId: string,
  input: FreezeInput,
  meta: { ip: string | null },
): Promise<{ frozenAt: Date; sessionsEnded: number }> {
  await checkOwnPassword(
    db,
    userId,
    input.password,
    "freeze",
    () => new AppError(403, "WRONG_PASSWORD", "The password is not correct.", { password: ["Not correct"] }),
  );
  return runTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_SET_LOCK})`);
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw notFound("User not found");
    if (user.status !== "active") throw new AppError(409, "NOT_ACTIVE", "This account is not active");
    if (user.role === "admin") await assertAnotherActiveAdmin(tx, userId);
    const frozenAt = new Date();
    await tx
      .update(users)
      .set({ status: "disabled", frozenAt, frozenBy: userId, updatedAt: frozenAt })
      .where(eq(users.id, userId));
    const ended = await revokeUserSessions(tx, userId);
    await recordActivity(tx, { userId, kind: "account.frozen", facts: { frozenAt: frozenAt.toISOString() } });
    await audit(tx, {
      actorId: userId,
      action: "user.freeze",
      target: { type: "user", id: userId },
      detail: { sessionsEnded: ended.length },
      ip: meta.ip,
    });
    return { frozenAt, sessionsEnded: ended.length };
  });
}
