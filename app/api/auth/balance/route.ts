import { NextResponse } from "next/server";
import { withUser } from "@/lib/http/handler";
import { userBalances } from "@/lib/ledger/balances";

export const GET = withUser(async ({ db, auth }) =>
  NextResponse.json({ success: true, balances: await userBalances(db, auth.user.id) }),
);
