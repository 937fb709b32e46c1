import { NextResponse } from "next/server";
import { withUser } from "@/lib/http/handler";
import { savingsOf } from "@/lib/savings/positions";

export const GET = withUser(async ({ db, auth }) =>
  NextResponse.json({ success: true, subscriptions: await savingsOf(db, auth.user.id) }),
);
