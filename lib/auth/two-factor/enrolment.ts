import { and, count, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { twoFactor, twoFactorChallenges, twoFactorRecoveryCodes, users } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { audit } from "@/lib/audit";
import { decryptTotpSecret, encryptTotpSecret, hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode } from "./crypto";
import { matchTotp, newTotpSecret, otpauthUrl } from "./totp";
import { AppError, badRequest, conflict, notFound } from "@/lib/http/errors";
import { MAX_PASSWORD_LENGTH } from "../register-rules";
import { newId } from "@/lib/ids";
import { recordActivity } from "@/lib/activity/record";
import { consume, limited, refund, type Limit } from "@/lib/rate-limit";
import { startWithdrawalHold } from "@/lib/funding/withdraw-password";
import { checkOwnPassword } from "../own-password";

const ENTER_CODE = "Enter the 6-digit code from your authenticator app";
const ENTER_CODE_OR_RECOVERY = "Enter the 6-digit code from your authenticator app or one of your recovery codes";

const isTotpShape = (v: string) => /^\d{6}$/.test(v.replace(/\s/g, ""));
const isCodeShape = (v: string) => isTotpShape(v) || normalizeRecoveryCode(v) !== null;

/** A code from the authenticator app: six digits (spaces, as some apps show them, are dropped). */
export const totpCodeField = z
  .string({ error: ENTER_CODE })
  .max(16, ENTER_CODE)
  .transform((v) => v.replace(/\s/g, ""))
  .refine((v) => /^\d{6}$/.test(v), ENTER_CODE);

/** A code from the app, or one of the ten recovery codes (`xxxxx-xxxxx`, any case). */
export const secondFactorField = z
  .string({ error: ENTER_CODE_OR_RECOVERY })
  .trim()
  .min(1, ENTER_CODE_OR_RECOVERY)
  .max(32, ENTER_CODE_OR_RECOVERY)
  .refine(isCodeShape, ENTER_CODE_OR_RECOVERY);

/** Starting enrolment asks for the account password: a stolen session must not tie the account to its thief's phone. */
export const setupSchema = z.strictObject({
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(MAX_PASSWORD_LENGTH, "The password is not correct."),
});
export const enableSchema = z.strictObject({ code: totpCodeField });
export const disableSchema = z.strictObject({ code: secondFactorField });

// Checks by a signed-in session (turning it off, withdrawing): a stolen session is no code oracle.
const WRONG_CODES: Limit = { max: 10, windowMs: 15 * 60_000 };

export const wrongCode = (field = "code") =>
  new AppError(403, "WRONG_TWO_FACTOR_CODE", "That code is not right (or was already used). Enter the newest code from your authenticator app, or an unused recovery code.", { [field]: ["Not right or already used"] });

/** Whether the user has two-factor on, since when, and how many recovery codes are left. */
export async function twoFactorState(db: Db, userId: string) {
  const [row] = await db.select({ enabledAt: twoFactor.enabledAt }).from(twoFactor).where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)));
  if (!row) return { enabled: false as const, enabledAt: null, recoveryCodesLeft: 0 };
  const [left] = await db.select({ n: count() }).from(twoFactorRecoveryCodes).where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return { enabled: true as const, enabledAt: row.enabledAt!.toISOString(), recoveryCodesLeft: left?.n ?? 0 };
}

export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: twoFactor.userId }).from(twoFactor).where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)));
  return !!row;
}

/**
 * Starts enrolment: a new secret, kept encrypted and waiting for its first code. Asking again
 * replaces a waiting one; with two-factor already on it is a 409 (turn it off first).
 */
export async function setupTwoFactor(db: Db, userId: string, password: string): Promise<{ secret: string; otpauthUrl: string }> {
  await checkOwnPassword(db, userId, password, "2fa-setup", () => new AppError(403, "WRONG_PASSWORD", "The password is not correct.", { password: ["Not correct"] }));
  const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound("User not found");
  const secret = newTotpSecret();
  const secretEncrypted = encryptTotpSecret(secret, userId);
  const saved = await db
    .insert(twoFactor)
    .values({ userId, secretEncrypted })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { secretEncrypted, lastStep: null, createdAt: new Date() }, setWhere: isNull(twoFactor.enabledAt) })
    .returning({ userId: twoFactor.userId });
  if (saved.length === 0) throw conflict("Two-factor sign-in is already on. Turn it off first to set up a new authenticator.", "TWO_FACTOR_ON");
  return { secret, otpauthUrl: otpauthUrl(secret, user.username) };
}

/**
 * Confirms enrolment with a code from the app (proof the secret was saved there), turns two-factor
 * on and answers ten recovery codes: shown this once, kept only as hashes.
 */
export async function enableTwoFactor(db: Db, userId: string, code: string, meta: { ip: string | null }, now = Date.now()): Promise<{ recoveryCodes: string[] }> {
  return runTransaction(db, async (tx) => {
    const [row] = await tx.select().from(twoFactor).where(eq(twoFactor.userId, userId)).for("update");
    if (!row) throw new AppError(422, "TWO_FACTOR_NOT_SET_UP", "Start the set-up first: scan the QR code, then enter the code your app shows.");
    if (row.enabledAt) throw conflict("Two-factor sign-in is already on.", "TWO_FACTOR_ON");
    const step = matchTotp(decryptTotpSecret(row.secretEncrypted, userId), code, row.lastStep, now);
    if (step === null) {
      throw new AppError(422, "WRONG_TWO_FACTOR_CODE", "That code is not right. Check that your phone's clock is set automatically and enter the newest code.", { code: ["Not right"] });
    }
    const at = new Date(now);
    await tx.update(twoFactor).set({ enabledAt: at, lastStep: step }).where(eq(twoFactor.userId, userId));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    const recoveryCodes = newRecoveryCodes();
    await tx.insert(twoFactorRecoveryCodes).values(recoveryCodes.map((c) => ({ id: newId(), userId, codeHash: hashRecoveryCode(normalizeRecoveryCode(c)!), createdAt: at })));
    await recordActivity(tx, { userId, kind: "two_factor.on", facts: {} });
    await audit(tx, { actorId: userId, action: "user.2fa.enable", target: { type: "user", id: userId }, ip: meta.ip });
    return { recoveryCodes };
  });
}

type Found = { kind: "totp"; step: number } | { kind: "recovery"; codeHash: string };

/**
 * Which second factor `input` is, when it is right and not used yet, without using it up: a TOTP
 * code of a time step within ±1 of `now` and later than the last one accepted, or an unused
 * recovery code. Null when it is neither (or two-factor is off).
 */
async function findSecondFactor(db: Db, userId: string, input: string, now: number): Promise<Found | null> {
  const [row] = await db.select().from(twoFactor).where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)));
  if (!row) return null;
  const digits = input.replace(/\s/g, "");
  if (/^\d{6}$/.test(digits)) {
    const step = matchTotp(decryptTotpSecret(row.secretEncrypted, userId), digits, row.lastStep, now);
    return step === null ? null : { kind: "totp", step };
  }
  const normalized = normalizeRecoveryCode(input);
  if (!normalized) return null;
  const codeHash = hashRecoveryCode(normalized);
  const [unused] = await db
    .select({ id: twoFactorRecoveryCodes.id })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, codeHash), isNull(twoFactorRecoveryCodes.usedAt)));
  return unused ? { kind: "recovery", codeHash } : null;
}

/**
 * Checks a second factor inside `tx` and uses it up: a TOTP code is accepted only for a time step
 * later than the last one accepted (the UPDATE's condition makes that atomic, so of two requests
 * with one code only one passes), a recovery code only while unused. Null when it is not right.
 * Rolling `tx` back gives the code back.
 */
export async function spendSecondFactor(tx: Db, userId: string, input: string, now = Date.now()): Promise<"totp" | "recovery" | null> {
  const found = await findSecondFactor(tx, userId, input, now);
  if (!found) return null;
  if (found.kind === "totp") {
    const taken = await tx
      .update(twoFactor)
      .set({ lastStep: found.step })
      .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, found.step))))
      .returning({ userId: twoFactor.userId });
    return taken.length > 0 ? "totp" : null;
  }
  const used = await tx
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date(now) })
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, found.codeHash), isNull(twoFactorRecoveryCodes.usedAt)))
    .returning({ id: twoFactorRecoveryCodes.id });
  return used.length > 0 ? "recovery" : null;
}

/**
 * A code asked of a signed-in user (withdrawing, turning two-factor off): `check` answers what a
 * right code gives, or null for a wrong one, which is a 403 that counts toward a per-user limit
 * (ten wrong codes per 15 minutes, then 429). Each hit is its own statement, so a wrong code is
 * counted although the request fails; a right one gives it back.
 */
async function limitWrongCodes<T>(db: Db, userId: string, field: string, now: number, check: () => Promise<T | null>): Promise<T> {
  const key = `2fa:user:${userId}`;
  const wait = await consume(db, key, WRONG_CODES, now);
  if (wait > 0) throw limited("Too many wrong two-factor codes.", wait);
  const right = await check();
  if (right === null) throw wrongCode(field);
  await refund(db, key, WRONG_CODES, now);
  return right;
}

const codeRequired = () => badRequest("Enter the 6-digit code from your authenticator app to withdraw", { twoFactorCode: [ENTER_CODE] }, "TWO_FACTOR_CODE_REQUIRED");

/**
 * For a withdrawal, before its transaction: nothing to check without two-factor; with it,
 * `twoFactorCode` must be there and right. Checking does not use it up: the withdrawal's own
 * transaction does (`spendWithdrawalCode`), so a withdrawal refused for funds or the limit leaves
 * the code usable for the next try.
 */
export async function checkWithdrawalCode(db: Db, userId: string, code: string | undefined, now = Date.now()): Promise<void> {
  if (!(await hasTwoFactor(db, userId))) return;
  if (!code) throw codeRequired();
  await limitWrongCodes(db, userId, "twoFactorCode", now, () => findSecondFactor(db, userId, code, now));
}

/**
 * Uses up a withdrawal's code inside the withdrawal's transaction (checked already by
 * `checkWithdrawalCode`): a 403 when another request used it in between; with two-factor off,
 * nothing to do. Call it before the withdrawal locks the user's row: two-factor's row comes first,
 * as when turning two-factor off.
 */
export async function spendWithdrawalCode(tx: Db, userId: string, code: string | undefined, now = Date.now()): Promise<void> {
  if (!(await hasTwoFactor(tx, userId))) return;
  if (!code) throw codeRequired();
  if (!(await spendSecondFactor(tx, userId, code, now))) throw wrongCode("twoFactorCode");
}

/**
 * Turns two-factor off, which takes a code (or a recovery code): a stolen session alone cannot.
 * Withdrawals pause in the same transaction, as after a new password (`WITHDRAW_HOLD_HOURS`):
 * whoever turned it off cannot withdraw at once without the code.
 */
export async function disableTwoFactor(db: Db, userId: string, code: string, meta: { ip: string | null }, now = Date.now()): Promise<{ holdUntil: Date }> {
  if (!(await hasTwoFactor(db, userId))) throw conflict("Two-factor sign-in is not on.", "TWO_FACTOR_OFF");
  const holdUntil = await limitWrongCodes(db, userId, "code", now, () =>
    runTransaction(db, async (tx) => {
      if (!(await spendSecondFactor(tx, userId, code, now))) return null;
      await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
      await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
      const until = await startWithdrawalHold(tx, userId, new Date(now));
      await recordActivity(tx, { userId, kind: "two_factor.off", facts: { pausedUntil: until.toISOString() } });
      await audit(tx, { actorId: userId, action: "user.2fa.disable", target: { type: "user", id: userId }, detail: { withdrawalsPausedUntil: until.toISOString() }, ip: meta.ip });
      return until;
    }),
  );
  return { holdUntil };
}
