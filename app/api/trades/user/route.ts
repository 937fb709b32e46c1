import { answer } from "@/lib/http/answer";
import { withUser } from "@/lib/http/handler";
import { searchParamsOf } from "@/lib/core/query";
import { validate } from "@/lib/core/validate";
import { userOrdersAnswer } from "@/lib/strategies/answers";
import { listUserOrders, orderQuerySchema } from "@/lib/strategies/list-orders";

export const GET = withUser(async ({ req, db, auth }) => {
  const query = validate(orderQuerySchema, searchParamsOf(req));
  return answer(userOrdersAnswer, { success: true, ...(await listUserOrders(db, auth.user.id, query)) });
});
