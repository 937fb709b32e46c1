import { createHash, randomBytes } from "node:crypto";
import { and, eq, lt, or, isNotNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { twoFactorChallenges } from "@/db/schema";
import { newId } from "@/lib/core/ids";

/** How long the second step of a sign-in waits for its code. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Wrong codes one challenge takes before it is spent (the sign-in rate limits count each one too). */
export const CHALLENGE_MAX_FAILURES = 5;

export const hashChallenge = (challenge: string): string => createHash("sha256").update(challenge).digest("hex");

/**
 * A challenge is 32 random bytes (base64url) handed to the client that gave the right password;
 * the database keeps its SHA-256 with the user it belongs to, so the challenge names the user and
 * a copy of the table holds nothing that completes a sign-in. A row rather than a token signed with
 * the auth secret, because single use needs a record anyway. The user's spent and expired ones
 * are swept when a new one is issued.
 */
export async function issueChallenge(
  db: Db,
  userId: string,
  meta: { ip: string | null },
  now = Date.now(),
): Promise<string> {
  const challenge = randomBytes(32).toString("base64url");
  await db
    .delete(twoFactorChallenges)
    .where(
      and(
        eq(twoFactorChallenges.userId, userId),
        or(isNotNull(twoFactorChallenges.usedAt), lt(twoFactorChallenges.expiresAt, new Date(now))),
      ),
    );
  await db.insert(twoFactorChallenges).values({
    id: newId(),
    userId,
    tokenHash: hashChallenge(challenge),
    createdAt: new Date(now),
    expiresAt: new Date(now + CHALLENGE_TTL_MS),
    ip: meta.ip,
  });
  return challenge;
}
