import { NextResponse } from "next/server";
import { revokeSession } from "@/lib/auth/sessions";
import { withSession } from "@/lib/http/handler";
import { clearSessionCookie } from "@/lib/http/session-cookie";

export const POST = withSession(async ({ db, auth }) => {
  await revokeSession(db, auth.session.id);
  return clearSessionCookie(NextResponse.json({ success: true, message: "Signed out" }));
});
