import { approveProposal, readsOneView } from "@/lib/approvals/proposals";
import { clientIp, uuidParam, withAdmin } from "@/lib/http/handler";
import { outcomeResponse } from "@/lib/http/outcome";
import { idempotencyKeyOf, onceFor } from "@/lib/core/idempotency";

/** Runs the proposed action now; when the state no longer allows it, the proposal fails with the action's own refusal. */
export const POST = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const id = uuidParam(params.id, "Proposal not found");
  const repeatableRead = await readsOneView(db, id);
  const outcome = await onceFor<Record<string, unknown>>(
    db,
    { scope: `approval:${auth.user.id}`, key: idempotencyKeyOf(req), request: { id } },
    async (tx) => {
      const { proposal, failure } = await approveProposal(tx, id, { id: auth.user.id, ip: clientIp(req) });
      if (failure) {
        return {
          status: failure.status,
          body: {
            success: false,
            code: failure.code,
            message: `This could not be done now, so the proposal failed: ${failure.message}`,
            proposal,
          },
        };
      }
      return { status: 200, body: { success: true, message: `Approved: ${proposal.summary}`, proposal } };
    },
    { repeatableRead },
  );
  return outcomeResponse(outcome);
});
