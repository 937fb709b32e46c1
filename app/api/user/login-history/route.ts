import { loginHistoryAnswer } from "@/lib/auth/answers";
import { listLoginHistory } from "@/lib/auth/login-history";
import { answer } from "@/lib/http/answer";
import { withUser } from "@/lib/http/handler";
import { paginationSchema, searchParamsOf } from "@/lib/core/query";
import { validate } from "@/lib/core/validate";

export const GET = withUser(async ({ req, db, auth }) => {
  const page = validate(paginationSchema, searchParamsOf(req));
  return answer(loginHistoryAnswer, { success: true, ...(await listLoginHistory(db, auth.user.id, page)) });
});
