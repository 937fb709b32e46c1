import { createHash } from "node:crypto";
import { NextResponse } from "next/server";

/**
 * A JSON text that changes only with a new build, answered with its ETag: a client that has it
 * already (If-None-Match) gets a 304 and no body. `cacheControl` says who may keep it and how long.
 */
export function cachedJson(req: Request, text: string, cacheControl: string): NextResponse {
  const etag = `"${createHash("sha256").update(text).digest("base64url")}"`;
  const headers = { ETag: etag, "Cache-Control": cacheControl };
  const sent = req.headers.get("if-none-match");
  if (sent && sent.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag))
    return new NextResponse(null, { status: 304, headers });
  return new NextResponse(text, { headers: { ...headers, "Content-Type": "application/json" } });
}
