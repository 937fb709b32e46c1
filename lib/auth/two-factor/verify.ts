import { and, eq, isNotNull, isNull, lt, or, type Column } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { twoFactor, twoFactorRecoveryCodes } from "@/db/schema";
import { AppError, badRequest } from "@/lib/core/errors";
import { consume, limited, refund, type Limit } from "@/lib/core/rate-limit";
import { decryptTotpSecret, hashRecoveryCode, normalizeRecoveryCode } from "./crypto";
import { matchTotp } from "./totp";

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

// Checks by a signed-in session (turning it off, withdrawing): a stolen session is no code oracle.
const WRONG_CODES: Limit = { max: 10, windowMs: 15 * 60_000 };

const wrongCode = (field = "code") =>
  new AppError(
    403,
    "WRONG_TWO_FACTOR_CODE",
    "That code is not right (or was already used). Enter the newest code from your authenticator app, or an unused recovery code.",
    { [field]: ["Not right or already used"] },
  );

/** Two-factor is on once its enrolment is confirmed by a first code. */
export const twoFactorOn = (userId: string | Column) =>
  and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt));

/** Whether two-factor is on: sign-in and withdrawals then ask for a code. */
export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: twoFactor.userId }).from(twoFactor).where(twoFactorOn(userId));
  return !!row;
}

type Found = { kind: "totp"; step: number } | { kind: "recovery"; codeHash: string };

/**
 * Which second factor `input` is, when it is right and not used yet, without using it up: a TOTP
 * code of a time step within ±1 of `now` and later than the last one accepted, or an unused
 * recovery code. Null when it is neither (or two-factor is off).
 */
async function findSecondFactor(db: Db, userId: string, input: string, now: number): Promise<Found | null> {
  const [row] = await db
    .select()
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)));
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
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    );
  return unused ? { kind: "recovery", codeHash } : null;
}

/**
 * Checks a second factor inside `tx` and uses it up: a TOTP code is accepted only for a time step
 * later than the last one accepted (the UPDATE's condition makes that atomic, so of two requests
 * with one code only one passes), a recovery code only while unused. Null when it is not right.
 * Rolling `tx` back gives the code back.
 */
export async function spendSecondFactor(
  tx: Db,
  userId: string,
  input: string,
  now = Date.now(),
): Promise<"totp" | "recovery" | null> {
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
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, found.codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return used.length > 0 ? "recovery" : null;
}

/**
 * A code asked of a signed-in user (withdrawing, turning two-factor off): `check` answers what a
 * right code gives, or null for a wrong one, which is a 403 that counts toward a per-user limit
 * (ten wrong codes per 15 minutes, then 429). Each hit is its own statement, so a wrong code is
 * counted although the request fails; a right one gives it back.
 */
export async function limitWrongCodes<T>(
  db: Db,
  userId: string,
  field: string,
  now: number,
  check: () => Promise<T | null>,
): Promise<T> {
  const key = `2fa:user:${userId}`;
  const wait = await consume(db, key, WRONG_CODES, now);
  if (wait > 0) throw limited("Too many wrong two-factor codes.", wait);
  const right = await check();
  if (right === null) throw wrongCode(field);
  await refund(db, key, WRONG_CODES, now);
  return right;
}

const codeRequired = () =>
  badRequest(
    "Enter the 6-digit code from your authenticator app to withdraw",
    { twoFactorCode: [ENTER_CODE] },
    "TWO_FACTOR_CODE_REQUIRED",
  );

/**
 * For a withdrawal, before its transaction: nothing to check without two-factor; with it,
 * `twoFactorCode` must be there and right. Checking does not use it up: the withdrawal's own
 * transaction does (`spendWithdrawalCode`), so a withdrawal refused for funds or the limit leaves
 * the code usable for the next try.
 */
export async function checkWithdrawalCode(
  db: Db,
  userId: string,
  code: string | undefined,
  now = Date.now(),
): Promise<void> {
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
export async function spendWithdrawalCode(
  tx: Db,
  userId: string,
  code: string | undefined,
  now = Date.now(),
): Promise<void> {
  if (!(await hasTwoFactor(tx, userId))) return;
  if (!code) throw codeRequired();
  if (!(await spendSecondFactor(tx, userId, code, now))) throw wrongCode("twoFactorCode");
}
