import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import Negotiator from "negotiator";
import { log } from "@/lib/core/log";

/** Where Next's build puts the files it names by their content (`.next/static`), under this path. */
const PREFIX = "/_next/static/";

// What the build writes there. Any other name goes on to Next.
const CONTENT_TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
};
const COMPRESSIBLE = new Set([".js", ".css", ".svg"]);

// A file's name changes with its content, so a browser may keep it for good (as Next says too).
const CACHE_CONTROL = "public, max-age=31536000, immutable";

type Encoding = "br" | "gzip" | "identity";
const PREFERRED: Encoding[] = ["br", "gzip", "identity"];

interface Asset {
  contentType: string;
  etag: string;
  bodies: Map<Encoding, Buffer>;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The file and its compressed forms, each kept only where smaller. Compressed once, at the slowest
 * settings (brotli 11, gzip 9), on libuv's thread pool rather than the server's thread.
 */
async function compressed(file: string, contentType: string): Promise<Asset> {
  const raw = await readFile(file);
  const bodies = new Map<Encoding, Buffer>([["identity", raw]]);
  if (COMPRESSIBLE.has(path.extname(file))) {
    const [br, gz] = await Promise.all([
      brotli(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzipped(raw, { level: 9 }),
    ]);
    if (br.length < raw.length) bodies.set("br", br);
    if (gz.length < raw.length) bodies.set("gzip", gz);
  }
  return { contentType, etag: `W/"${createHash("sha256").update(raw).digest("base64url").slice(0, 27)}"`, bodies };
}

// Weak comparison (RFC 9110 8.8.3.2), as If-None-Match asks for.
const opaque = (tag: string) => tag.trim().replace(/^W\//, "");

const notFound = (err: unknown) => ["ENOENT", "EISDIR", "ENOTDIR"].includes((err as { code?: string }).code ?? "");

/**
 * Serves the build's static files (`/_next/static/…`) from memory, compressed ahead of time. Next
 * compresses each of them again on every request: the scripts and stylesheet of one page cost the
 * server 16–20 ms of CPU per load (2–4 ms from here), and a phone got gzip where brotli is ~15 %
 * smaller (docs/BENCHMARKS.md).
 *
 * `root` is the build's `static` folder. Every file there is read and compressed before this
 * resolves (about a second of the thread pool for the whole build): brotli 11 takes a third of a
 * second for the largest script, which no visitor should wait for, the first after an upgrade
 * included. A file that appears later is compressed when first asked for.
 *
 * Resolves to the handler, which answers GET and HEAD for a file there and resolves to true, or
 * leaves the request alone and resolves to false (a name it does not know, a path outside `root`, any
 * other method), for Next to answer. Only files that exist are kept: the build's few dozen.
 */
export async function staticAssets(
  root: string,
): Promise<(req: IncomingMessage, res: ServerResponse) => Promise<boolean>> {
  const base = path.resolve(root) + path.sep;
  const assets = new Map<string, Promise<Asset>>();

  const assetAt = async (file: string, contentType: string): Promise<Asset | null> => {
    let pending = assets.get(file);
    if (!pending) {
      pending = compressed(file, contentType);
      assets.set(file, pending);
    }
    try {
      return await pending;
    } catch (err) {
      assets.delete(file);
      if (!notFound(err)) log.warn({ err, file }, "static file could not be read or compressed: left to Next");
      return null;
    }
  };

  const present = await readdir(base, { recursive: true }).catch((err: unknown) => {
    if (notFound(err)) return [];
    throw err;
  });
  await Promise.all(
    present.map((name) => {
      const contentType = CONTENT_TYPES[path.extname(name)];
      return contentType ? assetAt(path.join(base, name), contentType) : null;
    }),
  );

  return async (req, res) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !req.url?.startsWith(PREFIX)) return false;
    let name: string;
    try {
      name = decodeURIComponent(req.url.slice(PREFIX.length).split("?")[0]!);
    } catch {
      return false;
    }
    const contentType = CONTENT_TYPES[path.extname(name)];
    const file = path.resolve(base, name);
    if (!contentType || name.includes("\0") || !file.startsWith(base)) return false;
    const asset = await assetAt(file, contentType);
    if (!asset) return false;

    const headers: Record<string, string> = {
      "Cache-Control": CACHE_CONTROL,
      ETag: asset.etag,
      Vary: "Accept-Encoding",
    };
    if (
      req.headers["if-none-match"]?.split(",").some((tag) => opaque(tag) === opaque(asset.etag) || tag.trim() === "*")
    ) {
      res.writeHead(304, headers).end();
      return true;
    }
    // A client that refuses every encoding still gets the file as it is.
    const [encoding = "identity"] = new Negotiator(req).encodings([...asset.bodies.keys()], {
      preferred: PREFERRED,
    }) as Encoding[];
    const body = asset.bodies.get(encoding)!;
    res.writeHead(200, {
      ...headers,
      "Content-Type": asset.contentType,
      "Content-Length": String(body.length),
      ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
    });
    res.end(body);
    return true;
  };
}
