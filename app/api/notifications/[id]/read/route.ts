import { answer } from "@/lib/http/answer";
import { uuidParam, withUser } from "@/lib/http/handler";
import { readAnswer } from "@/lib/notifications/answers";
import { markRead } from "@/lib/notifications/read";

export const PATCH = withUser<{ id: string }>(async ({ params, db, auth }) => {
  const id = uuidParam(params.id, "Notification not found");
  return answer(readAnswer, { success: true, message: "Marked as read", ...(await markRead(db, auth.user.id, id)) });
});
