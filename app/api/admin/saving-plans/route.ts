import { NextResponse } from "next/server";
import { clientIp, parseBody, withAdmin } from "@/lib/http/handler";
import { createPlan, listPlans, planSchema } from "@/lib/savings/plans";

export const GET = withAdmin(async ({ db }) => NextResponse.json({ success: true, plans: await listPlans(db, { enabledOnly: false }) }));

export const POST = withAdmin(async ({ req, db, auth }) => {
  const input = await parseBody(req, planSchema);
  const plan = await createPlan(db, input, { id: auth.user.id, ip: clientIp(req) });
  return NextResponse.json({ success: true, message: `Plan "${plan.name}" created`, plan }, { status: 201 });
});
