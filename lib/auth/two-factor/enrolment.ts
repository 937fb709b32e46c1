import { and, count, eq, isNotNull, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { twoFactor, twoFactorChallenges, twoFactorRecoveryCodes, users } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { audit } from "@/lib/audit";
import {
  decryptTotpSecret,
  encryptTotpSecret,
  hashRecoveryCode,
  newRecoveryCodes,
  normalizeRecoveryCode,
} from "./crypto";
import { matchTotp, newTotpSecret, otpauthUrl } from "./totp";
import { hasTwoFactor, limitWrongCodes, secondFactorField, spendSecondFactor, totpCodeField } from "./verify";
import { AppError, conflict, notFound } from "@/lib/core/errors";
import { MAX_PASSWORD_LENGTH } from "../register-rules";
import { newId } from "@/lib/core/ids";
import { recordActivity } from "@/lib/activity/record";
import { startWithdrawalHold } from "@/lib/auth/withdraw-password";
import { checkOwnPassword } from "../own-password";

/** Starting enrolment asks for the account password: a stolen session must not tie the account to its thief's phone. */
export const setupSchema = z.strictObject({
  password: z
    .string({ error: "Enter your password" })
    .min(1, "Enter your password")
    .max(MAX_PASSWORD_LENGTH, "The password is not correct."),
});
export const enableSchema = z.strictObject({ code: totpCodeField });
export const disableSchema = z.strictObject({ code: secondFactorField });

/** Whether the user has two-factor on, since when, and how many recovery codes are left. */
export async function twoFactorState(db: Db, userId: string) {
  const [row] = await db
    .select({ enabledAt: twoFactor.enabledAt })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)));
  if (!row) return { enabled: false as const, enabledAt: null, recoveryCodesLeft: 0 };
  const [left] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return { enabled: true as const, enabledAt: row.enabledAt!.toISOString(), recoveryCodesLeft: left?.n ?? 0 };
}

/**
 * Starts enrolment: a new secret, kept encrypted and waiting for its first code. Asking again
 * replaces a waiting one; with two-factor already on it is a 409 (turn it off first).
 */
export async function setupTwoFactor(
  db: Db,
  userId: string,
  password: string,
): Promise<{ secret: string; otpauthUrl: string }> {
  await checkOwnPassword(
    db,
    userId,
    password,
    "2fa-setup",
    () => new AppError(403, "WRONG_PASSWORD", "The password is not correct.", { password: ["Not correct"] }),
  );
  const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound("User not found");
  const secret = newTotpSecret();
  const secretEncrypted = encryptTotpSecret(secret, userId);
  const saved = await db
    .insert(twoFactor)
    .values({ userId, secretEncrypted })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { secretEncrypted, lastStep: null, createdAt: new Date() },
      setWhere: isNull(twoFactor.enabledAt),
    })
    .returning({ userId: twoFactor.userId });
  if (saved.length === 0)
    throw conflict(
      "Two-factor sign-in is already on. Turn it off first to set up a new authenticator.",
      "TWO_FACTOR_ON",
    );
  return { secret, otpauthUrl: otpauthUrl(secret, user.username) };
}

/**
 * Confirms enrolment with a code from the app (proof the secret was saved there), turns two-factor
 * on and answers ten recovery codes: shown this once, kept only as hashes.
 */
export async function enableTwoFactor(
  db: Db,
  userId: string,
  code: string,
  meta: { ip: string | null },
  now = Date.now(),
): Promise<{ recoveryCodes: string[] }> {
  return runTransaction(db, async (tx) => {
    const [row] = await tx.select().from(twoFactor).where(eq(twoFactor.userId, userId)).for("update");
    if (!row)
      throw new AppError(
        422,
        "TWO_FACTOR_NOT_SET_UP",
        "Start the set-up first: scan the QR code, then enter the code your app shows.",
      );
    if (row.enabledAt) throw conflict("Two-factor sign-in is already on.", "TWO_FACTOR_ON");
    const step = matchTotp(decryptTotpSecret(row.secretEncrypted, userId), code, row.lastStep, now);
    if (step === null) {
      throw new AppError(
        422,
        "WRONG_TWO_FACTOR_CODE",
        "That code is not right. Check that your phone's clock is set automatically and enter the newest code.",
        { code: ["Not right"] },
      );
    }
    const at = new Date(now);
    await tx.update(twoFactor).set({ enabledAt: at, lastStep: step }).where(eq(twoFactor.userId, userId));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    const recoveryCodes = newRecoveryCodes();
    await tx.insert(twoFactorRecoveryCodes).values(
      recoveryCodes.map((c) => ({
        id: newId(),
        userId,
        codeHash: hashRecoveryCode(normalizeRecoveryCode(c)!),
        createdAt: at,
      })),
    );
    await recordActivity(tx, { userId, kind: "two_factor.on", facts: {} });
    await audit(tx, { actorId: userId, action: "user.2fa.enable", target: { type: "user", id: userId }, ip: meta.ip });
    return { recoveryCodes };
  });
}

/**
 * Turns two-factor off, which takes a code (or a recovery code): a stolen session alone cannot.
 * Withdrawals pause in the same transaction, as after a new password (`WITHDRAW_HOLD_HOURS`):
 * whoever turned it off cannot withdraw at once without the code.
 */
export async function disableTwoFactor(
  db: Db,
  userId: string,
  code: string,
  meta: { ip: string | null },
  now = Date.now(),
): Promise<{ holdUntil: Date }> {
  if (!(await hasTwoFactor(db, userId))) throw conflict("Two-factor sign-in is not on.", "TWO_FACTOR_OFF");
  const holdUntil = await limitWrongCodes(db, userId, "code", now, () =>
    runTransaction(db, async (tx) => {
      if (!(await spendSecondFactor(tx, userId, code, now))) return null;
      await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
      await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
      const until = await startWithdrawalHold(tx, userId, new Date(now));
      await recordActivity(tx, { userId, kind: "two_factor.off", facts: { pausedUntil: until.toISOString() } });
      await audit(tx, {
        actorId: userId,
        action: "user.2fa.disable",
        target: { type: "user", id: userId },
        detail: { withdrawalsPausedUntil: until.toISOString() },
        ip: meta.ip,
      });
      return until;
    }),
  );
  return { holdUntil };
}
