import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { passwordResetTokens, users } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { recordActivity } from "@/lib/activity/record";
import { hashPassword } from "@/lib/auth/password";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, REGISTER_MESSAGES } from "@/lib/auth/register-rules";
import { revokeOtherSessions } from "@/lib/auth/sessions";
import { startWithdrawalHold } from "@/lib/auth/withdraw-password";
import { badRequest, notFound } from "@/lib/core/errors";
import { checkOwnPassword } from "@/lib/auth/own-password";

export const changePasswordSchema = z.strictObject({
  currentPassword: z
    .string({ error: "Please enter your current password" })
    .min(1, "Please enter your current password")
    .max(MAX_PASSWORD_LENGTH, "The current password is incorrect"),
  newPassword: z
    .string({ error: "Please enter a new password" })
    .min(1, "Please enter a new password")
    .min(MIN_PASSWORD_LENGTH, REGISTER_MESSAGES.passwordLength)
    .max(MAX_PASSWORD_LENGTH, `Password should be at most ${MAX_PASSWORD_LENGTH} characters long`),
});

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/**
 * Changes the user's password: the current one is required, every other session ends (their
 * sockets are dropped once this commits), withdrawals wait out the usual hold as after any new
 * password, and it shows in the user's activity, with a notification and a mail.
 */
export async function changePassword(
  db: Db,
  userId: string,
  currentSessionId: string,
  input: ChangePasswordInput,
): Promise<{ sessionsEnded: number }> {
  const wrong = () =>
    badRequest(
      "The current password is incorrect",
      { currentPassword: ["The current password is incorrect"] },
      "WRONG_PASSWORD",
    );
  // Checked before hashing the new one, so a wrong guess costs one argon2 run, and limited per user.
  const checked = await checkOwnPassword(db, userId, input.currentPassword, "password-change", wrong);
  // Hashed before the transaction: argon2 is slow, and the row lock should not wait on it.
  const passwordHash = await hashPassword(input.newPassword);
  return runTransaction(db, async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw notFound("User not found");
    // Another change (or a reset) got in between: the password checked is no longer the current one.
    if (user.passwordHash !== checked) throw wrong();
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    // A reset link asked for before this change must not undo it.
    await tx
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    const until = await startWithdrawalHold(tx, userId);
    const ended = await revokeOtherSessions(tx, userId, currentSessionId);
    await recordActivity(tx, {
      userId,
      kind: "password.changed",
      facts: { sessionsEnded: ended.length, pausedUntil: until.toISOString() },
    });
    return { sessionsEnded: ended.length };
  });
}
