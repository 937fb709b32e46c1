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
