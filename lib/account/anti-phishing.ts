import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { notFound } from "@/lib/core/errors";
import { recordActivity } from "@/lib/activity/record";

export const ANTI_PHISHING_MIN = 4;
export const ANTI_PHISHING_MAX = 20;
const ALLOWED = /^[A-Za-z0-9 -]+$/;
const RULE = `The code must be ${ANTI_PHISHING_MIN}–${ANTI_PHISHING_MAX} characters: letters, digits, spaces and dashes`;

/** `{code}`: the new code (trimmed), or null or "" to remove it. */
export const antiPhishingSchema = z.strictObject({
  code: z.union(
    [
      z.null(),
      z
        .string()
        .max(200, RULE)
        .transform((v) => v.trim())
        .refine(
          (v) => v === "" || (v.length >= ANTI_PHISHING_MIN && v.length <= ANTI_PHISHING_MAX && ALLOWED.test(v)),
          RULE,
        ),
    ],
    { error: RULE },
  ),
});

export type AntiPhishingInput = z.infer<typeof antiPhishingSchema>;

/** "AB••••YZ": how the code shows anywhere but to its owner (an admin's screen, a log). */
export function maskCode(code: string | null): string | null {
  if (!code) return null;
  return code.length <= 4
    ? "•".repeat(code.length)
    : `${code.slice(0, 1)}${"•".repeat(code.length - 2)}${code.slice(-1)}`;
}

/**
 * Sets or removes the user's anti-phishing code. Every notification sent from then on carries it
 * (lib/notifications/create stamps it), this one first: it tells the user the code changed.
 */
export async function setAntiPhishingCode(
  db: Db,
  userId: string,
  input: AntiPhishingInput,
): Promise<{ code: string | null }> {
  const code = input.code === null || input.code === "" ? null : input.code;
  return runTransaction(db, async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ antiPhishingCode: code, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!updated) throw notFound("User not found");
    await recordActivity(tx, { userId, kind: code ? "anti_phishing.set" : "anti_phishing.removed", facts: {} });
    return { code };
  });
}
