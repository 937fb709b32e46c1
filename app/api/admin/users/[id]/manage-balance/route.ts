import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";
import { idempotencyKeyOf, onceFor } from "@/lib/idempotency";
import { outcomeResponse } from "@/lib/http/outcome";
import { adjustBalance, manageBalanceSchema } from "@/lib/admin/adjust-balance";

export const PUT = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const userId = uuidParam(params.id, "User not found");
  const key = idempotencyKeyOf(req);
  const input = await parseBody(req, manageBalanceSchema);
  const outcome = await onceFor(db, { scope: `manage-balance:${auth.user.id}`, key, request: { userId, ...input } }, async (tx) => {
    const result = await adjustBalance(tx, { ...input, userId, actorId: auth.user.id, ip: clientIp(req) });
    const verb = result.operation === "credit" ? "Credited" : "Debited";
    return { status: 200, body: { success: true, message: `${verb} ${result.amount} ${result.asset}`, ...result } };
  });
  return outcomeResponse(outcome);
});
