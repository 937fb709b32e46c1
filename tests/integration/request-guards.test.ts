import { count } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { POST as sendNotificationRoute } from "@/app/api/admin/notifications/route";
import { POST as logoRoute } from "@/app/api/admin/upload/logo/route";
import { PUT as tradeConfigRoute } from "@/app/api/admin/users/[id]/trade-config/route";
import { GET as usersRoute } from "@/app/api/admin/users/route";
import { GET as balanceRoute } from "@/app/api/auth/balance/route";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { GET as profileRoute } from "@/app/api/auth/profile/route";
import { POST as tradeRoute } from "@/app/api/trades/route";
import { notifications, orders, tradeConfigs } from "@/db/schema";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { registerUser } from "../support/users";

const db = withTestDatabase();
const tally = async () => {
  const [[o], [n], [t]] = await Promise.all([
    db().select({ n: count() }).from(orders),
    db().select({ n: count() }).from(notifications),
    db().select({ n: count() }).from(tradeConfigs),
  ]);
  return { orders: o!.n, notifications: n!.n, tradeConfigs: t!.n };
};

const SITE = { host: "aurum.test:3000" };
const order = { side: "buy", type: "market", quantity: "0.01" };

describe("writes a browser makes with the session cookie", () => {
  it("are refused from another origin of the same site, as text/plain, or with no sign of origin; nothing is written", async () => {
    const user = await registerUser();
    const admin = await signInAdmin(db());
    const before = await tally();
    const forged: Record<string, string>[] = [
      // Another port of the same host: same site, other origin.
      { origin: "http://aurum.test:3001", "content-type": "application/json" },
      { origin: "http://evil.aurum.test:3000", "content-type": "application/json" },
      { origin: "null", "content-type": "application/json" },
      // A form post or no-cors fetch from the site itself cannot be told apart by type alone, and
      // from elsewhere it is refused by its origin first.
      { "sec-fetch-site": "same-site", "content-type": "application/json" },
      {},
    ];
    for (const headers of forged) {
      const res = await call(tradeRoute, {
        cookie: `aurum.session-token=${user.token}`,
        rawBody: JSON.stringify(order),
        headers: { ...SITE, ...headers },
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: "CROSS_ORIGIN_REQUEST" });
    }
    const plain = await call(tradeRoute, {
      cookie: `aurum.session-token=${user.token}`,
      rawBody: JSON.stringify(order),
      headers: { ...SITE, origin: "http://aurum.test:3000", "content-type": "text/plain" },
    });
    expect(plain.status).toBe(415);

    const adminCookie = `aurum.session-token=${admin.token}`;
    const hostile = { ...SITE, origin: "http://aurum.test:8080", "content-type": "application/json" };
    const sent = await call(sendNotificationRoute, {
      cookie: adminCookie,
      rawBody: JSON.stringify({ title: "hi", message: "all" }),
      headers: hostile,
    });
    expect(sent.status).toBe(403);
    const config = await call(tradeConfigRoute, {
      method: "PUT",
      cookie: adminCookie,
      params: { id: user.user.id },
      rawBody: JSON.stringify({ feeBps: 0 }),
      headers: hostile,
    });
    expect(config.status).toBe(403);
    expect(await tally()).toEqual(before);
  });

  it("go through from the site's own origin, or Sec-Fetch-Site same-origin, or an ALLOWED_ORIGINS origin, with a JSON body", async () => {
    const admin = await signInAdmin(db());
    const cookie = `aurum.session-token=${admin.token}`;
    const send = (headers: Record<string, string>) =>
      call(sendNotificationRoute, {
        cookie,
        rawBody: JSON.stringify({ title: "Hello", message: "From the site", userId: admin.user.id }),
        headers: { ...SITE, "content-type": "application/json", ...headers },
      });
    expect((await send({ origin: "http://aurum.test:3000" })).status).toBe(201);
    expect((await send({ "sec-fetch-site": "same-origin" })).status).toBe(201);
    process.env.ALLOWED_ORIGINS = "https://app.example.com";
    expect((await send({ origin: "https://app.example.com" })).status).toBe(201);
  });

  it("do not concern Bearer calls, which carry no ambient credential", async () => {
    const admin = await signInAdmin(db());
    const res = await call(sendNotificationRoute, {
      token: admin.token,
      body: { title: "Hello", message: "By token", userId: admin.user.id },
    });
    expect(res.status).toBe(201);
    // Yet a page of another origin cannot use a token either: browsers name the origin, scripts do not.
    const foreign = await call(sendNotificationRoute, {
      token: admin.token,
      body: { title: "x", message: "y" },
      headers: { ...SITE, origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
  });

  afterEach(() => {
    delete process.env.ALLOWED_ORIGINS;
  });
});

describe("signed-in answers", () => {
  it("are marked for no cache to keep", async () => {
    const user = await registerUser();
    const res = await call(balanceRoute, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/^no-store(, no-transform)?$/);
  });
});

describe("JSON answers", () => {
  // Next gzips every route's answer, however short, unless it is marked no-transform.
  const bytes = (body: unknown) => Buffer.byteLength(JSON.stringify(body));

  it("under 1 KB are marked no-transform, so they go uncompressed, errors too; longer ones are left to be compressed", async () => {
    const user = await registerUser();
    const short = await call(profileRoute, { token: user.token });
    expect(short.status).toBe(200);
    expect(bytes(short.body)).toBeLessThan(1024);
    expect(short.headers.get("cache-control")).toBe("no-store, no-transform");

    const refused = await call(profileRoute);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("cache-control")).toBe("no-transform");

    for (let i = 0; i < 5; i++) await registerUser();
    const admin = await signInAdmin(db());
    const long = await call(usersRoute, { token: admin.token });
    expect(long.status).toBe(200);
    expect(bytes(long.body)).toBeGreaterThanOrEqual(1024);
    expect(long.headers.get("cache-control")).toBe("no-store");
  });
});

describe("the session cookie", () => {
  const signIn = async (headers: Record<string, string>) => {
    const { payload } = await registerUser();
    const res = await call(loginRoute, {
      body: { usernameOrEmail: payload.username, password: payload.password },
      headers,
    });
    expect(res.status).toBe(200);
    return res.headers.get("set-cookie") ?? "";
  };

  afterEach(() => {
    delete process.env.TRUST_PROXY;
  });

  it("ignores a client's own X-Forwarded-Proto", async () => {
    const cookie = await signIn({ "x-forwarded-proto": "https" });
    expect(cookie).toMatch(/^aurum\.session-token=/);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it("is Secure and __Host- prefixed when a trusted proxy says the client came over HTTPS", async () => {
    process.env.TRUST_PROXY = "1";
    const cookie = await signIn({ "x-forwarded-proto": "https" });
    expect(cookie).toMatch(/^__Host-aurum\.session-token=/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/Domain=/i);
  });
});

/** A body that would go on for `totalBytes`, counting what the server pulled from it. */
function endlessBody(totalBytes: number, chunkBytes = 64 * 1024) {
  const pulled = { bytes: 0 };
  const chunk = new Uint8Array(chunkBytes).fill(0x61);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= totalBytes) return controller.close();
      pulled.bytes += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled };
}

const streamed = (url: string, stream: ReadableStream<Uint8Array>, headers: Record<string, string>) =>
  new Request(url, {
    method: "POST",
    body: stream,
    headers: { "x-aurum-client-ip": "127.0.0.1", ...headers },
    duplex: "half",
  } as RequestInit);

describe("request bodies", () => {
  it("are cut off with a 413 as soon as a chunked body passes the cap, without reading the rest", async () => {
    const { stream, pulled } = endlessBody(600 * 1024 * 1024);
    const res = await loginRoute(
      streamed("http://localhost/api/auth/login", stream, { "content-type": "application/json" }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, code: "BODY_TOO_LARGE" });
    expect(pulled.bytes).toBeLessThan(1024 * 1024);
  });

  it("are refused with a 413 on a declared length over the cap before any byte is read", async () => {
    const { stream, pulled } = endlessBody(10 * 1024 * 1024);
    const res = await loginRoute(
      streamed("http://localhost/api/auth/login", stream, {
        "content-type": "application/json",
        "content-length": String(10 * 1024 * 1024),
      }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(413);
    expect(pulled.bytes).toBeLessThanOrEqual(64 * 1024);
  });

  it("as multipart uploads are capped while they stream too", async () => {
    const admin = await signInAdmin(db());
    const { stream, pulled } = endlessBody(600 * 1024 * 1024);
    const res = await logoRoute(
      streamed("http://localhost/api/admin/upload/logo", stream, {
        "content-type": "multipart/form-data; boundary=x",
        authorization: `Bearer ${admin.token}`,
      }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(413);
    expect(pulled.bytes).toBeLessThan(4 * 1024 * 1024);
  });
});
