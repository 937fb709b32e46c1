import { answer } from "@/lib/http/answer";
import { withUser } from "@/lib/http/handler";
import { paginationSchema, searchParamsOf } from "@/lib/core/query";
import { validate } from "@/lib/core/validate";
import { notificationsAnswer } from "@/lib/notifications/answers";
import { listNotifications } from "@/lib/notifications/list";

export const GET = withUser(async ({ req, db, auth }) => {
  const page = validate(paginationSchema, searchParamsOf(req));
  return answer(notificationsAnswer, { success: true, ...(await listNotifications(db, auth.user.id, page)) });
});
