import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { notFound } from "@/lib/core/errors";
import { ACTIVITY, ACTIVITY_KINDS, type Mailing } from "./catalogue";

export const mailPreferenceSchema = z.strictObject({
  optionalMail: z.boolean({ error: "optionalMail must be true or false" }),
});

/** The titles of the mails of one kind of mailing, once each: what the security screen lists. */
const titles = (mailing: Mailing) => [
  ...new Set(ACTIVITY_KINDS.filter((k) => ACTIVITY[k].mail === mailing).map((k) => ACTIVITY[k].title)),
];

/** Whether the user gets the optional mails, and which mails are optional and which always come. */
export async function getMailPreference(db: Db, userId: string) {
  const [user] = await db.select({ optionalMail: users.optionalMail }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound("User not found");
  return { optionalMail: user.optionalMail, optional: titles("optional"), always: titles("security") };
}

/** Switches the optional mails on or off; security mails cannot be switched off. */
export async function setMailPreference(db: Db, userId: string, input: z.infer<typeof mailPreferenceSchema>) {
  const [user] = await db
    .update(users)
    .set({ optionalMail: input.optionalMail, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!user) throw notFound("User not found");
  return getMailPreference(db, userId);
}
