import { proposalFor, proposedAnswer } from "@/lib/approvals/proposals";
import { readPaidOnChain, sendWithdrawal, sendWithdrawalSchema } from "@/lib/funding/decide-withdrawal";
import { chainFacts } from "@/lib/chain/progress";
import { withdrawalView } from "@/lib/funding/views";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";
import { outcomeResponse } from "@/lib/http/outcome";
import { idempotencyKeyOf, onceFor } from "@/lib/core/idempotency";

export const POST = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const id = uuidParam(params.id, "Withdrawal not found");
  const key = idempotencyKeyOf(req);
  const input = await parseBody(req, sendWithdrawalSchema);
  const actor = { id: auth.user.id, ip: clientIp(req) };
  // The node is asked before the transaction: a slow one holds no row lock or connection.
  const payout = await readPaidOnChain(db, id, input.txHash);
  const outcome = await onceFor<Record<string, unknown>>(
    db,
    { scope: `withdrawal-decision:${auth.user.id}`, key, request: { id, ...input } },
    async (tx) => {
      const proposal = await proposalFor(tx, "withdrawal.send", { ...input, withdrawalId: id }, actor, undefined, {
        payout,
      });
      if (proposal) return proposedAnswer(proposal);
      const w = await sendWithdrawal(tx, id, input, actor, payout);
      return {
        status: 200,
        body: {
          success: true,
          message: "Withdrawal marked sent",
          withdrawal: withdrawalView(w, w.decimals, await chainFacts(tx)),
        },
      };
    },
  );
  return outcomeResponse(outcome);
});
