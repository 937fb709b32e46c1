import type { ErrorCode } from "@/lib/core/errors";
import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { login, loginPayloadSchema } from "@/lib/auth/login";
import { publicUser } from "@/lib/account/views";
import { parseBody, requestMeta, route } from "@/lib/http/handler";
import { setSessionCookie } from "@/lib/http/session-cookie";

export const POST = route(async (req) => {
  const payload = await parseBody(req, loginPayloadSchema);
  const result = await login(await getDb(), payload, requestMeta(req));
  if (result.twoFactorRequired) {
    // The password was right but this is not a sign-in yet: 401 (no session, no cookie) with the
    // challenge that POST /api/auth/login/2fa completes with a code.
    return NextResponse.json(
      {
        success: false,
        twoFactorRequired: true,
        challenge: result.challenge,
        code: "TWO_FACTOR_REQUIRED" satisfies ErrorCode,
        message: "Enter the 6-digit code from your authenticator app",
      },
      { status: 401, headers: { "Cache-Control": "no-store" } },
    );
  }
  const res = NextResponse.json({
    success: true,
    message: "Login successful",
    user: publicUser(result.user),
    token: result.token,
  });
  return setSessionCookie(res, req, result.token);
});
