import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { metrics } from "@/lib/core/metrics";

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Serves GET /metrics in Prometheus' text format to a caller holding METRICS_TOKEN as Bearer; without
 * a configured token the path does not exist. Returns whether the request was this one.
 */
export async function serveMetrics(
  req: IncomingMessage,
  res: ServerResponse,
  token: string | undefined,
): Promise<boolean> {
  if (req.url?.split("?")[0] !== "/metrics") return false;
  if (!token) return false;
  const presented = req.headers.authorization?.match(/^Bearer (.+)$/i)?.[1] ?? "";
  if (req.method !== "GET" || !same(presented, token)) {
    res.writeHead(req.method === "GET" ? 401 : 405, {
      "Content-Type": "application/json",
      "WWW-Authenticate": "Bearer",
    });
    res.end(JSON.stringify({ success: false, message: "A metrics token is required", code: "UNAUTHORIZED" }));
    return true;
  }
  const body = await metrics.registry.metrics();
  res.writeHead(200, { "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" });
  res.end(body);
  return true;
}
