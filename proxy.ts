import { NextResponse, type NextRequest } from "next/server";
import { readToken, sessionCookieValue } from "@/lib/auth/token";
import { isSignedInPage, PUBLIC_PAGES } from "@/lib/http/pages";
import { pageContentSecurityPolicy } from "@/lib/http/security-headers";

/** A page answer with this request's script nonce in its policy; Next reads it from the request. */
function withPolicy(req: NextRequest): NextResponse {
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const policy = pageContentSecurityPolicy(nonce, process.env.NODE_ENV !== "production");
  const headers = new Headers(req.headers);
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", policy);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("Content-Security-Policy", policy);
  return res;
}

/**
 * The first gate for pages: a valid session token for the app, role admin for /admin. It only
 * verifies the token; pages check the session row again (revocation, disabled users) and every
 * API handler authenticates on its own.
 */
export async function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  // Public pages, and paths that are no page at all: Next answers those with its 404, signed in or not.
  if (PUBLIC_PAGES.has(pathname) || !isSignedInPage(pathname)) return withPolicy(req);
  const token = sessionCookieValue((name) => req.cookies.get(name)?.value);
  const claims = token ? await readToken(token) : null;
  if (!claims) {
    const login = new URL("/login", req.nextUrl);
    if (pathname !== "/") login.searchParams.set("next", pathname + search);
    return NextResponse.redirect(login);
  }
  if (pathname.startsWith("/admin") && claims.role !== "admin") return NextResponse.redirect(new URL("/", req.nextUrl));
  return withPolicy(req);
}

export const config = {
  matcher: [
    "/((?!api/|socket\\.io/|_next/static|_next/image|favicon\\.ico|manifest\\.webmanifest|.*\\.(?:png|jpg|jpeg|svg|webp|ico|txt)$).*)",
  ],
};
