import { activityAnswer } from "@/lib/activity/answers";
import { listActivity } from "@/lib/activity/list";
import { answer } from "@/lib/http/answer";
import { withUser } from "@/lib/http/handler";
import { paginationSchema, searchParamsOf } from "@/lib/core/query";
import { validate } from "@/lib/core/validate";

export const GET = withUser(async ({ req, db, auth }) => {
  const page = validate(paginationSchema, searchParamsOf(req));
  return answer(activityAnswer, { success: true, ...(await listActivity(db, auth.user.id, page)) });
});
