import { readEnv } from "@/lib/core/env";
import { AppError, forbidden } from "@/lib/core/errors";
import { isSiteOrigin, requestHost } from "@/lib/core/origin";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const WRITE_TYPES = new Set(["application/json", "multipart/form-data"]);

const crossOrigin = () => forbidden("This request must come from the site's own pages", "CROSS_ORIGIN_REQUEST");

/**
 * Any write that names an Origin must name the site's own or one in ALLOWED_ORIGINS. Browsers name
 * it on every cross-origin write (and on same-origin ones); scripts and servers send none and are
 * not concerned: they hold no ambient credential of anyone else's.
 */
export function assertWriteOrigin(req: Request): void {
  if (SAFE_METHODS.has(req.method)) return;
  const origin = req.headers.get("origin");
  if (origin === null) return;
  const env = readEnv();
  if (
    !isSiteOrigin(
      origin,
      requestHost((name) => req.headers.get(name), env.TRUST_PROXY),
      env.ALLOWED_ORIGINS,
    )
  )
    throw crossOrigin();
}

/**
 * A write authenticated by the session cookie, which a browser attaches on its own, must prove it
 * comes from the site's pages. SameSite=Lax does not: another port or subdomain is the same *site*,
 * and its pages can post a text/plain form or a no-cors fetch that carries the cookie. So it needs
 * an Origin that passed `assertWriteOrigin` (or, where a browser sent none, Sec-Fetch-Site:
 * same-origin) and a JSON body (multipart for uploads): types no other origin can send without a
 * CORS preflight, which this API never grants. Bearer calls carry no ambient credential.
 */
export function assertCookieWrite(req: Request): void {
  if (SAFE_METHODS.has(req.method)) return;
  assertWriteOrigin(req);
  if (req.headers.get("origin") === null && req.headers.get("sec-fetch-site") !== "same-origin") throw crossOrigin();
  const type = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (!type || !WRITE_TYPES.has(type))
    throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", "Send this request as application/json");
}
