import { uuidParam, withUser } from "@/lib/http/handler";
import { answerOutcome } from "@/lib/http/answer";
import { idempotencyKeyOf, onceFor } from "@/lib/core/idempotency";
import { subscriptionChangeAnswer } from "@/lib/savings/answers";
import { viewOf } from "@/lib/savings/positions";
import { redeem } from "@/lib/savings/subscriptions";

export const POST = withUser<{ id: string }>(async ({ req, params, db, auth }) => {
  const id = uuidParam(params.id, "Subscription not found");
  const key = idempotencyKeyOf(req);
  const outcome = await onceFor(db, { scope: `savings:${auth.user.id}`, key, request: { redeem: id } }, async (tx) => {
    const sub = await redeem(tx, auth.user.id, id);
    return {
      status: 200,
      body: {
        success: true as const,
        message: "Redeemed: principal and interest are in your available balance",
        subscription: await viewOf(tx, sub),
      },
    };
  });
  return answerOutcome(subscriptionChangeAnswer, outcome);
});
