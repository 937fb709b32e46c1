import { NextResponse } from "next/server";
import { changePassword, changePasswordSchema } from "@/lib/account/change-password";
import { parseBody, withSession } from "@/lib/http/handler";

export const POST = withSession(async ({ req, db, auth }) => {
  const input = await parseBody(req, changePasswordSchema);
  const { sessionsEnded } = await changePassword(db, auth.user.id, auth.session.id, input);
  return NextResponse.json({
    success: true,
    message: "Password changed. Your other sessions were signed out.",
    sessionsEnded,
  });
});
