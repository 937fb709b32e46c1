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
export function requestHost(
  get: (name: string) => string | string[] | null | undefined,
  trustProxy: boolean,
): string | undefined {
  return (trustProxy && firstValue(get("x-forwarded-host"))) || firstValue(get("host"));
}

/**
 * The origin every absolute link the app builds points at (a reset link by mail, an invitation and
 * its QR code): SITE_URL, else the address this server was started on. Never a request's Host or
 * X-Forwarded-Host: a client chooses those, and a mailed link to a host of their choosing hands
 * them the token in it. Production sets SITE_URL (the server warns at start until it is).
 */
export function linkOrigin(env: { SITE_URL?: string; PORT: number }): string {
  return env.SITE_URL ?? `http://localhost:${env.PORT}`;
}

/** What the server says at start while links fall back to localhost in production, else nothing. */
export function siteUrlWarning(env: { SITE_URL?: string; PORT: number; NODE_ENV: string }): string | null {
  if (env.SITE_URL || env.NODE_ENV !== "production") return null;
  return `SITE_URL is not set: links in mail and invitations point at ${linkOrigin(env)}, which only this machine can open. Set SITE_URL to the site's public origin (https://gold.example.com).`;
}
