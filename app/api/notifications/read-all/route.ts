import { answer } from "@/lib/http/answer";
import { withUser } from "@/lib/http/handler";
import { readAllAnswer } from "@/lib/notifications/answers";
import { markAllRead } from "@/lib/notifications/read";

export const POST = withUser(async ({ db, auth }) => {
  const { updated } = await markAllRead(db, auth.user.id);
  return answer(readAllAnswer, { success: true, message: "All notifications marked as read", updated, unread: 0 });
});
