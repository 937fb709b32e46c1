import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { apiRegister } from "./helpers";

test("pages carry a nonce CSP, no framing, no sniffing and a referrer policy; plain HTTP gets no HSTS", async ({
  request,
}) => {
  const res = await request.get("/login");
  const headers = res.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["strict-transport-security"]).toBeUndefined();
  // A fresh nonce for every answer.
  const again = (await request.get("/login")).headers()["content-security-policy"];
  expect(again).not.toBe(headers["content-security-policy"]);
  // A client claiming HTTPS is not a trusted proxy saying so.
  expect(
    (await request.get("/login", { headers: { "X-Forwarded-Proto": "https" } })).headers()["strict-transport-security"],
  ).toBeUndefined();
});

test("API answers are never documents, and signed-in ones are not cached", async ({ request }) => {
  const health = await request.get("/api/health");
  expect(health.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
  expect(health.headers()["x-content-type-options"]).toBe("nosniff");
  const user = await apiRegister(request);
  const login = await request.post("/api/auth/login", {
    data: { usernameOrEmail: user.username, password: user.password },
  });
  const balance = await request.get("/api/auth/balance", {
    headers: { Authorization: `Bearer ${(await login.json()).token}` },
  });
  expect(balance.status()).toBe(200);
  expect(balance.headers()["cache-control"]).toBe("no-store");
});

test("a short JSON answer goes uncompressed, where gzip would only make it longer; a long one is compressed", async ({
  request,
}) => {
  const user = await apiRegister(request);
  const login = await request.post("/api/auth/login", {
    data: { usernameOrEmail: user.username, password: user.password },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).token}`, "Accept-Encoding": "gzip" };
  const short = await request.get("/api/auth/profile", { headers });
  expect((await short.body()).length).toBeLessThan(1024);
  expect(short.headers()["content-encoding"]).toBeUndefined();
  // Every asset's balances, over 1 KB.
  const long = await request.get("/api/auth/balance", { headers });
  expect((await long.body()).length).toBeGreaterThanOrEqual(1024);
  expect(long.headers()["content-encoding"]).toBe("gzip");
});

test("a page's scripts and stylesheet come compressed ahead of time: brotli where the browser takes it, kept for good", async ({
  request,
}) => {
  const page = await (await request.get("/login")).text();
  const files = [...new Set(page.match(/\/_next\/static\/[^"?]+\.(?:js|css)/g))];
  expect(files.some((f) => f.endsWith(".css"))).toBe(true);
  expect(files.filter((f) => f.endsWith(".js")).length).toBeGreaterThan(3);
  for (const file of files) {
    const res = await request.get(file, { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
    expect(res.status(), file).toBe(200);
    const headers = res.headers();
    expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // server.ts's own answer (lib/http/static-assets.ts), not Next's, whose tag is size and date.
    expect(headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
    // A file too short to gain from brotli goes as it is; every other one goes as brotli.
    if (Number(headers["content-length"]) > 1024) expect(headers["content-encoding"], file).toBe("br");
  }
});

test("a page of another origin cannot frame the app", async ({ page, baseURL }) => {
  // Another origin on this machine: a server of the test's own on another port, framing the app.
  const framer = createServer((_, res) =>
    res.end(`<!doctype html><iframe title="framed" src="${baseURL}/login"></iframe>`),
  );
  await new Promise<void>((resolve) => framer.listen(0, "127.0.0.1", resolve));
  const refused = page.waitForEvent("console", (msg) => /Refused to (display|frame)|^Framing /.test(msg.text()));
  await page.goto(`http://127.0.0.1:${(framer.address() as AddressInfo).port}/`);
  expect((await refused).text()).toMatch(/X-Frame-Options|frame-ancestors/);
  await expect(page.frameLocator("iframe").getByRole("heading", { name: "Welcome back" })).toHaveCount(0);
  framer.close();
});

for (const next of ["/%5Cexample.invalid/", "/%09/example.invalid/", "/%5C%5Cexample.invalid/", "//example.invalid/"]) {
  test(`signing in with next=${next} stays on the site`, async ({ page, request, baseURL }) => {
    const user = await apiRegister(request);
    await page.goto(`/login?next=${next}`);
    await page.getByLabel("Username or email").fill(user.username);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("signed-in-user")).toHaveText(user.username);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  });
}

test("idle keep-alive connections are left for the client to close, so a reused one is not reset under it", async ({
  request,
}) => {
  // Node closes them after 5 s by default: a request sent on one at that moment meets ECONNRESET.
  const health = await request.get("/api/health");
  expect(health.headers()["keep-alive"]).toBe("timeout=65");
});
