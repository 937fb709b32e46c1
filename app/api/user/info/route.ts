import { infoAnswer, infoSavedAnswer } from "@/lib/account/answers";
import { updateUserInfo, userInfoSchema } from "@/lib/account/info";
import { publicUser } from "@/lib/account/views";
import { pauseSentence } from "@/lib/auth/withdraw-password";
import { answer } from "@/lib/http/answer";
import { parseBody, withUser } from "@/lib/http/handler";

export const GET = withUser(async ({ auth }) => answer(infoAnswer, { success: true, user: publicUser(auth.user) }));

export const PUT = withUser(async ({ req, db, auth }) => {
  const input = await parseBody(req, userInfoSchema);
  const { user, withdrawalsPausedUntil: until } = await updateUserInfo(db, auth.user.id, input);
  if (!until) return answer(infoSavedAnswer, { success: true, message: "Personal info saved", user: publicUser(user) });
  return answer(infoSavedAnswer, {
    success: true,
    message: `Personal info saved. Your email changed.${pauseSentence(until)}`,
    user: publicUser(user),
    withdrawalsPausedUntil: until.toISOString(),
  });
});
