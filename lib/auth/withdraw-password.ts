import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { users, type User } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { recordActivity } from "@/lib/activity/record";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/auth/register-rules";
import { durationText } from "@/lib/core/format";
import { readEnv } from "@/lib/core/env";
import { AppError, badRequest, notFound } from "@/lib/core/errors";
import { HOUR_MS } from "@/lib/core/time";

/** After a new withdrawal password or login password, or two-factor turned off, withdrawals wait this long (WITHDRAW_HOLD_HOURS, 24 by default). */
export const withdrawHoldMs = () => readEnv().WITHDRAW_HOLD_HOURS * HOUR_MS;
/** This many wrong withdrawal passwords in a row lock withdrawals for LOCK_MS. */
export const MAX_WITHDRAW_PASSWORD_FAILURES = 5;
export const WITHDRAW_LOCK_MS = 15 * 60_000;

const secret = (what: string) =>
  z
    .string({ error: `Please enter ${what}` })
    .min(1, `Please enter ${what}`)
    .max(MAX_PASSWORD_LENGTH, `${what} is too long`);

export const withdrawPasswordSchema = z
  .object({
    password: secret("your account password").optional(),
    currentWithdrawPassword: secret("your current withdrawal password").optional(),
    newWithdrawPassword: z
      .string({ error: "Please enter a new withdrawal password" })
      .min(MIN_PASSWORD_LENGTH, `The withdrawal password should be at least ${MIN_PASSWORD_LENGTH} characters long`)
      .max(MAX_PASSWORD_LENGTH, `The withdrawal password should be at most ${MAX_PASSWORD_LENGTH} characters long`),
  })
  .strict();

export type WithdrawPasswordInput = z.infer<typeof withdrawPasswordSchema>;

/** What a user sees of their withdrawal password: whether it is set, and until when withdrawals wait. */
export function withdrawPasswordState(user: User, now = new Date()) {
  const future = (at: Date | null) => (at && at > now ? at.toISOString() : null);
  return {
    set: user.withdrawPasswordHash !== null,
    holdUntil: future(user.withdrawHoldUntil),
    lockedUntil: future(user.withdrawLockedUntil),
  };
}

async function lockedUser(tx: Db, userId: string): Promise<User> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!user) throw notFound("User not found");
  return user;
}

const lockedOut = (until: Date, now: Date) => {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError(
    429,
    "WITHDRAWALS_LOCKED",
    `Too many wrong withdrawal passwords. Withdrawals are locked for ${durationText(seconds * 1000)}.`,
    undefined,
    { "Retry-After": String(seconds) },
  );
};

/**
 * Checks a secret against `hash` under the user's row lock, counting a failure toward the lock-out
 * (five in a row lock withdrawals for 15 minutes) and clearing the count on success. Runs in a
 * transaction of its own so a failure is counted even though the request it belongs to fails.
 */
async function checkCounted(
  db: Db,
  userId: string,
  pick: (u: User) => string | null,
  secretText: string,
  wrong: AppError,
  now: Date,
): Promise<void> {
  const outcome = await runTransaction(db, async (tx) => {
    const user = await lockedUser(tx, userId);
    if (user.withdrawLockedUntil && user.withdrawLockedUntil > now) return lockedOut(user.withdrawLockedUntil, now);
    const hash = pick(user);
    if (hash === null) return new AppError(422, "WITHDRAW_PASSWORD_NOT_SET", "Set a withdrawal password first");
    if (await verifyPassword(hash, secretText)) {
      if (user.withdrawPasswordFailures > 0)
        await tx.update(users).set({ withdrawPasswordFailures: 0 }).where(eq(users.id, userId));
      return null;
    }
    const failures = user.withdrawPasswordFailures + 1;
    if (failures >= MAX_WITHDRAW_PASSWORD_FAILURES) {
      const until = new Date(now.getTime() + WITHDRAW_LOCK_MS);
      await tx
        .update(users)
        .set({ withdrawPasswordFailures: 0, withdrawLockedUntil: until })
        .where(eq(users.id, userId));
      return lockedOut(until, now);
    }
    await tx.update(users).set({ withdrawPasswordFailures: failures }).where(eq(users.id, userId));
    const left = MAX_WITHDRAW_PASSWORD_FAILURES - failures;
    return new AppError(
      wrong.status,
      wrong.code,
      `${wrong.message} ${left} attempt${left === 1 ? "" : "s"} left before withdrawals lock for 15 minutes.`,
      wrong.errors,
    );
  });
  if (outcome) throw outcome;
}

const wrongWithdrawPassword = () =>
  new AppError(403, "WRONG_WITHDRAW_PASSWORD", "The withdrawal password is not correct.", {
    withdrawPassword: ["Not correct"],
  });

/** The withdrawal password of a request to withdraw: set, right, not locked out, and past its hold. */
export async function checkWithdrawPassword(
  db: Db,
  userId: string,
  withdrawPassword: string,
  now = new Date(),
): Promise<void> {
  await checkCounted(db, userId, (u) => u.withdrawPasswordHash, withdrawPassword, wrongWithdrawPassword(), now);
  const [user] = await db.select({ holdUntil: users.withdrawHoldUntil }).from(users).where(eq(users.id, userId));
  assertNotOnHold(user?.holdUntil ?? null, now);
}

/**
 * Refuses a withdrawal while the pause after a security change lasts. Checked with the password
 * and again under the user's row lock in the withdrawal's transaction, so a change committed in
 * between still stops it.
 */
export function assertNotOnHold(holdUntil: Date | null, now: Date): void {
  if (holdUntil && holdUntil > now) {
    throw new AppError(
      422,
      "WITHDRAWALS_ON_HOLD",
      `For your security, withdrawals are paused for another ${durationText(holdUntil.getTime() - now.getTime())} after a change to your account's security (a new password, withdrawal password or email, or two-factor turned off).`,
    );
  }
}

/**
 * The pause in the sentence that confirms a security change: "For your security, withdrawals are
 * paused for 24 hours." A length, not a time: the server does not know the reader's zone (the answer
 * carries the end as data for screens that show it). Nothing when there is no pause.
 */
export function pauseSentence(holdUntil: Date, now = new Date()): string {
  const left = holdUntil.getTime() - now.getTime();
  return left > 0 ? ` For your security, withdrawals are paused for ${durationText(left)}.` : "";
}

/** Starts (or extends) the 24-hour pause on withdrawals that follows any password change, an email change, and turning two-factor off. */
export async function startWithdrawalHold(tx: Db, userId: string, now = new Date()): Promise<Date> {
  // A pause already running longer (WITHDRAW_HOLD_HOURS was lowered since) is kept, never shortened.
  const [row] = await tx
    .update(users)
    .set({
      withdrawHoldUntil: sql`greatest(${users.withdrawHoldUntil}, ${new Date(now.getTime() + withdrawHoldMs()).toISOString()}::timestamptz)`,
    })
    .where(eq(users.id, userId))
    .returning({ until: users.withdrawHoldUntil });
  return row!.until!;
}

/**
 * Sets the withdrawal password (the account password proves it is the owner) or changes it (the
 * current withdrawal password proves it), argon2id like the login password. Either way withdrawals
 * pause for 24 hours: whoever just took over an account cannot empty it at once.
 */
export async function setWithdrawPassword(
  db: Db,
  userId: string,
  input: WithdrawPasswordInput,
  now = new Date(),
): Promise<{ holdUntil: Date }> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound("User not found");
  if (user.withdrawPasswordHash === null) {
    if (!input.password)
      throw badRequest("Please enter your account password", { password: ["Required to set a withdrawal password"] });
    const wrong = new AppError(403, "WRONG_PASSWORD", "The account password is not correct.", {
      password: ["Not correct"],
    });
    await checkCounted(db, userId, (u) => u.passwordHash, input.password, wrong, now);
  } else {
    if (!input.currentWithdrawPassword) {
      throw badRequest("Please enter your current withdrawal password", {
        currentWithdrawPassword: ["Required to change it"],
      });
    }
    const wrong = new AppError(403, "WRONG_WITHDRAW_PASSWORD", "The current withdrawal password is not correct.", {
      currentWithdrawPassword: ["Not correct"],
    });
    await checkCounted(db, userId, (u) => u.withdrawPasswordHash, input.currentWithdrawPassword, wrong, now);
  }
  const withdrawPasswordHash = await hashPassword(input.newWithdrawPassword);
  return runTransaction(db, async (tx) => {
    await tx
      .update(users)
      .set({ withdrawPasswordHash, withdrawPasswordFailures: 0, withdrawLockedUntil: null, updatedAt: now })
      .where(eq(users.id, userId));
    const holdUntil = await startWithdrawalHold(tx, userId, now);
    await recordActivity(
      tx,
      {
        userId,
        kind: "withdraw_password.set",
        facts: { changed: user.withdrawPasswordHash !== null, pausedUntil: holdUntil.toISOString() },
      },
      now,
    );
    return { holdUntil };
  });
}
