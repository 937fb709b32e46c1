import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { login, loginPayloadSchema } from "@/lib/auth/login";
import { publicUser } from "@/lib/auth/user-view";
import { parseBody, requestMeta, route } from "@/lib/http/handler";
import { setSessionCookie } from "@/lib/http/session-cookie";

export const POST = route(async (req) => {
  const payload = await parseBody(req, loginPayloadSchema);
  const { user, token } = await login(await getDb(), payload, requestMeta(req));
  const res = NextResponse.json({ success: true, message: "Login successful", user: publicUser(user), token });
  return setSessionCookie(res, req, token);
});
