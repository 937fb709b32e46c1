import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { completeTwoFactorLogin, twoFactorLoginSchema } from "@/lib/auth/two-factor/complete-login";
import { publicUser } from "@/lib/account/views";
import { parseBody, requestMeta, route } from "@/lib/http/handler";
import { setSessionCookie } from "@/lib/http/session-cookie";

/** The second step of a sign-in with two-factor on: the challenge from /api/auth/login and a code. */
export const POST = route(async (req) => {
  const input = await parseBody(req, twoFactorLoginSchema);
  const { user, token } = await completeTwoFactorLogin(await getDb(), input, requestMeta(req));
  const res = NextResponse.json({ success: true, message: "Login successful", user: publicUser(user), token });
  return setSessionCookie(res, req, token);
});
