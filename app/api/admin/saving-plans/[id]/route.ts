import { NextResponse } from "next/server";
import { runTransaction } from "@/db/transaction";
import { proposedAnswer } from "@/lib/approvals/proposals";
import { savePlan } from "@/lib/approvals/save-plan";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";
import { planSchema } from "@/lib/savings/plans";

/**
 * The whole plan as it should be for new subscriptions; disable it with enabled false. A rate
 * change, or switching a paying plan on, waits for a second administrator; the rest is saved now.
 */
export const PUT = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const id = uuidParam(params.id, "Saving plan not found");
  const input = await parseBody(req, planSchema);
  const actor = { id: auth.user.id, ip: clientIp(req) };
  const answer = await runTransaction(db, async (tx) => {
    const { plan, proposal } = await savePlan(tx, id, input, actor);
    if (proposal) return { status: 202, body: { ...proposedAnswer(proposal).body, plan } };
    return {
      status: 200,
      body: { success: true, message: `Plan "${plan.name}" saved; running subscriptions keep their terms`, plan },
    };
  });
  return NextResponse.json(answer.body, { status: answer.status });
});
