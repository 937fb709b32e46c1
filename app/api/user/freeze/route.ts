import { NextResponse } from "next/server";
import { freezeAccount, freezeSchema } from "@/lib/account/freeze";
import { clientIp, parseBody, withUser } from "@/lib/http/handler";
import { clearSessionCookie } from "@/lib/http/session-cookie";

export const POST = withUser(async ({ req, db, auth }) => {
  const input = await parseBody(req, freezeSchema);
  const { frozenAt, sessionsEnded } = await freezeAccount(db, auth.user.id, input, { ip: clientIp(req) });
  const res = NextResponse.json({
    success: true,
    message: "Your account is frozen and every session is signed out. Contact Customer Service to unfreeze it.",
    frozenAt: frozenAt.toISOString(),
    sessionsEnded,
  });
  return clearSessionCookie(res);
});
