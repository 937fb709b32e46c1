import { NextResponse } from "next/server";
import { withUser } from "@/lib/http/handler";
import { tradeSettings } from "@/lib/trading/trade-settings";

export const GET = withUser(async ({ db, auth }) =>
  NextResponse.json({ success: true, ...(await tradeSettings(db, auth.user.id)) }),
);
