import { answer } from "@/lib/http/answer";
import { uuidParam, withUser } from "@/lib/http/handler";
import { strategyAnswer } from "@/lib/strategies/answers";
import { findStrategy } from "@/lib/strategies/books";
import { strategyDetail } from "@/lib/strategies/views";

export const GET = withUser<{ id: string }>(async ({ params, db, auth }) => {
  const s = await findStrategy(db, uuidParam(params.id, "Strategy not found"), auth.user.id);
  return answer(strategyAnswer, { success: true, strategy: await strategyDetail(db, s) });
});
