import { POST as approveRoute } from "@/app/api/admin/approvals/[id]/approve/route";
import { POST as twoFactorLoginRoute } from "@/app/api/auth/login/2fa/route";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import type { Db } from "@/db/client";
import { twoFactor } from "@/db/schema";
import { insertUser } from "@/lib/auth/register";
import { encryptTotpSecret } from "@/lib/auth/two-factor/crypto";
import { codeForStep, newTotpSecret, stepAt } from "@/lib/auth/two-factor/totp";
import { call, type CallResult } from "./http";
import { uniqueName } from "./users";

/**
 * Turns two-factor sign-in on for a user, as a finished enrolment leaves it (administrators need it
 * for every admin call); the secret, from which `totpCode` makes the codes an app would show.
 */
export async function enrolTwoFactor(db: Db, userId: string): Promise<string> {
  const secret = newTotpSecret();
  await db
    .insert(twoFactor)
    .values({ userId, secretEncrypted: encryptTotpSecret(secret, userId), enabledAt: new Date() });
  return secret;
}

/** The code an authenticator app with this secret shows now. */
export const totpCode = (secret: string, now = Date.now()) => codeForStep(secret, stepAt(now));

/** A fresh administrator with two-factor on, signed in through the API (password, then code). */
export async function signInAdmin(db: Db) {
  const username = uniqueName("admin");
  const password = "admin-password";
  const user = await insertUser(db, { username, email: `${username}@aurum.local`, password, role: "admin" });
  const secret = await enrolTwoFactor(db, user.id);
  const first = await call(loginRoute, { body: { usernameOrEmail: username, password } });
  const res = await call(twoFactorLoginRoute, { body: { challenge: first.body.challenge, code: totpCode(secret) } });
  if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { user, token: res.body.token as string, secret };
}

/**
 * Has a second administrator approve what `proposed` (a 202 from a gated admin call) put in the
 * queue, as maker–checker requires; the approval's answer. Any other answer is returned as it is.
 */
export async function approvedBySecondAdmin(db: Db, proposed: CallResult): Promise<CallResult> {
  if (proposed.status !== 202) return proposed;
  const checker = await signInAdmin(db);
  const proposal = proposed.body.proposal as { id: string };
  return call(approveRoute, { token: checker.token, params: { id: proposal.id } });
}
