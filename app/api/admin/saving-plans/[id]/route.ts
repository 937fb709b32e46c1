import { NextResponse } from "next/server";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";
import { planSchema, updatePlan } from "@/lib/savings/plans";

/** The whole plan as it should be for new subscriptions; disable it with enabled false. */
export const PUT = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const id = uuidParam(params.id, "Saving plan not found");
  const input = await parseBody(req, planSchema);
  const plan = await updatePlan(db, id, input, { id: auth.user.id, ip: clientIp(req) });
  return NextResponse.json({ success: true, message: `Plan "${plan.name}" saved; running subscriptions keep their terms`, plan });
});
