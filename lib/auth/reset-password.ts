import { and, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { passwordResetTokens, users } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { recordActivity } from "@/lib/activity/record";
import { startWithdrawalHold } from "@/lib/auth/withdraw-password";
import { AppError, forbidden } from "@/lib/core/errors";
import { inBackground } from "@/lib/mail/background";
import { deliver } from "@/lib/mail/outbox";
import { hashPassword } from "./password";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, REGISTER_MESSAGES } from "./register-rules";
import { hashResetToken, liveResetToken } from "./reset-tokens";
import { revokeUserSessions } from "./sessions";

export const resetPasswordSchema = z.strictObject({
  token: z
    .string({ error: "The reset link is incomplete. Please open the link from the email again." })
    .trim()
    .min(1, "The reset link is incomplete. Please open the link from the email again.")
    .max(200, "This password reset link is not valid."),
  // The register rules for a password.
  newPassword: z
    .string({ error: REGISTER_MESSAGES.password })
    .min(1, REGISTER_MESSAGES.password)
    .min(MIN_PASSWORD_LENGTH, REGISTER_MESSAGES.passwordLength)
    .max(MAX_PASSWORD_LENGTH, `Password should be at most ${MAX_PASSWORD_LENGTH} characters long`),
});

export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const invalidResetToken = () =>
  new AppError(
    400,
    "RESET_TOKEN_INVALID",
    "This password reset link is invalid, expired or already used. Please ask for a new one.",
  );

/**
 * Sets a new password with a reset link's token, in one transaction: the token is claimed (it must
 * be unused and unexpired, and only one of two racing requests gets it), the argon2id password set,
 * every session of the user ended (sockets dropped once this commits), withdrawals paused as after
 * any new password, and the user told by a notification and by mail. A refusal writes nothing.
 */
export async function resetPassword(
  db: Db,
  input: ResetPasswordInput,
  meta: { ip: string },
  now = new Date(),
): Promise<{ sessionsEnded: number }> {
  // Checked before hashing: argon2 is slow, and a made-up token should not cost a hash.
  if (!(await liveResetToken(db, input.token, now))) throw invalidResetToken();
  const passwordHash = await hashPassword(input.newPassword);
  const { mailId, sessionsEnded } = await runTransaction(db, async (tx) => {
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now, usedIp: meta.ip })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashResetToken(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) throw invalidResetToken();
    const [user] = await tx.select().from(users).where(eq(users.id, claimed.userId)).for("update");
    if (!user) throw invalidResetToken();
    if (user.status !== "active")
      throw forbidden("This account is disabled. Please contact Customer Service.", "ACCOUNT_DISABLED");

    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    // Any other link still out (two requests that crossed) dies with this one.
    await tx
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await startWithdrawalHold(tx, user.id, now);
    const ended = await revokeUserSessions(tx, user.id);
    const { mailId } = await recordActivity(
      tx,
      { userId: user.id, kind: "password.reset_by_link", facts: { sessionsEnded: ended.length } },
      now,
    );
    return { mailId, sessionsEnded: ended.length };
  });
  if (mailId) inBackground("password reset notice", () => deliver(db, [mailId]));
  return { sessionsEnded };
}
