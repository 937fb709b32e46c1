import { parseBody, withUser } from "@/lib/http/handler";
import { answerOutcome } from "@/lib/http/answer";
import { onceFor, requiredIdempotencyKey } from "@/lib/core/idempotency";
import { subscriptionChangeAnswer } from "@/lib/savings/answers";
import { viewOf } from "@/lib/savings/positions";
import { subscribe, subscribeSchema } from "@/lib/savings/subscriptions";

export const POST = withUser(async ({ req, db, auth }) => {
  const key = requiredIdempotencyKey(req);
  const input = await parseBody(req, subscribeSchema);
  const outcome = await onceFor(db, { scope: `savings:${auth.user.id}`, key, request: input }, async (tx) => {
    const sub = await subscribe(tx, auth.user.id, input);
    return {
      status: 201,
      body: {
        success: true as const,
        message: "Subscribed: interest starts with the next whole day",
        subscription: await viewOf(tx, sub),
      },
    };
  });
  return answerOutcome(subscriptionChangeAnswer, outcome);
});
