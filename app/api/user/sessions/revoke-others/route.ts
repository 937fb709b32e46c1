import { NextResponse } from "next/server";
import { revokeOthers } from "@/lib/auth/own-sessions";
import { withSession } from "@/lib/http/handler";

export const POST = withSession(async ({ db, auth }) => {
  const ended = await revokeOthers(db, auth.user.id, auth.session.id);
  return NextResponse.json({ success: true, message: "Other sessions signed out", sessionsEnded: ended.length });
});
