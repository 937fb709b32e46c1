import { antiPhishingAnswer, antiPhishingSavedAnswer } from "@/lib/account/answers";
import { antiPhishingSchema, setAntiPhishingCode } from "@/lib/account/anti-phishing";
import { answer } from "@/lib/http/answer";
import { parseBody, withUser } from "@/lib/http/handler";

export const GET = withUser(async ({ auth }) =>
  answer(antiPhishingAnswer, { success: true, code: auth.user.antiPhishingCode }),
);

export const PUT = withUser(async ({ req, db, auth }) => {
  const input = await parseBody(req, antiPhishingSchema);
  const { code } = await setAntiPhishingCode(db, auth.user.id, input);
  return answer(antiPhishingSavedAnswer, {
    success: true,
    message: code ? "Anti-phishing code saved" : "Anti-phishing code removed",
    code,
  });
});
