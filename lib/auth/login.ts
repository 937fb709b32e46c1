import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { sessions, type User } from "@/db/schema";
import { describeDevice, isNewDevice } from "./device";
import { recordLogin } from "./login-history";
import { recordActivity } from "@/lib/activity/record";
import { hasTwoFactor } from "./two-factor/verify";
import { AppError, forbidden } from "@/lib/http/errors";
import { clearHits, consumeAll, limited, refund, type Limit } from "@/lib/rate-limit";
import { burnPasswordCheck, verifyPassword } from "./password";
import { MAX_PASSWORD_LENGTH } from "./register-rules";
import { createSession } from "./sessions";
import { issueChallenge } from "./two-factor/challenge";
import { findUserByName } from "./find-user";
import { HOUR_MS } from "@/lib/time";

export const loginPayloadSchema = z.object({
  usernameOrEmail: z
    .string({ error: "Please enter your username or email" })
    .trim()
    .min(1, "Please enter your username or email")
    .max(254, "Invalid credentials"),
  password: z
    .string({ error: "Please enter your password" })
    .min(1, "Please enter your password")
    .max(MAX_PASSWORD_LENGTH, "Invalid credentials"),
});

export type LoginPayload = z.infer<typeof loginPayloadSchema>;

/*
 * Brute force stays expensive without handing anyone a lock-out of somebody else's account:
 * - one address may fail 10 times in 15 minutes on one account (the strict limit a guesser meets);
 * - an account may fail 100 times an hour from all addresses together (a guesser with many
 *   addresses), and an address may fail 50 times in 15 minutes across accounts (spraying one common
 *   password). An address that has signed in to the account before is exempt from both, so a
 *   botnet or a neighbour behind the same address cannot lock the owner out from where they sign in.
 * Each attempt takes its hits before the password is checked (one atomic step per limit), so a
 * parallel burst gets exactly as many checks as the limits allow; a success gives them back.
 * With two-factor on, the second step (lib/auth/two-factor/complete-login) takes its hits from the
 * same limits, and only a right code clears them: a right password gives back its own hit and
 * no more, so knowing the password buys no extra guesses at the code.
 */
const PER_ADDRESS_AND_ACCOUNT: Limit = { max: 10, windowMs: 15 * 60_000 };
const PER_ACCOUNT: Limit = { max: 100, windowMs: HOUR_MS };
const PER_ADDRESS: Limit = { max: 50, windowMs: 15 * 60_000 };

export const INVALID_CREDENTIALS = "Invalid credentials";
export const ACCOUNT_DISABLED = "This account is disabled. Please contact customer service.";
export const ACCOUNT_FROZEN = "This account is frozen. Contact support to unfreeze it.";

/** Whether this address has ever held a session of this user (revoked and expired ones included). */
export async function signedInFrom(db: Db, userId: string, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip)))
    .limit(1);
  return !!row;
}

export function limitsFor(subject: string, ip: string, knownAddress: boolean) {
  const pair = { key: `login:pair:${subject}:${ip}`, limit: PER_ADDRESS_AND_ACCOUNT };
  if (knownAddress) return [pair];
  return [pair, { key: `login:account:${subject}`, limit: PER_ACCOUNT }, { key: `login:ip:${ip}`, limit: PER_ADDRESS }];
}

/**
 * Every attempt on an existing account lands in its login history (lib/auth/login-history), the
 * refused ones too: each record is its own statement on `db`, written before the error is thrown.
 */
export async function login(db: Db, payload: LoginPayload, meta: { ip: string; userAgent: string | null }) {
  const identifier = payload.usernameOrEmail.toLowerCase();
  const user = await findUserByName(db, identifier);
  // Failures count against the account whichever spelling (username or email) named it.
  const subject = user ? `user:${user.id}` : `name:${identifier}`;
  const limits = limitsFor(subject, meta.ip, user ? await signedInFrom(db, user.id, meta.ip) : false);
  const wait = await consumeAll(db, limits);
  if (wait > 0) {
    if (user) await recordLogin(db, user.id, "rate_limited", meta);
    throw limited("Too many failed sign-in attempts.", wait);
  }

  const valid = user ? await verifyPassword(user.passwordHash, payload.password) : await burnPasswordCheck(payload.password).then(() => false);
  if (!user || !valid) {
    if (user) await recordLogin(db, user.id, "wrong_password", meta);
    // One answer for an unknown user and a wrong password: names are not for probing.
    throw new AppError(401, "INVALID_CREDENTIALS", INVALID_CREDENTIALS);
  }
  const [pair, ...shared] = limits;
  const [secondStep] = await Promise.all([hasTwoFactor(db, user.id), ...shared.map(({ key, limit }) => refund(db, key, limit))]);
  if (secondStep) await refund(db, pair!.key, pair!.limit);
  else await clearHits(db, pair!.key);
  if (user.status !== "active") {
    // Only the right password learns why: a frozen account (frozen by its owner) or a disabled one.
    const frozen = user.frozenAt !== null;
    await recordLogin(db, user.id, frozen ? "frozen" : "disabled", meta);
    throw frozen ? forbidden(ACCOUNT_FROZEN, "ACCOUNT_FROZEN") : forbidden(ACCOUNT_DISABLED, "ACCOUNT_DISABLED");
  }
  // The password was right, and the account asks for a code too: no session until it comes.
  if (secondStep) return { twoFactorRequired: true as const, challenge: await issueChallenge(db, user.id, meta) };
  return startSession(db, user, meta);
}

/**
 * A signed-in session for a user who passed every step, recorded in their login history; from a
 * device the account has not used before, also in their activity (with a security mail).
 */
export async function startSession(db: Db, user: User, meta: { ip: string; userAgent: string | null }) {
  const newDevice = await isNewDevice(db, user.id, meta.userAgent);
  const [{ token }] = await Promise.all([createSession(db, user, meta), recordLogin(db, user.id, "success", meta)]);
  if (newDevice) await recordActivity(db, { userId: user.id, kind: "device.new", facts: { device: describeDevice(meta.userAgent), ip: meta.ip } });
  return { twoFactorRequired: false as const, user, token };
}
