import { chainFacts } from "@/lib/chain/progress";
import { readPaidOnChain, sendWithdrawalSchema } from "@/lib/funding/decide-withdrawal";
import { resendWithdrawal } from "@/lib/funding/resolve-withdrawal";
import { withdrawalView } from "@/lib/funding/views";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";
import { outcomeResponse } from "@/lib/http/outcome";
import { idempotencyKeyOf, onceFor } from "@/lib/core/idempotency";

/** A flagged withdrawal sent again: the new transaction is checked on chain, as the first was. */
export const POST = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const id = uuidParam(params.id, "Withdrawal not found");
  const key = idempotencyKeyOf(req);
  const input = await parseBody(req, sendWithdrawalSchema);
  // The node is asked before the transaction: a slow one holds no row lock or connection.
  const payout = await readPaidOnChain(db, id, input.txHash);
  const outcome = await onceFor<Record<string, unknown>>(
    db,
    { scope: `withdrawal-decision:${auth.user.id}`, key, request: { id, resend: input.txHash } },
    async (tx) => {
      const w = await resendWithdrawal(tx, id, input.txHash, { id: auth.user.id, ip: clientIp(req) }, payout);
      return {
        status: 200,
        body: {
          success: true,
          message: "Withdrawal marked sent again: its new transaction is followed on chain",
          withdrawal: withdrawalView(w, w.decimals, await chainFacts(tx)),
        },
      };
    },
  );
  return outcomeResponse(outcome);
});
