import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { registerUser } from "@/lib/auth/register";
import { registerPayloadSchema } from "@/lib/auth/register-rules";
import { publicUser } from "@/lib/account/views";
import { parseBody, requestMeta, route } from "@/lib/http/handler";
import { setSessionCookie } from "@/lib/http/session-cookie";

export const POST = route(async (req) => {
  const payload = await parseBody(req, registerPayloadSchema);
  const { user, token } = await registerUser(await getDb(), payload, requestMeta(req));
  const res = NextResponse.json(
    { success: true, message: "Registration successful", user: publicUser(user), token },
    { status: 201 },
  );
  return setSessionCookie(res, req, token);
});
