import { NextResponse } from "next/server";
import { runTransaction } from "@/db/transaction";
import { proposalFor, proposedAnswer } from "@/lib/approvals/proposals";
import { clientIp, parseBody, withAdmin } from "@/lib/http/handler";
import { createPlan, listPlans, planSchema } from "@/lib/savings/plans";

export const GET = withAdmin(async ({ db }) =>
  NextResponse.json({ success: true, plans: await listPlans(db, { enabledOnly: false }) }),
);

/** A plan that pays interest waits for a second administrator; one at 0 % is created at once. */
export const POST = withAdmin(async ({ req, db, auth }) => {
  const input = await parseBody(req, planSchema);
  const actor = { id: auth.user.id, ip: clientIp(req) };
  const answer = await runTransaction(db, async (tx) => {
    const proposal = await proposalFor(tx, "saving_plan.create", input, actor);
    if (proposal) return proposedAnswer(proposal);
    const plan = await createPlan(tx, input, actor);
    return { status: 201, body: { success: true, message: `Plan "${plan.name}" created`, plan } };
  });
  return NextResponse.json(answer.body, { status: answer.status });
});
