import { mailPreferenceAnswer, mailPreferenceSavedAnswer } from "@/lib/activity/answers";
import { getMailPreference, mailPreferenceSchema, setMailPreference } from "@/lib/activity/mail-preference";
import { answer } from "@/lib/http/answer";
import { parseBody, withUser } from "@/lib/http/handler";

export const GET = withUser(async ({ db, auth }) =>
  answer(mailPreferenceAnswer, { success: true, ...(await getMailPreference(db, auth.user.id)) }),
);

export const PUT = withUser(async ({ req, db, auth }) => {
  const input = await parseBody(req, mailPreferenceSchema);
  const saved = await setMailPreference(db, auth.user.id, input);
  const message = saved.optionalMail
    ? "You will get every optional mail: money, price alerts and messages from Aurum"
    : "Optional mail is off; security mail still comes";
  return answer(mailPreferenceSavedAnswer, { success: true, message, ...saved });
});
