import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { MUTABLE_MAIL_CATEGORIES, NOTIFICATION_CATEGORIES, users, type NotificationCategory } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { badRequest, notFound } from "@/lib/core/errors";

export type Channel = "mail" | "push";
export type Choices = Record<NotificationCategory, boolean>;

/** Whether mail of `category` goes to a user who muted `muted`: security mail always does. */
export const mailWanted = (category: NotificationCategory, muted: readonly string[]) =>
  category === "security" || !muted.includes(category);

/**
 * Where a mail to a user goes, with the name it greets and the anti-phishing code it must carry:
 * null when there is no such user, or when it is of a category they muted (`always`: the mail of an
 * account event nobody may switch off, whatever its category).
 */
export async function mailRecipient(db: Db, userId: string, category: NotificationCategory, always = false) {
  const [user] = await db
    .select({
      email: users.email,
      username: users.username,
      antiPhishingCode: users.antiPhishingCode,
      mailMuted: users.mailMuted,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || (!always && !mailWanted(category, user.mailMuted))) return null;
  return { email: user.email, username: user.username, antiPhishingCode: user.antiPhishingCode };
}

const switches = z.strictObject(
  Object.fromEntries(
    NOTIFICATION_CATEGORIES.map((c) => [c, z.boolean({ error: `${c} must be true or false` }).optional()]),
  ) as Record<NotificationCategory, z.ZodOptional<z.ZodBoolean>>,
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unknown category: ${issue.keys.join(", ")} (they are ${NOTIFICATION_CATEGORIES.join(", ")})`
        : "Each channel is an object of categories, true or false",
  },
);

/** A change to some switches; what it leaves out stays as it is. */
export const preferencesSchema = z.strictObject({ mail: switches.optional(), push: switches.optional() });

export type PreferencesInput = z.infer<typeof preferencesSchema>;

const choicesOf = (muted: readonly string[]): Choices =>
  Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, !muted.includes(c)])) as Choices;

export function preferencesView(row: { mailMuted: string[]; pushMuted: string[] }) {
  return { mail: { ...choicesOf(row.mailMuted), security: true }, push: choicesOf(row.pushMuted) };
}

export type Preferences = ReturnType<typeof preferencesView>;

const columns = { mailMuted: users.mailMuted, pushMuted: users.pushMuted };

/** Which categories the user gets by mail and by push. */
export async function getPreferences(db: Db, userId: string): Promise<Preferences> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, userId));
  if (!row) throw notFound("User not found");
  return preferencesView(row);
}

const muting = (muted: readonly string[], change: Partial<Choices> = {}) =>
  NOTIFICATION_CATEGORIES.filter((c) => !(change[c] ?? !muted.includes(c)));

/** Switches categories on or off per channel; switching security mail off is refused. */
export async function setPreferences(db: Db, userId: string, input: PreferencesInput): Promise<Preferences> {
  if (input.mail?.security === false)
    throw badRequest(
      "Mail about your account's security cannot be switched off",
      { "mail.security": ["Security mail always comes"] },
      "SECURITY_MAIL_REQUIRED",
    );
  return runTransaction(db, async (tx) => {
    // Locked, so two changes at once each keep what the other switched.
    const [row] = await tx.select(columns).from(users).where(eq(users.id, userId)).for("update");
    if (!row) throw notFound("User not found");
    const mailMuted = muting(row.mailMuted, input.mail);
    const [saved] = await tx
      .update(users)
      .set({
        mailMuted,
        pushMuted: muting(row.pushMuted, input.push),
        // What the previous release reads while it still runs beside this one (db/schema/users.ts).
        optionalMail: MUTABLE_MAIL_CATEGORIES.every((c) => !mailMuted.includes(c)),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning(columns);
    return preferencesView(saved!);
  });
}

/** Every optional mail on or off at once (the mail-preference route's `optionalMail`). */
export async function setAllOptionalMail(db: Db, userId: string, on: boolean): Promise<Preferences> {
  return setPreferences(db, userId, {
    mail: Object.fromEntries(MUTABLE_MAIL_CATEGORIES.map((c) => [c, on])) as Partial<Choices>,
  });
}
