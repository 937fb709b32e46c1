import { and, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { users, type User } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { checkDialCode, contactFields, MAX_PASSWORD_LENGTH } from "@/lib/auth/register-rules";
import { uniqueViolation } from "@/db/errors";
import { startWithdrawalHold } from "@/lib/auth/withdraw-password";
import { badRequest, conflict, notFound } from "@/lib/core/errors";
import { recordActivity } from "@/lib/activity/record";
import { checkOwnPassword } from "@/lib/auth/own-password";

export const userInfoSchema = z
  .strictObject({
    ...contactFields,
    currentPassword: z.string({ error: "The current password must be text" }).max(MAX_PASSWORD_LENGTH).optional(),
  })
  .superRefine(checkDialCode);

export type UserInfoInput = z.infer<typeof userInfoSchema>;

const EMAIL_TAKEN = () =>
  conflict("This email is already registered", "EMAIL_TAKEN", { email: ["This email is already registered"] });

/**
 * Saves the user's own contact details under the register rules. The username never changes; a
 * new email asks for the current password, so a borrowed session cannot take over the account, and
 * pauses withdrawals in the same transaction, as a new password does (`WITHDRAW_HOLD_HOURS`):
 * whoever moved the account to their own address cannot empty it at once. The user is told by a
 * notification and a mail to both the former address and the new one.
 */
export async function updateUserInfo(
  db: Db,
  userId: string,
  input: UserInfoInput,
  now = new Date(),
): Promise<{ user: User; withdrawalsPausedUntil: Date | null }> {
  const email = input.email.toLowerCase();
  const [current] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!current) throw notFound("User not found");
  const newEmail = email !== current.email.toLowerCase();
  if (newEmail) {
    if (!input.currentPassword) {
      throw badRequest(
        "Please enter your current password to change your email",
        { currentPassword: ["Please enter your current password"] },
        "PASSWORD_REQUIRED",
      );
    }
    const wrong = () =>
      badRequest(
        "The current password is incorrect",
        { currentPassword: ["The current password is incorrect"] },
        "WRONG_PASSWORD",
      );
    await checkOwnPassword(db, userId, input.currentPassword, "email-change", wrong);
  }
  try {
    return await runTransaction(db, async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
      if (!user) throw notFound("User not found");
      if (newEmail) {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, userId)))
          .limit(1);
        if (taken) throw EMAIL_TAKEN();
      }
      const [saved] = await tx
        .update(users)
        .set({
          email,
          country: input.country.toUpperCase(),
          phoneCode: input.phoneCode,
          phoneNumber: input.phoneNumber.replace(/[ -]/g, ""),
          updatedAt: now,
        })
        .where(eq(users.id, userId))
        .returning();
      if (!newEmail) return { user: saved!, withdrawalsPausedUntil: null };
      const until = await startWithdrawalHold(tx, userId, now);
      await recordActivity(tx, {
        userId,
        kind: "email.changed",
        facts: { email, pausedUntil: until.toISOString() },
        formerEmail: current.email,
      });
      return { user: { ...saved!, withdrawHoldUntil: until }, withdrawalsPausedUntil: until };
    });
  } catch (err) {
    // Another account took the address between the check and the write.
    if (uniqueViolation(err)?.includes("email")) throw EMAIL_TAKEN();
    throw err;
  }
}
