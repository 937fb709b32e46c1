import { NextResponse, type NextRequest } from "next/server";
import { readToken, SESSION_COOKIE } from "@/lib/auth/token";

const PUBLIC_PAGES = new Set(["/login", "/register"]);

/**
 * The first gate for pages: a valid session token for the app, role admin for /admin. It only
 * verifies the token; pages check the session row again (revocation, disabled users) and every
 * API handler authenticates on its own.
 */
export async function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  if (PUBLIC_PAGES.has(pathname)) return NextResponse.next();
  const token = req.cookies.get(SESSION_COOKIE)?.value;
  const claims = token ? await readToken(token) : null;
  if (!claims) {
    const login = new URL("/login", req.nextUrl);
    if (pathname !== "/") login.searchParams.set("next", pathname + search);
    return NextResponse.redirect(login);
  }
  if (pathname.startsWith("/admin") && claims.role !== "admin") return NextResponse.redirect(new URL("/", req.nextUrl));
  return NextResponse.next();
}

export const config = {
  matcher: ["/((?!api/|socket\\.io/|_next/static|_next/image|favicon\\.ico|.*\\.(?:png|jpg|jpeg|svg|webp|ico|txt)$).*)"],
};
