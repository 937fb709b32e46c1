import type { NextResponse } from "next/server";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, SESSION_MAX_AGE_SECONDS } from "@/lib/auth/token";
import { readEnv } from "@/lib/core/env";
import { firstValue } from "@/lib/core/origin";

/**
 * Whether the client reached the site over HTTPS. X-Forwarded-Proto is a client's say-so unless a
 * trusted proxy (TRUST_PROXY=1) set it, so only then is it believed.
 */
export function isHttps(req: Request): boolean {
  if (new URL(req.url).protocol === "https:") return true;
  return readEnv().TRUST_PROXY && firstValue(req.headers.get("x-forwarded-proto")) === "https";
}

/** Pages authenticate with this cookie; it holds the same token the JSON API takes as Bearer. */
export function setSessionCookie(res: NextResponse, req: Request, token: string): NextResponse {
  const secure = isHttps(req);
  res.cookies.set(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  return res;
}

export function clearSessionCookie(res: NextResponse): NextResponse {
  res.cookies.set(SESSION_COOKIE, "", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 0 });
  res.cookies.set(SECURE_SESSION_COOKIE, "", { httpOnly: true, sameSite: "lax", path: "/", secure: true, maxAge: 0 });
  return res;
}
