import { z } from "zod";
import { changeAnswer, isoTime, pageFields, successAnswer } from "@/lib/core/answers";

/**
 * One account event as its owner reads it. `kind` is a string, not the catalogue's list: an event a
 * newer version wrote during a rolling upgrade is shown as "Account change" with its kind as stored.
 */
export const activityEntrySchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  by: z.string(),
  title: z.string(),
  text: z.string(),
  reason: z.string().nullable(),
  at: isoTime,
});

/** GET /api/user/activity: newest first, paged. */
export const activityAnswer = successAnswer({ activity: z.array(activityEntrySchema), ...pageFields });

/** Whether the optional mails come, and the titles of the mails that are optional and that always come. */
const mailPreferenceFields = { optionalMail: z.boolean(), optional: z.array(z.string()), always: z.array(z.string()) };

/** GET /api/user/mail-preference. */
export const mailPreferenceAnswer = successAnswer(mailPreferenceFields);

/** PUT /api/user/mail-preference. */
export const mailPreferenceSavedAnswer = changeAnswer(mailPreferenceFields);
