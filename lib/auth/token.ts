import { decode, encode } from "next-auth/jwt";
import { authSecret } from "./secret";

/**
 * The session cookie's name is fixed (no __Secure- prefix switching) because next-auth salts
 * the token's key with it: one name means one token that works as cookie and as Bearer.
 */
export const SESSION_COOKIE = "aurum.session-token";
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export interface TokenClaims {
  sub: string;
  sid: string;
  role: "user" | "admin";
  name: string;
}

export function mintToken(claims: TokenClaims): Promise<string> {
  return encode({ token: { ...claims }, secret: authSecret(), salt: SESSION_COOKIE, maxAge: SESSION_MAX_AGE_SECONDS });
}

export async function readToken(token: string): Promise<TokenClaims | null> {
  try {
    const payload = await decode({ token, secret: authSecret(), salt: SESSION_COOKIE });
    if (!payload || typeof payload.sid !== "string" || typeof payload.sub !== "string") return null;
    if (payload.role !== "user" && payload.role !== "admin") return null;
    return { sub: payload.sub, sid: payload.sid, role: payload.role, name: String(payload.name ?? "") };
  } catch {
    return null;
  }
}

/** A Bearer header wins over the cookie: the JSON API is called with Bearer, pages carry the cookie. */
export function tokenFromRequest(req: Request): string | null {
  const header = req.headers.get("authorization");
  if (header?.toLowerCase().startsWith("bearer ")) return header.slice(7).trim() || null;
  return cookieValue(req.headers.get("cookie"), SESSION_COOKIE);
}

export function cookieValue(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}
