import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys, users, type User } from "@/db/schema";
import { q, runStatement } from "@/db/statement";
import { readEnv } from "@/lib/core/env";
import { readBodyCapped, MAX_JSON_BYTES } from "@/lib/core/body";
import { AppError, forbidden, tooManyRequests, unauthorized, type ErrorCode } from "@/lib/core/errors";
import { isUuid } from "@/lib/core/ids";
import { consumeAll, type Hit } from "@/lib/core/rate-limit";
import { addressAllowed } from "./addresses";
import { keyRouteFor, type ApiKeyScope } from "./routes";
import { decryptApiSecret } from "./secret";

export const KEY_HEADER = "x-aurum-key";
export const TIMESTAMP_HEADER = "x-aurum-timestamp";
export const SIGNATURE_HEADER = "x-aurum-signature";

/** A request that names an API key is authenticated by its signature alone, never by a cookie or token it also carries. */
export const isSignedRequest = (req: Request): boolean => req.headers.has(KEY_HEADER);

export interface KeyCaller {
  user: User;
  apiKey: { id: string; scopes: ApiKeyScope[] };
}

/**
 * What is signed: the timestamp, the method, the path, the query with its `?` (empty when there is
 * none) and the body's bytes, run together. The path and query are the request's as the URL holds
 * them (percent-encoded as sent).
 */
export function signedText(timestamp: string, method: string, pathAndQuery: string, body: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from(`${timestamp}${method.toUpperCase()}${pathAndQuery}`, "utf8"), body]);
}

// Lowercase only: one signature has one spelling, so the replay check cannot be dodged by changing
// the case of a captured one.
const SIGNATURE = /^[0-9a-f]{64}$/;
const TIMESTAMP = /^\d{1,15}$/;

const refused = (code: ErrorCode, message: string) => unauthorized(message, code);

/**
 * Checks a signed request and answers its caller, plus the request rebuilt with the body that was
 * read to check the signature (the handler reads it again). In order: the headers' shape, the
 * timestamp's window, whether keys may reach this route at all (before any body or database work),
 * the key and its signature, the key's and the account's state, the address, the scope, then a
 * replay, then the key's own limits. Every check reads the database: a revoked key or a frozen
 * account is refused by the next request on every instance.
 */
export async function authenticateSignedRequest(
  db: Db,
  req: Request,
  clientIp: string,
  now = Date.now(),
): Promise<{ caller: KeyCaller; req: Request }> {
  const env = readEnv();
  const keyId = req.headers.get(KEY_HEADER) ?? "";
  const timestamp = req.headers.get(TIMESTAMP_HEADER) ?? "";
  const signature = req.headers.get(SIGNATURE_HEADER) ?? "";
  if (!isUuid(keyId)) throw refused("API_KEY_UNKNOWN", "X-Aurum-Key names no API key");
  if (!TIMESTAMP.test(timestamp))
    throw refused("API_TIMESTAMP_INVALID", "X-Aurum-Timestamp must be the time of signing in Unix milliseconds");
  if (!SIGNATURE.test(signature))
    throw refused(
      "API_SIGNATURE_MALFORMED",
      "X-Aurum-Signature must be the HMAC-SHA256 of the request as 64 lowercase hex characters",
    );
  const windowMs = env.API_KEY_WINDOW_SECONDS * 1000;
  if (Math.abs(now - Number(timestamp)) > windowMs) {
    throw refused(
      "API_TIMESTAMP_OUTSIDE_WINDOW",
      `The request was signed more than ${env.API_KEY_WINDOW_SECONDS} seconds from the server's time (${new Date(now).toISOString()}): check the clock and sign it again`,
    );
  }
  const url = new URL(req.url);
  const route = keyRouteFor(req.method, url.pathname);
  if (!route) throw forbidden("API keys cannot reach this route: sign in on the site for it", "API_KEY_ROUTE_CLOSED");

  const body =
    req.method === "GET" || req.method === "HEAD" ? new Uint8Array(0) : await readBodyCapped(req, MAX_JSON_BYTES);
  const [row] = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.id, keyId.toLowerCase()));
  if (!row) throw refused("API_KEY_UNKNOWN", "X-Aurum-Key names no API key");
  const { key, user } = row;
  const secret = decryptApiSecret(key.secretEncrypted, key.id);
  const expected =
    secret &&
    createHmac("sha256", secret)
      .update(signedText(timestamp, req.method, url.pathname + url.search, body))
      .digest();
  if (!expected || !timingSafeEqual(expected, Buffer.from(signature, "hex"))) {
    throw refused(
      "API_SIGNATURE_MISMATCH",
      "The signature does not match the request: sign timestamp + method + path + query + body with the key's secret",
    );
  }
  if (key.revokedAt) throw refused("API_KEY_REVOKED", "This API key was revoked");
  if (key.expiresAt.getTime() <= now)
    throw refused("API_KEY_EXPIRED", "This API key has expired: make a new one in Security");
  if (user.status !== "active") {
    throw user.frozenAt
      ? refused("ACCOUNT_FROZEN", "This account is frozen: its API keys work again when support unfreezes it")
      : refused("ACCOUNT_DISABLED", "This account is disabled");
  }
  if (key.allowedIps && !addressAllowed(key.allowedIps, clientIp))
    throw refused("API_KEY_ADDRESS_NOT_ALLOWED", `This API key may not be used from ${clientIp}`);
  const scopes = key.scopes as ApiKeyScope[];
  // The key and its signature are good, so the caller is known: what it may not do is a 403, as for a signed-in user.
  if (!scopes.includes(route.scope))
    throw new AppError(403, "API_KEY_SCOPE", `This API key lacks the "${route.scope}" scope this route needs`);

  await recordUse(db, key.id, signature, clientIp, now, windowMs);
  const hits: Hit[] = [
    { key: `api-key:minute:${key.id}`, limit: { max: env.API_KEY_REQUESTS_PER_MINUTE, windowMs: 60_000 } },
  ];
  if (route.order)
    hits.push({ key: `api-key:orders:${key.id}`, limit: { max: env.API_KEY_ORDERS_PER_SECOND, windowMs: 1000 } });
  const wait = await consumeAll(db, hits, now);
  // In seconds, not rate-limit's minutes: an orders-per-second window is over in one.
  if (wait > 0)
    throw tooManyRequests(
      `Too many requests with this API key. Please try again in ${wait} second${wait === 1 ? "" : "s"}.`,
      wait,
    );

  const rebuilt = new Request(req.url, {
    method: req.method,
    headers: req.headers,
    body: body.byteLength > 0 ? body : undefined,
  });
  return { caller: { user, apiKey: { id: key.id, scopes } }, req: rebuilt };
}

/**
 * Records the signature (refusing one seen before: a replay inside the window) and the key's last
 * use, and sweeps the key's signatures whose window is over, in one statement (PostgreSQL runs every
 * writing `with` entry, read or not). The table is shared
 * by every instance, so a replay sent to another one is refused too.
 */
async function recordUse(
  db: Db,
  keyId: string,
  signature: string,
  ip: string,
  now: number,
  windowMs: number,
): Promise<void> {
  const at = new Date(now).toISOString();
  // A signature stays replayable until its timestamp's window closes, at most two windows from now.
  const until = new Date(now + 2 * windowMs).toISOString();
  const [row] = await runStatement<{ fresh: number }>(
    db,
    q`with seen as (
        insert into api_key_signatures (key_id, signature, until) values (${keyId}::uuid, ${signature}::text, ${until}::timestamptz)
        on conflict do nothing returning 1),
      used as (update api_keys set last_used_at = ${at}::timestamptz, last_used_ip = ${ip}::text where id = ${keyId}::uuid and exists (select 1 from seen)),
      swept as (delete from api_key_signatures where key_id = ${keyId}::uuid and until < ${at}::timestamptz)
      select (select count(*) from seen)::int as fresh`,
  );
  if (!row || Number(row.fresh) === 0)
    throw refused("API_SIGNATURE_REPLAYED", "This signed request was already received: sign each request anew");
}
