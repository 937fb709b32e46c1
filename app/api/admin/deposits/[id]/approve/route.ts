import { proposalFor, proposedAnswer } from "@/lib/approvals/proposals";
import { approveDeposit, approveDepositSchema } from "@/lib/funding/decide-deposit";
import { depositView } from "@/lib/funding/views";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";
import { outcomeResponse } from "@/lib/http/outcome";
import { idempotencyKeyOf, onceFor } from "@/lib/core/idempotency";

export const POST = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const id = uuidParam(params.id, "Deposit not found");
  const key = idempotencyKeyOf(req);
  const input = await parseBody(req, approveDepositSchema);
  const actor = { id: auth.user.id, ip: clientIp(req) };
  const outcome = await onceFor<Record<string, unknown>>(
    db,
    { scope: `deposit-decision:${auth.user.id}`, key, request: { id, ...input } },
    async (tx) => {
      const proposal = await proposalFor(tx, "deposit.approve", { ...input, depositId: id }, actor);
      if (proposal) return proposedAnswer(proposal);
      const deposit = await approveDeposit(tx, id, input, actor);
      return {
        status: 200,
        body: {
          success: true,
          message: "Deposit approved and credited",
          deposit: depositView(deposit, deposit.decimals),
        },
      };
    },
  );
  return outcomeResponse(outcome);
});
