import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";
import { idempotencyKeyOf, onceFor } from "@/lib/core/idempotency";
import { outcomeResponse } from "@/lib/http/outcome";
import { adjustBalance, manageBalanceSchema } from "@/lib/admin/adjust-balance";
import { proposalFor, proposedAnswer } from "@/lib/approvals/proposals";
import { money } from "@/lib/core/format";

export const PUT = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const userId = uuidParam(params.id, "User not found");
  const key = idempotencyKeyOf(req);
  const input = await parseBody(req, manageBalanceSchema);
  const actor = { id: auth.user.id, ip: clientIp(req) };
  const outcome = await onceFor<Record<string, unknown>>(
    db,
    { scope: `manage-balance:${auth.user.id}`, key, request: { userId, ...input } },
    async (tx) => {
      const proposal = await proposalFor(tx, "balance.adjust", { ...input, userId }, actor);
      if (proposal) return proposedAnswer(proposal);
      const result = await adjustBalance(tx, { ...input, userId, actorId: actor.id, ip: actor.ip });
      const verb = result.operation === "credit" ? "Credited" : "Debited";
      return {
        status: 200,
        body: { success: true, message: `${verb} ${money(result.amount, result.asset)}`, ...result },
      };
    },
  );
  return outcomeResponse(outcome);
});
