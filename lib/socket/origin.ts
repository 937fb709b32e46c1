import type { IncomingMessage } from "node:http";
import { firstValue, isSiteOrigin, requestHost } from "@/lib/core/origin";

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
  const origin = firstValue(req.headers.origin);
  if (!origin) return true;
  return isSiteOrigin(
    origin,
    requestHost((name) => req.headers[name], trustProxy),
    allowed,
  );
}
