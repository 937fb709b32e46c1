import { NextResponse } from "next/server";
import { withUser } from "@/lib/http/handler";
import { valuedBalances } from "@/lib/trading/valuation";

export const GET = withUser(async ({ db, auth }) =>
  NextResponse.json({ success: true, ...(await valuedBalances(db, auth.user.id)) }),
);
