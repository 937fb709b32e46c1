import { and, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { twoFactorChallenges, users } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { recordLogin } from "../login-history";
import { secondFactorField, spendSecondFactor } from "./verify";
import { AppError, forbidden } from "@/lib/core/errors";
import { clearHits, consumeAll, limited, refund } from "@/lib/core/rate-limit";
import { ACCOUNT_DISABLED, ACCOUNT_FROZEN, limitsFor, signedInFrom, startSession } from "../login";
import { CHALLENGE_MAX_FAILURES, hashChallenge } from "./challenge";

export const twoFactorLoginSchema = z.strictObject({
  challenge: z
    .string({ error: "This sign-in has expired. Please sign in again." })
    .min(1, "This sign-in has expired. Please sign in again.")
    .max(128, "This sign-in has expired. Please sign in again."),
  code: secondFactorField,
});

export type TwoFactorLoginInput = z.infer<typeof twoFactorLoginSchema>;

const CHALLENGE_GONE = "This sign-in has expired or was already used. Please sign in again.";
export const WRONG_CODE =
  "That code is not right (or was already used). Enter the newest code from your authenticator app, or an unused recovery code.";

/**
 * The second step of a sign-in with two-factor on. The challenge (from POST /api/auth/login) names
 * the user; it works for five minutes, once. Each code takes a hit from the very limits a password
 * takes (per address and account, per account, per address), so wrong codes and wrong passwords are
 * one budget; a wrong code is recorded in the login history ("wrong_code") before the refusal, and
 * five spend the challenge. A right code is used up (its time step, or the recovery code) in the
 * same transaction that spends the challenge, then the session starts as after a password.
 */
export async function completeTwoFactorLogin(
  db: Db,
  input: TwoFactorLoginInput,
  meta: { ip: string; userAgent: string | null },
  now = Date.now(),
) {
  const [challenge] = await db
    .select({ id: twoFactorChallenges.id, userId: twoFactorChallenges.userId })
    .from(twoFactorChallenges)
    .where(
      and(
        eq(twoFactorChallenges.tokenHash, hashChallenge(input.challenge)),
        isNull(twoFactorChallenges.usedAt),
        gt(twoFactorChallenges.expiresAt, new Date(now)),
      ),
    );
  if (!challenge) throw new AppError(401, "CHALLENGE_EXPIRED", CHALLENGE_GONE);
  const userId = challenge.userId;

  const limits = limitsFor(`user:${userId}`, meta.ip, await signedInFrom(db, userId, meta.ip));
  const wait = await consumeAll(db, limits, now);
  if (wait > 0) {
    await recordLogin(db, userId, "rate_limited", meta);
    throw limited("Too many failed sign-in attempts.", wait);
  }

  const outcome = await runTransaction(db, async (tx) => {
    // The challenge row is locked: of two requests with one challenge, the second sees it spent.
    const [row] = await tx
      .select()
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.id, challenge.id))
      .for("update");
    if (!row || row.usedAt || row.expiresAt.getTime() <= now) return "gone" as const;
    if (await spendSecondFactor(tx, userId, input.code, now)) {
      await tx
        .update(twoFactorChallenges)
        .set({ usedAt: new Date(now) })
        .where(eq(twoFactorChallenges.id, row.id));
      return "right" as const;
    }
    const failures = row.failures + 1;
    await tx
      .update(twoFactorChallenges)
      .set({ failures, usedAt: failures >= CHALLENGE_MAX_FAILURES ? new Date(now) : null })
      .where(eq(twoFactorChallenges.id, row.id));
    return "wrong" as const;
  });
  if (outcome === "gone") {
    for (const { key, limit } of limits) await refund(db, key, limit, now);
    throw new AppError(401, "CHALLENGE_EXPIRED", CHALLENGE_GONE);
  }
  if (outcome === "wrong") {
    await recordLogin(db, userId, "wrong_code", meta);
    throw new AppError(401, "WRONG_TWO_FACTOR_CODE", WRONG_CODE, { code: ["Not right or already used"] });
  }

  const [pair, ...shared] = limits;
  await clearHits(db, pair!.key);
  for (const { key, limit } of shared) await refund(db, key, limit, now);
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  // Disabled or frozen in the minutes between the password and the code.
  if (!user || user.status !== "active") {
    const frozen = user?.frozenAt != null;
    if (user) await recordLogin(db, userId, frozen ? "frozen" : "disabled", meta);
    throw frozen ? forbidden(ACCOUNT_FROZEN, "ACCOUNT_FROZEN") : forbidden(ACCOUNT_DISABLED, "ACCOUNT_DISABLED");
  }
  return startSession(db, user, meta);
}
