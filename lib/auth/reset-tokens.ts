import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { passwordResetTokens } from "@/db/schema";

/** How long a reset link works. */
export const RESET_TOKEN_TTL_MS = 30 * 60_000;

/** A new link token (32 random bytes, base64url) and the SHA-256 that is all the database keeps of it. */
export function newResetToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashResetToken(token) };
}

export const hashResetToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** The unused, unexpired token row a link's token names, if any. */
export async function liveResetToken(db: Db, token: string, now = new Date()) {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashResetToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}
