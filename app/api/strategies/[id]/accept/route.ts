import { parseBody, uuidParam, withUser } from "@/lib/http/handler";
import { answerOutcome } from "@/lib/http/answer";
import { onceFor, requiredIdempotencyKey } from "@/lib/core/idempotency";
import { strategyChangeAnswer } from "@/lib/strategies/answers";
import { acceptSetupSchema } from "@/lib/strategies/input";
import { acceptSetup } from "@/lib/strategies/lifecycle";
import { strategyViews } from "@/lib/strategies/views";

export const POST = withUser<{ id: string }>(async ({ req, params, db, auth }) => {
  const id = uuidParam(params.id, "Strategy not found");
  const key = requiredIdempotencyKey(req);
  const { acceptRisk } = await parseBody(req, acceptSetupSchema);
  const userId = auth.user.id;
  const outcome = await onceFor(db, { scope: `strategies:${userId}`, key, request: { accept: id } }, async (tx) => {
    const s = await acceptSetup(tx, userId, id, acceptRisk);
    const [view] = await strategyViews(tx, userId, [s]);
    return {
      status: 200,
      body: { success: true as const, message: "Setup accepted: the strategy is running", strategy: view! },
    };
  });
  return answerOutcome(strategyChangeAnswer, outcome);
});
