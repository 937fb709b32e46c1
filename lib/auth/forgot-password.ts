import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { passwordResetTokens, type User } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { newId } from "@/lib/core/ids";
import { inBackground } from "@/lib/mail/background";
import { resetLinkMail } from "@/lib/mail/messages";
import { deliver, queueMail } from "@/lib/mail/outbox";
import { smtpConfigured } from "@/lib/mail/transport";
import { consumeAll, limited, type Limit } from "@/lib/core/rate-limit";
import { getSettings } from "@/lib/settings";
import { newResetToken, RESET_TOKEN_TTL_MS } from "./reset-tokens";
import { findUserByName } from "./find-user";
import { HOUR_MS } from "@/lib/core/time";

export const forgotPasswordSchema = z.strictObject({
  usernameOrEmail: z
    .string({ error: "Please enter your username or email" })
    .trim()
    .min(1, "Please enter your username or email")
    .max(254, "Please enter your username or email"),
});

export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The one answer to every request, whether or not an account matched. */
export const FORGOT_PASSWORD_ANSWER = "If an account matches, we have sent a link to reset its password.";

/*
 * A name may ask 5 times an hour and an address 20 times an hour. The per-account limit counts the
 * name as typed (lowercased), for unknown names exactly as for known ones: counting a known account
 * under its id would let a prober learn, from when the 429 comes, that a username and an email are
 * one account. So an account can get at most 10 links an hour (5 by username, 5 by email).
 */
const PER_NAME: Limit = { max: 5, windowMs: HOUR_MS };
const PER_ADDRESS: Limit = { max: 20, windowMs: HOUR_MS };

/**
 * Asks for a reset link for the account named by username or email. The caller learns nothing
 * about whether it exists: the same limits are taken and the same lookup and token generation run
 * either way, and the rest (storing the token, writing and sending the mail) happens after the
 * answer, for an active account only. Earlier unused links of the account stop working.
 */
export async function requestPasswordReset(
  db: Db,
  input: ForgotPasswordInput,
  meta: { ip: string; origin: string },
  now = new Date(),
): Promise<void> {
  const identifier = input.usernameOrEmail.toLowerCase();
  const wait = await consumeAll(
    db,
    [
      { key: `reset:name:${identifier}`, limit: PER_NAME },
      { key: `reset:ip:${meta.ip}`, limit: PER_ADDRESS },
    ],
    now.getTime(),
  );
  if (wait > 0) throw limited("Too many password reset requests.", wait);

  const user = await findUserByName(db, identifier);
  const issued = newResetToken();
  if (user?.status === "active" && mayMailResetLink(user))
    inBackground("reset link", () => sendResetLink(db, user, issued, meta, now));
}

/**
 * An administrator's link leaves only by SMTP. Without it the outbox is where links wait, and the
 * outbox is read by administrators: one could reset another's password and sign in as them, a
 * second pair of eyes that is the first one's. The answer stays the same, so a prober learns
 * nothing about which names are administrators; the page says why no link comes.
 */
const mayMailResetLink = (user: User): boolean => user.role !== "admin" || smtpConfigured();

async function sendResetLink(
  db: Db,
  user: User,
  issued: { token: string; tokenHash: string },
  meta: { ip: string; origin: string },
  now: Date,
): Promise<void> {
  const { siteName } = await getSettings(db);
  const link = `${meta.origin}/reset-password?token=${issued.token}`;
  const mailId = await runTransaction(db, async (tx) => {
    await tx
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({
      id: newId(),
      userId: user.id,
      tokenHash: issued.tokenHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      requestIp: meta.ip,
    });
    return queueMail(tx, {
      ...resetLinkMail({
        to: user.email,
        username: user.username,
        siteName,
        link,
        validMinutes: RESET_TOKEN_TTL_MS / 60_000,
      }),
      antiPhishingCode: user.antiPhishingCode,
    });
  });
  await deliver(db, [mailId]);
}
