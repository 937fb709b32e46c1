import { uuidParam, withUser } from "@/lib/http/handler";
import { idempotencyKeyOf, onceFor } from "@/lib/core/idempotency";
import { answerOutcome } from "@/lib/http/answer";
import { cancelOrderAnswer } from "@/lib/trading/answers";
import { cancelOrder } from "@/lib/trading/cancel-order";
import { marketAssets } from "@/lib/trading/market";
import { orderView } from "@/lib/trading/views";

/** Cancels an open limit order of the caller's, releasing its hold. */
export const DELETE = withUser<{ id: string }>(async ({ req, params, db, auth }) => {
  const orderId = uuidParam(params.id, "Order not found");
  const key = idempotencyKeyOf(req);
  const market = await marketAssets(db);
  const outcome = await onceFor(
    db,
    { scope: `trades:cancel:${auth.user.id}`, key, request: { orderId } },
    async (tx) => {
      const order = await cancelOrder(tx, auth.user.id, orderId);
      return {
        status: 200,
        body: { success: true as const, message: "Order cancelled", order: orderView(order, market) },
      };
    },
  );
  return answerOutcome(cancelOrderAnswer, outcome);
});
