import { rejectWithdrawal, rejectWithdrawalSchema } from "@/lib/funding/decide-withdrawal";
import { withdrawalView } from "@/lib/funding/views";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";
import { outcomeResponse } from "@/lib/http/outcome";
import { idempotencyKeyOf, onceFor } from "@/lib/core/idempotency";

export const POST = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const id = uuidParam(params.id, "Withdrawal not found");
  const key = idempotencyKeyOf(req);
  const input = await parseBody(req, rejectWithdrawalSchema);
  const outcome = await onceFor(
    db,
    { scope: `withdrawal-decision:${auth.user.id}`, key, request: { id, ...input } },
    async (tx) => {
      const w = await rejectWithdrawal(tx, id, input, { id: auth.user.id, ip: clientIp(req) });
      return {
        status: 200,
        body: {
          success: true,
          message: "Withdrawal rejected: the hold is released",
          withdrawal: withdrawalView(w, w.decimals),
        },
      };
    },
  );
  return outcomeResponse(outcome);
});
