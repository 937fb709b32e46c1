import { parseBody, withUser } from "@/lib/http/handler";
import { idempotencyKeyOf, onceFor } from "@/lib/core/idempotency";
import { metrics } from "@/lib/core/metrics";
import { answerOutcome } from "@/lib/http/answer";
import { userBalances } from "@/lib/ledger/balances";
import { placeOrderAnswer } from "@/lib/trading/answers";
import { marketAssets } from "@/lib/trading/market";
import { orderRequest, orderSchema } from "@/lib/trading/order-input";
import { orderView } from "@/lib/trading/views";
import { placeOrder } from "@/lib/trading/place-order";

export const POST = withUser(async ({ req, db, auth }) => {
  const key = idempotencyKeyOf(req);
  const input = await parseBody(req, orderSchema);
  const market = await marketAssets(db);
  const request = orderRequest(input, market);
  const userId = auth.user.id;
  const outcome = await onceFor(db, { scope: `trades:${userId}`, key, request: input }, async (tx) => {
    const placed = await placeOrder(tx, userId, request);
    return {
      status: 201,
      body: {
        success: true as const,
        message: placed.message,
        order: orderView(placed.order, market),
        // An OCO's two orders, the limit order first.
        ...(placed.orders && { orders: placed.orders.map((o) => orderView(o, market)) }),
      },
    };
  });
  if (!outcome.replayed) metrics.orders.inc({ side: input.side, type: input.type, status: outcome.body.order.status });
  // The balances as they are now (not stored with a replay): the screen shows the order's effect from this answer alone.
  return answerOutcome(placeOrderAnswer, {
    ...outcome,
    body: { ...outcome.body, balances: await userBalances(db, userId) },
  });
});
