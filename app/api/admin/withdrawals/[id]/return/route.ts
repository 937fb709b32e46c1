import { proposalFor, proposedAnswer } from "@/lib/approvals/proposals";
import { chainFacts } from "@/lib/chain/progress";
import { rejectWithdrawalSchema } from "@/lib/funding/decide-withdrawal";
import { returnWithdrawal } from "@/lib/funding/resolve-withdrawal";
import { withdrawalView } from "@/lib/funding/views";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";
import { outcomeResponse } from "@/lib/http/outcome";
import { idempotencyKeyOf, onceFor } from "@/lib/core/idempotency";

/** A flagged withdrawal's money back to its user: four-eyed from the threshold, like every credit. */
export const POST = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const id = uuidParam(params.id, "Withdrawal not found");
  const key = idempotencyKeyOf(req);
  const input = await parseBody(req, rejectWithdrawalSchema);
  const actor = { id: auth.user.id, ip: clientIp(req) };
  const outcome = await onceFor<Record<string, unknown>>(
    db,
    { scope: `withdrawal-decision:${auth.user.id}`, key, request: { id, return: input.reason } },
    async (tx) => {
      const proposal = await proposalFor(tx, "withdrawal.return", { ...input, withdrawalId: id }, actor);
      if (proposal) return proposedAnswer(proposal);
      const w = await returnWithdrawal(tx, id, input.reason, actor);
      return {
        status: 200,
        body: {
          success: true,
          message: "The withdrawal's amount and fee are back in the user's balance",
          withdrawal: withdrawalView(w, w.decimals, await chainFacts(tx)),
        },
      };
    },
  );
  return outcomeResponse(outcome);
});
