import { z } from "zod";
import type { Db } from "@/db/client";
import { MUTABLE_MAIL_CATEGORIES } from "@/db/schema";
import { getPreferences, setAllOptionalMail, type Preferences } from "@/lib/notifications/preferences";
import { ACTIVITY, ACTIVITY_KINDS, type Mailing } from "./catalogue";

export const mailPreferenceSchema = z.strictObject({
  optionalMail: z.boolean({ error: "optionalMail must be true or false" }),
});

/** The titles of the mails of one kind of mailing, once each: what the security screen lists. */
const titles = (mailing: Mailing) => [
  ...new Set(ACTIVITY_KINDS.filter((k) => ACTIVITY[k].mail === mailing).map((k) => ACTIVITY[k].title)),
];

/**
 * The first, single switch over the per-category mail choices (lib/notifications/preferences):
 * `optionalMail` is true while every optional category's mail is on, and setting it switches them
 * all, so a client of this route reads and writes what it always meant, "all optional mail".
 */
const preferenceView = (p: Preferences) => ({
  optionalMail: MUTABLE_MAIL_CATEGORIES.every((c) => p.mail[c]),
  optional: titles("optional"),
  always: titles("security"),
});

/** Whether the user gets the optional mails, and which mails are optional and which always come. */
export async function getMailPreference(db: Db, userId: string) {
  return preferenceView(await getPreferences(db, userId));
}

/** Switches the optional mails on or off; security mails cannot be switched off. */
export async function setMailPreference(db: Db, userId: string, input: z.infer<typeof mailPreferenceSchema>) {
  return preferenceView(await setAllOptionalMail(db, userId, input.optionalMail));
}
