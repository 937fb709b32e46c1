import { answer } from "@/lib/http/answer";
import { parseBody, withSession } from "@/lib/http/handler";
import { preferencesAnswer, preferencesSavedAnswer } from "@/lib/notifications/answers";
import { getPreferences, preferencesSchema, setPreferences } from "@/lib/notifications/preferences";

export const GET = withSession(async ({ db, auth }) =>
  answer(preferencesAnswer, { success: true, ...(await getPreferences(db, auth.user.id)) }),
);

export const PUT = withSession(async ({ req, db, auth }) => {
  const input = await parseBody(req, preferencesSchema);
  const saved = await setPreferences(db, auth.user.id, input);
  return answer(preferencesSavedAnswer, { success: true, message: "Your notification choices are saved", ...saved });
});
