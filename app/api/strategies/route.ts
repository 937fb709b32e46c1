import { answer, answerOutcome } from "@/lib/http/answer";
import { parseBody, withUser } from "@/lib/http/handler";
import { onceFor, requiredIdempotencyKey } from "@/lib/core/idempotency";
import { strategiesAnswer, strategyChangeAnswer } from "@/lib/strategies/answers";
import { strategyBodySchema, strategyParams } from "@/lib/strategies/input";
import { createStrategy, hasConsented, listStrategies, RISK_STATEMENT } from "@/lib/strategies/lifecycle";
import { strategyViews } from "@/lib/strategies/views";
import { marketAssets } from "@/lib/trading/market";

export const GET = withUser(async ({ db, auth }) => {
  const userId = auth.user.id;
  const [list, riskAccepted] = await Promise.all([listStrategies(db, userId), hasConsented(db, userId)]);
  return answer(strategiesAnswer, {
    success: true,
    riskStatement: RISK_STATEMENT,
    riskAccepted,
    strategies: await strategyViews(db, userId, list),
  });
});

export const POST = withUser(async ({ req, db, auth }) => {
  const key = requiredIdempotencyKey(req);
  const body = await parseBody(req, strategyBodySchema);
  const params = strategyParams(body, await marketAssets(db));
  const userId = auth.user.id;
  const outcome = await onceFor(db, { scope: `strategies:${userId}`, key, request: body }, async (tx) => {
    const s = await createStrategy(tx, userId, params, body.acceptRisk);
    const [view] = await strategyViews(tx, userId, [s]);
    return {
      status: 201,
      body: { success: true as const, message: "Strategy started: its budget is reserved", strategy: view! },
    };
  });
  return answerOutcome(strategyChangeAnswer, outcome);
});
