import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { readableAddress } from "@/lib/core/format";
import { log } from "@/lib/core/log";
import { metrics, routeLabel } from "@/lib/core/metrics";
import { requestContext, type RequestContext } from "@/lib/core/request-context";
import { firstValue } from "@/lib/core/origin";
import { API_CONTENT_SECURITY_POLICY, securityHeaders } from "./security-headers";

/** Route handlers cannot see the socket: they read the caller's address from this header only. */
export const CLIENT_IP_HEADER = "x-aurum-client-ip";

// What a reverse proxy says about the client. Without a trusted proxy it is the client's own word.
const FORWARDED = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port"];

/**
 * Prepares a request before Next sees it: the client's address recorded (overwriting anything the
 * client sent), forwarded headers dropped unless TRUST_PROXY says a proxy of ours set them (so no
 * client can claim HTTPS for a Secure cookie, another host for the origin checks, or another
 * address for the rate limits), and the security headers every answer carries.
 */
export function admitRequest(req: IncomingMessage, res: ServerResponse, trustProxy: boolean): void {
  const forwardedFor = firstValue(req.headers["x-forwarded-for"]);
  const address = (trustProxy && forwardedFor) || req.socket.remoteAddress;
  // One form per client: an IPv4 client on a dual-stack socket is its IPv4 address, for the limits and for people.
  req.headers[CLIENT_IP_HEADER] = address ? readableAddress(address) : "unknown";
  if (!trustProxy) for (const name of FORWARDED) delete req.headers[name];
  const https = trustProxy && firstValue(req.headers["x-forwarded-proto"]) === "https";
  for (const [name, value] of Object.entries(securityHeaders(https))) res.setHeader(name, value);
  if (req.url?.startsWith("/api/")) res.setHeader("Content-Security-Policy", API_CONTENT_SECURITY_POLICY);
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Runs `handle` for one request inside its context (request id, and the user once known), then
 * logs one structured line and records its duration when the answer is finished. The id is a
 * trusted proxy's X-Request-Id when it sent a sane one, else a new one; the answer carries it.
 */
export function observeRequest(
  req: IncomingMessage,
  res: ServerResponse,
  trustProxy: boolean,
  handle: () => void,
): void {
  const offered = firstValue(req.headers["x-request-id"]);
  const requestId = trustProxy && offered && REQUEST_ID.test(offered) ? offered : randomUUID();
  res.setHeader("X-Request-Id", requestId);
  const context: RequestContext = { requestId, userId: null };
  const started = process.hrtime.bigint();
  res.once("finish", () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const route = routeLabel(req.url, res.statusCode);
    metrics.requests.observe({ method: req.method ?? "GET", route, status: String(res.statusCode) }, seconds);
    const line = {
      requestId,
      userId: context.userId,
      method: req.method,
      route,
      status: res.statusCode,
      durationMs: Math.round(seconds * 1000),
    };
    if (res.statusCode >= 500) log.error(line, "request");
    else if (route === "/_next/*") log.debug(line, "request");
    else log.info(line, "request");
  });
  requestContext.run(context, handle);
}
