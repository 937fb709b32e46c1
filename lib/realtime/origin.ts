import type { IncomingMessage } from "node:http";

function firstHeader(value: string | string[] | undefined): string | undefined {
  return (Array.isArray(value) ? value[0] : value)?.split(",")[0]?.trim() || undefined;
}

/**
 * Whether a Socket.IO request may proceed, judged by its Origin: the site's own (the Origin's
 * host is the Host the request was sent to) or one listed in ALLOWED_ORIGINS.
 *
 * No Origin at all is let through: browsers always send one on WebSocket handshakes and on
 * cross-origin requests, so its absence means a same-origin polling request or a client that is
 * not a browser (a script, a server), which must still present a live session token. The check
 * stops other web pages from driving a visitor's browser, which is what Origin can tell apart.
 */
export function originAllowed(req: IncomingMessage, allowed: readonly string[], trustProxy: boolean): boolean {
  const origin = firstHeader(req.headers.origin);
  if (!origin) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (allowed.includes(parsed.origin)) return true;
  const host = (trustProxy && firstHeader(req.headers["x-forwarded-host"])) || firstHeader(req.headers.host);
  return host !== undefined && parsed.host === host.toLowerCase();
}
