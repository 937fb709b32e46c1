/**
 * Whether `origin` (an Origin header's value) is the site's own — its host is the host the request
 * was sent to — or one listed in ALLOWED_ORIGINS. "null" and anything unparsable are neither.
 */
export function isSiteOrigin(origin: string, host: string | undefined, allowed: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin === "null") return false;
  if (allowed.includes(parsed.origin)) return true;
  return host !== undefined && parsed.host === host.toLowerCase();
}

/** The first value of a header that proxies may have made a list. */
export function firstValue(value: string | string[] | null | undefined): string | undefined {
  return (Array.isArray(value) ? value[0] : value)?.split(",")[0]?.trim() || undefined;
}

/** The host a request was sent to: the proxy's X-Forwarded-Host only when the proxy is trusted. */
export function requestHost(get: (name: string) => string | string[] | null | undefined, trustProxy: boolean): string | undefined {
  return (trustProxy && firstValue(get("x-forwarded-host"))) || firstValue(get("host"));
}

const PLAIN_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin links sent out of band (a reset link by mail) point at: SITE_URL when set, else the
 * scheme and host this request was sent to (https only when a trusted proxy says so). The fallback
 * trusts the Host header, which a client chooses: production sets SITE_URL.
 */
export function linkOrigin(req: Request, env: { SITE_URL?: string; TRUST_PROXY: boolean }): string {
  if (env.SITE_URL) return env.SITE_URL;
  const host = requestHost((name) => req.headers.get(name), env.TRUST_PROXY) ?? new URL(req.url).host;
  const https = env.TRUST_PROXY && firstValue(req.headers.get("x-forwarded-proto")) === "https";
  // A Host header that is not a plain host[:port] (a path, credentials, spaces) makes no link.
  const candidate = `${https ? "https" : "http"}://${host}`;
  if (!PLAIN_HOST.test(host) || !URL.canParse(candidate)) return "http://localhost";
  return new URL(candidate).origin;
}
