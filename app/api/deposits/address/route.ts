import { depositAddressAnswer } from "@/lib/funding/answers";
import { depositAddressQuery, depositTarget } from "@/lib/funding/deposit-address";
import { answer } from "@/lib/http/answer";
import { withUser } from "@/lib/http/handler";
import { searchParamsOf } from "@/lib/core/query";
import { validate } from "@/lib/core/validate";

/** ?currency=USDT&network=ERC20: the caller's own address where the chain is followed (mode "chain"), else the proof flow's wallet (mode "proof"). */
export const GET = withUser(async ({ req, db, auth }) => {
  const query = validate(depositAddressQuery, searchParamsOf(req));
  const target = await depositTarget(db, auth.user.id, query);
  return answer(depositAddressAnswer, { success: true, ...target });
});
