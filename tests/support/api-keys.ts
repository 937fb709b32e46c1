import type { Db } from "@/db/client";
import { apiKeys } from "@/db/schema";
import type { ApiKeyScope } from "@/lib/api-keys/routes";
import { encryptApiSecret, newApiSecret } from "@/lib/api-keys/secret";
import { newId } from "@/lib/core/ids";
import { AurumClient } from "@/examples/aurum-client";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

const routeFiles = import.meta.glob<Record<string, unknown>>("/app/api/**/route.ts");

/** Route files as path patterns, static segments before `[id]` ones, as Next matches them. */
const patterns = Object.keys(routeFiles)
  .map((file) => ({
    file,
    segments: file
      .replace(/^\/app/, "")
      .replace(/\/route\.ts$/, "")
      .split("/"),
  }))
  .sort(
    (a, b) => a.segments.filter((s) => s.startsWith("[")).length - b.segments.filter((s) => s.startsWith("[")).length,
  );

/**
 * A fetch that hands the request to the route file Next would, in this process, with `ip` as the
 * address server.ts would record: the example client runs against route handlers as against a server.
 */
export function dispatcher(ip = "127.0.0.1") {
  return async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    const segments = url.pathname.split("/");
    for (const { file, segments: pattern } of patterns) {
      if (pattern.length !== segments.length) continue;
      const params: Record<string, string> = {};
      if (
        !pattern.every((s, i) =>
          s.startsWith("[") ? ((params[s.slice(1, -1)] = segments[i]!), true) : s === segments[i],
        )
      )
        continue;
      const handler = (await routeFiles[file]!())[req.method] as Handler | undefined;
      if (!handler) return Response.json({ success: false, code: "METHOD_NOT_ALLOWED" }, { status: 405 });
      const headers = new Headers(req.headers);
      headers.set("x-aurum-client-ip", ip);
      const body = req.method === "GET" || req.method === "HEAD" ? undefined : await req.arrayBuffer();
      return handler(new Request(req.url, { method: req.method, headers, body }), { params: Promise.resolve(params) });
    }
    return Response.json({ success: false, code: "NOT_FOUND" }, { status: 404 });
  };
}

export interface KeyOptions {
  scopes?: ApiKeyScope[];
  allowedIps?: string[] | null;
  expiresAt?: Date;
}

/** A key written straight to the database (the API's way needs a fresh two-factor code each time), and its secret. */
export async function insertKey(
  db: Db,
  userId: string,
  options: KeyOptions = {},
): Promise<{ id: string; secret: string }> {
  const id = newId();
  const secret = newApiSecret();
  await db.insert(apiKeys).values({
    id,
    userId,
    name: "test key",
    scopes: options.scopes ?? ["read", "trade"],
    allowedIps: options.allowedIps ?? null,
    secretEncrypted: encryptApiSecret(secret, id),
    expiresAt: options.expiresAt ?? new Date(Date.now() + 86_400_000),
  });
  return { id, secret };
}

/** The example client with this key, against the route handlers, from `ip`. */
export const clientFor = (key: { id: string; secret: string }, ip = "127.0.0.1", now?: () => number) =>
  new AurumClient({ baseUrl: "http://localhost", keyId: key.id, secret: key.secret, fetch: dispatcher(ip), now });
