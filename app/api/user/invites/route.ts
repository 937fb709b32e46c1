import { NextResponse } from "next/server";
import { withUser } from "@/lib/http/handler";
import { listInvites } from "@/lib/referrals/invites";

export const GET = withUser(async ({ db, auth }) =>
  NextResponse.json({ success: true, ...(await listInvites(db, auth.user.id)) }),
);
