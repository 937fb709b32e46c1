import { answer } from "@/lib/http/answer";
import { withUser } from "@/lib/http/handler";
import { balanceAnswer } from "@/lib/trading/answers";
import { valuedBalances } from "@/lib/trading/valuation";

export const GET = withUser(async ({ db, auth }) =>
  answer(balanceAnswer, { success: true, ...(await valuedBalances(db, auth.user.id)) }),
);
