import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { staticAssets } from "@/lib/http/static-assets";
import { log } from "@/lib/core/log";

// The build's folder as the server sees it, with a file beside it that must stay out of reach.
const dir = mkdtempSync(path.join(tmpdir(), "aurum-static-"));
const root = path.join(dir, "static");
const SCRIPT = Buffer.from(
  Array.from({ length: 400 }, (_, i) => `export const value${i % 40} = "gold ${i % 40}";\n`).join(""),
);
const FONT = Buffer.from("wOF2".repeat(500));

let server: Server;
let port: number;

beforeAll(async () => {
  mkdirSync(path.join(root, "chunks"), { recursive: true });
  writeFileSync(path.join(root, "chunks", "app.js"), SCRIPT);
  writeFileSync(path.join(root, "chunks", "tiny.js"), "1");
  writeFileSync(path.join(root, "chunks", "app.js.map"), SCRIPT);
  writeFileSync(path.join(root, "chunks", "font.woff2"), FONT);
  writeFileSync(path.join(dir, "secret.js"), SCRIPT);
  writeFileSync(path.join(root, "chunks", "early.js"), "export const early = true;");
  const serve = await staticAssets(root);
  // Changed after the start: what is served shows whether it was read before the first request.
  writeFileSync(path.join(root, "chunks", "early.js"), "export const early = false;");
  // What it leaves alone, Next would answer: here a 418 says it was left.
  server = createServer((req, res) => void serve(req, res).then((served) => served || res.writeHead(418).end("next")));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * The answer as it came over the wire: node:http adds no Accept-Encoding, decodes nothing, and sends
 * the path as written (a URL would resolve its dots first).
 */
function get(pathname: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the build's static files", () => {
  it("go as brotli to a browser that lists gzip first, whole and for good", async () => {
    const res = await get("/_next/static/chunks/app.js", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(res.body).equals(SCRIPT)).toBe(true);
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(res.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary).toBe("Accept-Encoding");
  });

  it("go as gzip, or as they are, to a client that takes nothing better, and follow its qualities", async () => {
    const gz = await get("/_next/static/chunks/app.js", { "Accept-Encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(SCRIPT)).toBe(true);
    expect(
      (await get("/_next/static/chunks/app.js", { "Accept-Encoding": "br;q=0.5, gzip" })).headers["content-encoding"],
    ).toBe("gzip");
    for (const accept of [undefined, "identity", "br;q=0, gzip;q=0", "zstd"]) {
      const plain = await get("/_next/static/chunks/app.js", accept ? { "Accept-Encoding": accept } : {});
      expect(plain.headers["content-encoding"], String(accept)).toBeUndefined();
      expect(plain.body.equals(SCRIPT)).toBe(true);
      expect(Number(plain.headers["content-length"])).toBe(SCRIPT.length);
    }
  });

  it("go as they are where compressing would not make them smaller, or is not worth it (a font)", async () => {
    const tiny = await get("/_next/static/chunks/tiny.js", { "Accept-Encoding": "br, gzip" });
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body.toString()).toBe("1");
    const font = await get("/_next/static/chunks/font.woff2", { "Accept-Encoding": "br, gzip" });
    expect(font.headers["content-encoding"]).toBeUndefined();
    expect(font.headers["content-type"]).toBe("font/woff2");
    expect(font.body.equals(FONT)).toBe(true);
  });

  it("answer a revalidation by ETag with 304 and no body, and HEAD with the headers alone", async () => {
    const first = await get("/_next/static/chunks/app.js", { "Accept-Encoding": "br" });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    // The same tag whatever the encoding: it names the file's content.
    expect((await get("/_next/static/chunks/app.js")).headers.etag).toBe(etag);
    for (const ifNoneMatch of [etag, `"other", ${etag}`, etag.slice(2), "*"]) {
      const again = await get("/_next/static/chunks/app.js", { "If-None-Match": ifNoneMatch });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    expect((await get("/_next/static/chunks/app.js", { "If-None-Match": 'W/"other"' })).status).toBe(200);
    const head = await get("/_next/static/chunks/app.js", { "Accept-Encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
    expect(head.headers["content-encoding"]).toBe("gzip");
  });

  it.each([
    ["a write", "/_next/static/chunks/app.js", "POST"],
    ["a path out of the folder", "/_next/static/../secret.js", "GET"],
    ["an encoded path out of the folder", "/_next/static/%2e%2e/secret.js", "GET"],
    ["an encoded slash out of the folder", "/_next/static/chunks%2f..%2f..%2fsecret.js", "GET"],
    ["a NUL in the name", "/_next/static/chunks/app.js%00.js", "GET"],
    ["a malformed escape", "/_next/static/chunks/%E0%A4%A.js", "GET"],
    ["a kind of file the build does not serve", "/_next/static/chunks/app.js.map", "GET"],
    ["a file that is not there", "/_next/static/chunks/gone.js", "GET"],
    ["a path outside /_next/static", "/chunks/app.js", "GET"],
  ])("leave %s to Next, quietly", async (_, pathname, method) => {
    const warn = vi.spyOn(log, "warn");
    onTestFinished(() => warn.mockRestore());
    const res = await get(pathname, { "Accept-Encoding": "br" }, method);
    expect(res.status).toBe(418);
    expect(res.body.toString()).toBe("next");
    // A hostile name is not the server's trouble: nothing for the operators to read.
    expect(warn).not.toHaveBeenCalled();
  });

  it("are read and compressed at the start, before anyone asks: the first visitor does not wait for brotli", async () => {
    const res = await get("/_next/static/chunks/early.js");
    expect(res.body.toString()).toBe("export const early = true;");
  });

  it("start without a build's folder, and leave every request to Next", async () => {
    const serve = await staticAssets(path.join(dir, "no-build"));
    const lone = createServer(
      (req, res) => void serve(req, res).then((served) => served || res.writeHead(418).end("next")),
    );
    await new Promise<void>((resolve) => lone.listen(0, "127.0.0.1", resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(lone.address() as AddressInfo).port}/_next/static/chunks/app.js`);
      expect(res.status).toBe(418);
    } finally {
      await new Promise((resolve) => lone.close(resolve));
    }
  });

  it("serve a file that was missing once it is there: a miss is not remembered", async () => {
    expect((await get("/_next/static/chunks/late.js")).status).toBe(418);
    writeFileSync(path.join(root, "chunks", "late.js"), SCRIPT);
    const res = await get("/_next/static/chunks/late.js", { "Accept-Encoding": "gzip" });
    expect(res.status).toBe(200);
    expect(gunzipSync(res.body).equals(SCRIPT)).toBe(true);
  });
});
