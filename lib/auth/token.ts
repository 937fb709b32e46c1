import { createCipheriv, createHash, createHmac, hkdfSync, randomBytes, randomUUID } from "node:crypto";
import { decode } from "next-auth/jwt";
import { authSecret } from "./secret";

/**
 * The session cookie's name is fixed (no __Secure- prefix switching) because next-auth salts
 * the token's key with it: one name means one token that works as cookie and as Bearer.
 */
export const SESSION_COOKIE = "aurum.session-token";
/**
 * Over HTTPS the cookie carries the __Host- prefix: the browser keeps it only if it is Secure,
 * host-only and for path /, so no sibling subdomain or plain-HTTP page can plant or shadow it.
 * Both names hold the same token (salted with SESSION_COOKIE), so either works as Bearer too.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The session token among a request's cookies, by whatever `get` reads them with. */
export function sessionCookieValue(get: (name: string) => string | null | undefined): string | null {
  return get(SECURE_SESSION_COOKIE) || get(SESSION_COOKIE) || null;
}
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export interface TokenClaims {
  sub: string;
  sid: string;
  role: "user" | "admin";
  name: string;
}

/**
 * The key next-auth derives from the secret (HKDF-SHA256, salted with the cookie name) and the
 * protected header naming it by its JWK thumbprint (RFC 7638), as its `encode` computes them on
 * every call; kept for the current secret.
 */
let derived: { secret: string; key: Buffer; header: string } | undefined;

function encryptionKey(secret: string) {
  if (derived?.secret !== secret) {
    const key = Buffer.from(
      hkdfSync("sha256", secret, SESSION_COOKIE, `Auth.js Generated Encryption Key (${SESSION_COOKIE})`, 64),
    );
    const kid = createHash("sha512")
      .update(`{"k":"${key.toString("base64url")}","kty":"oct"}`)
      .digest("base64url");
    derived = {
      secret,
      key,
      header: Buffer.from(JSON.stringify({ alg: "dir", enc: "A256CBC-HS512", kid })).toString("base64url"),
    };
  }
  return derived;
}

/**
 * The token next-auth's `encode` would mint (a JWE, "dir" with A256CBC-HS512, RFC 7518 5.2.2:
 * AES-256-CBC under the key's second half, then HMAC-SHA-512 under its first over the header, IV,
 * ciphertext and the header's bit length, cut to 32 bytes), which its `decode` and `auth()` read.
 * Written here with node:crypto because `encode` runs each step as a WebCrypto job on libuv's
 * threads, where a sign-in's four jobs waited behind the password hashes (tests/unit/session-token
 * decodes these tokens with next-auth's own `decode`).
 */
export async function mintToken(claims: TokenClaims): Promise<string> {
  const { key, header } = encryptionKey(authSecret());
  const iat = Math.floor(Date.now() / 1000);
  const payload = JSON.stringify({ ...claims, iat, exp: iat + SESSION_MAX_AGE_SECONDS, jti: randomUUID() });
  const iv = randomBytes(16);
  const cipher = createCipheriv("aes-256-cbc", key.subarray(32), iv);
  const ciphertext = Buffer.concat([cipher.update(payload, "utf8"), cipher.final()]);
  const aadBits = Buffer.alloc(8);
  aadBits.writeBigUInt64BE(BigInt(header.length * 8));
  const tag = createHmac("sha512", key.subarray(0, 32))
    .update(header)
    .update(iv)
    .update(ciphertext)
    .update(aadBits)
    .digest()
    .subarray(0, 32);
  return `${header}..${iv.toString("base64url")}.${ciphertext.toString("base64url")}.${tag.toString("base64url")}`;
}

/**
 * Tokens already read, so a signed-in request does not derive the key and decrypt again each time
 * (the session row is still checked on every request). Bounded; the oldest entries go first.
 */
const READ_CACHE_SIZE = 5_000;
const read = new Map<string, { claims: TokenClaims; secret: string; expiresAt: number }>();

export async function readToken(token: string): Promise<TokenClaims | null> {
  const secret = authSecret();
  const known = read.get(token);
  if (known && known.secret === secret && known.expiresAt > Date.now()) return known.claims;
  const decoded = await decodeToken(token, secret);
  if (!decoded) return null;
  if (read.size >= READ_CACHE_SIZE) read.delete(read.keys().next().value!);
  read.set(token, { ...decoded, secret });
  return decoded.claims;
}

async function decodeToken(token: string, secret: string): Promise<{ claims: TokenClaims; expiresAt: number } | null> {
  try {
    const payload = await decode({ token, secret, salt: SESSION_COOKIE });
    if (
      !payload ||
      typeof payload.sid !== "string" ||
      typeof payload.sub !== "string" ||
      typeof payload.exp !== "number"
    )
      return null;
    if (payload.role !== "user" && payload.role !== "admin") return null;
    return {
      claims: { sub: payload.sub, sid: payload.sid, role: payload.role, name: String(payload.name ?? "") },
      expiresAt: payload.exp * 1000,
    };
  } catch {
    return null;
  }
}

function bearerToken(req: Request): string | null {
  const header = req.headers.get("authorization");
  return header?.toLowerCase().startsWith("bearer ") ? header.slice(7).trim() || null : null;
}

/** Whether the request's credential is the session cookie, which a browser attaches on its own. */
export function authenticatesByCookie(req: Request): boolean {
  return bearerToken(req) === null && cookieToken(req) !== null;
}

/** A Bearer header wins over the cookie: the JSON API is called with Bearer, pages carry the cookie. */
export function tokenFromRequest(req: Request): string | null {
  return bearerToken(req) ?? cookieToken(req);
}

const cookieToken = (req: Request) => sessionCookieValue((name) => cookieValue(req.headers.get("cookie"), name));

export function cookieValue(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeCookie(part.slice(eq + 1).trim());
  }
  return null;
}

/** A cookie value as set; a malformed percent-encoding (a hand-made cookie) is no value at all. */
function decodeCookie(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}
