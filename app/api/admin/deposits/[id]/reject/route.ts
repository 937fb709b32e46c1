import { rejectDeposit, rejectDepositSchema } from "@/lib/funding/decide-deposit";
import { depositView } from "@/lib/funding/views";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";
import { outcomeResponse } from "@/lib/http/outcome";
import { idempotencyKeyOf, onceFor } from "@/lib/core/idempotency";

export const POST = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const id = uuidParam(params.id, "Deposit not found");
  const key = idempotencyKeyOf(req);
  const input = await parseBody(req, rejectDepositSchema);
  const outcome = await onceFor(
    db,
    { scope: `deposit-decision:${auth.user.id}`, key, request: { id, ...input } },
    async (tx) => {
      const deposit = await rejectDeposit(tx, id, input, { id: auth.user.id, ip: clientIp(req) });
      return {
        status: 200,
        body: { success: true, message: "Deposit rejected", deposit: depositView(deposit, deposit.decimals) },
      };
    },
  );
  return outcomeResponse(outcome);
});
