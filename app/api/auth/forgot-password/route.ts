import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { FORGOT_PASSWORD_ANSWER, forgotPasswordSchema, requestPasswordReset } from "@/lib/auth/forgot-password";
import { readEnv } from "@/lib/core/env";
import { clientIp, parseBody, route } from "@/lib/http/handler";
import { linkOrigin } from "@/lib/core/origin";

export const POST = route(async (req) => {
  const input = await parseBody(req, forgotPasswordSchema);
  await requestPasswordReset(await getDb(), input, { ip: clientIp(req), origin: linkOrigin(readEnv()) });
  return NextResponse.json({ success: true, message: FORGOT_PASSWORD_ANSWER });
});
