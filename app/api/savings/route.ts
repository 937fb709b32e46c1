import { NextResponse } from "next/server";
import { withUser } from "@/lib/http/handler";
import { listPlans } from "@/lib/savings/plans";

/** The plans a user can subscribe to, each with what is left of its cap. */
export const GET = withUser(async ({ db }) =>
  NextResponse.json({ success: true, plans: await listPlans(db, { enabledOnly: true }) }),
);
