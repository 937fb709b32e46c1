import { uuidParam, withUser } from "@/lib/http/handler";
import { answerOutcome } from "@/lib/http/answer";
import { idempotencyKeyOf, onceFor } from "@/lib/core/idempotency";
import { USER_ACTIONS } from "@/lib/strategies/actions";
import { strategyChangeAnswer } from "@/lib/strategies/answers";
import { strategyViews } from "@/lib/strategies/views";

/** POST /api/strategies/{id}/{action}: one handler for pause, resume and stop (a route handler, so it lives under app/). */
export function strategyActionRoute(action: keyof typeof USER_ACTIONS) {
  return withUser<{ id: string }>(async ({ req, params, db, auth }) => {
    const id = uuidParam(params.id, "Strategy not found");
    const userId = auth.user.id;
    const outcome = await onceFor(
      db,
      { scope: `strategies:${userId}`, key: idempotencyKeyOf(req), request: { [action]: id } },
      async (tx) => {
        const s = await USER_ACTIONS[action].run(tx, userId, id);
        const [view] = await strategyViews(tx, userId, [s]);
        return {
          status: 200,
          body: { success: true as const, message: USER_ACTIONS[action].message, strategy: view! },
        };
      },
    );
    return answerOutcome(strategyChangeAnswer, outcome);
  });
}
