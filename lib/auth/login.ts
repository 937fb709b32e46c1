import { z } from "zod";
import type { Db } from "@/db/client";
import { sessions, type User } from "@/db/schema";
import { describeDevice, isNewDevice, sessionUserAgents } from "./device";
import { recordingLogin, recordLogin } from "./login-history";
import { recordActivity } from "@/lib/activity/record";
import { AppError, forbidden } from "@/lib/core/errors";
import { consumeAll, giveBack, givingBack, limited, type GiveBack, type Hit, type Limit } from "@/lib/core/rate-limit";
import { burnPasswordCheck, verifyPassword } from "./password";
import { MAX_PASSWORD_LENGTH } from "./register-rules";
import { insertingSession, newSession, sessionToken } from "./sessions";
import { join, q, runStatement, unflushed } from "@/db/statement";
import { issueChallenge } from "./two-factor/challenge";
import { findSignInAccount, sessionsFrom } from "./find-user";
import { HOUR_MS } from "@/lib/core/time";

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
 * Each attempt takes its hits before the password is checked (every limit in one statement, each
 * hit conditional on its limit: lib/core/rate-limit's consumeAll), so a parallel burst gets exactly as
 * many checks as the limits allow; a success gives them back.
 * With two-factor on, the second step (lib/auth/two-factor/complete-login) takes its hits from the
 * same limits, and only a right code clears them: a right password gives back its own hit and
 * no more, so knowing the password buys no extra guesses at the code.
 */
const PER_ADDRESS_AND_ACCOUNT: Limit = { max: 10, windowMs: 15 * 60_000 };
const PER_ACCOUNT: Limit = { max: 100, windowMs: HOUR_MS };
const PER_ADDRESS: Limit = { max: 50, windowMs: 15 * 60_000 };

export const INVALID_CREDENTIALS = "Invalid credentials";
export const ACCOUNT_DISABLED = "This account is disabled. Please contact Customer Service.";
export const ACCOUNT_FROZEN = "This account is frozen. Contact Customer Service to unfreeze it.";

/** Whether this address has ever held a session of this user (revoked and expired ones included). */
export async function signedInFrom(db: Db, userId: string, ip: string): Promise<boolean> {
  const [row] = await db.select({ id: sessions.id }).from(sessions).where(sessionsFrom(userId, ip)).limit(1);
  return !!row;
}

export function limitsFor(subject: string, ip: string, knownAddress: boolean): Hit[] {
  const pair = { key: `login:pair:${subject}:${ip}`, limit: PER_ADDRESS_AND_ACCOUNT };
  if (knownAddress) return [pair];
  return [pair, { key: `login:account:${subject}`, limit: PER_ACCOUNT }, { key: `login:ip:${ip}`, limit: PER_ADDRESS }];
}

/**
 * Every attempt on an existing account lands in its login history (lib/auth/login-history), the
 * refused ones too: each record is its own statement on `db`, written before the error is thrown.
 * A sign-in is three statements, one after another: the account with what the limits need to know
 * about it, the limits' hits (all in one), then after the hash everything the outcome writes (hits
 * given back, the session, the history); a refusal at the second limit or later gives its hits back
 * in one more, and a new device adds its activity record.
 */
export async function login(db: Db, payload: LoginPayload, meta: { ip: string; userAgent: string | null }) {
  const identifier = payload.usernameOrEmail.toLowerCase();
  const account = await findSignInAccount(db, identifier, meta.ip);
  const user = account?.user;
  // Failures count against the account whichever spelling (username or email) named it.
  const subject = user ? `user:${user.id}` : `name:${identifier}`;
  const limits = limitsFor(subject, meta.ip, account?.knownAddress ?? false);
  const wait = await consumeAll(db, limits);
  if (wait > 0) {
    if (user) await recordLogin(db, user.id, "rate_limited", meta);
    throw limited("Too many failed sign-in attempts.", wait);
  }

  const valid = user
    ? await verifyPassword(user.passwordHash, payload.password)
    : await burnPasswordCheck(payload.password).then(() => false);
  if (!account || !valid) {
    if (user) await recordLogin(db, user.id, "wrong_password", meta);
    // One answer for an unknown user and a wrong password: names are not for probing.
    throw new AppError(401, "INVALID_CREDENTIALS", INVALID_CREDENTIALS);
  }
  // A right password gives its hits back; only a finished sign-in clears the address's count on the
  // account, so with two-factor on the code still meets the guesses made before the password.
  const [pair, ...shared] = limits;
  const hits: GiveBack[] = [{ ...pair!, clear: !account.twoFactor }, ...shared];
  if (account.user.status !== "active") {
    // Only the right password learns why: a frozen account (frozen by its owner) or a disabled one.
    const frozen = account.user.frozenAt !== null;
    await recordLogin(db, account.user.id, frozen ? "frozen" : "disabled", meta, new Date(), hits);
    throw frozen ? forbidden(ACCOUNT_FROZEN, "ACCOUNT_FROZEN") : forbidden(ACCOUNT_DISABLED, "ACCOUNT_DISABLED");
  }
  // The password was right, and the account asks for a code too: no session until it comes.
  if (account.twoFactor) {
    const [challenge] = await Promise.all([issueChallenge(db, account.user.id, meta), giveBack(db, hits)]);
    return { twoFactorRequired: true as const, challenge };
  }
  return startSession(db, account.user, meta, hits);
}

/**
 * A signed-in session for a user who passed every step, with `hits` given back, recorded in their
 * login history, all in one statement; from a device the account has not used before, also in
 * their activity (with a security mail).
 */
export async function startSession(
  db: Db,
  user: User,
  meta: { ip: string; userAgent: string | null },
  hits: GiveBack[] = [],
) {
  const now = new Date();
  const session = newSession(user.id, meta, now);
  const { entries, done } = givingBack(hits, now.getTime());
  const statement = q`with ${join(
    [
      ...entries,
      // Read in the statement's snapshot: the account's sessions before this one.
      q`earlier as (${sessionUserAgents(user.id)})`,
      q`started as (${insertingSession(session)})`,
      ...recordingLogin(user.id, "success", meta, now, done),
    ],
    ", ",
  )} select (select coalesce(json_agg(user_agent), '[]') from earlier) as earlier${unflushed(db)}`;
  const [[row], token] = await Promise.all([
    runStatement<{ earlier: (string | null)[] }>(db, statement),
    sessionToken(user, session),
  ]);
  if (isNewDevice(row!.earlier, meta.userAgent)) {
    await recordActivity(db, {
      userId: user.id,
      kind: "device.new",
      facts: { device: describeDevice(meta.userAgent), ip: meta.ip },
    });
  }
  return { twoFactorRequired: false as const, user, token };
}
