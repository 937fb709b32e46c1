import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as listRoute, POST as createRoute } from "@/app/api/user/api-keys/route";
import { DELETE as revokeRoute, PATCH as renameRoute } from "@/app/api/user/api-keys/[id]/route";
import { POST as freezeRoute } from "@/app/api/user/freeze/route";
import { accountEvents, apiKeys, orders, outbox } from "@/db/schema";
import { KEY_ROUTES } from "@/lib/api-keys/routes";
import { enrolTwoFactor, totpCode } from "../support/admin";
import { clientFor, dispatcher, insertKey } from "../support/api-keys";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { registerUser } from "../support/users";

const db = withTestDatabase();

beforeAll(async () => {
  await setPrice(db(), "2650");
});

afterEach(() => vi.unstubAllEnvs());

/** A registered user with two-factor on, and the secret their authenticator app holds. */
async function userWithTwoFactor() {
  const u = await registerUser();
  return { ...u, totp: await enrolTwoFactor(db(), u.user.id) };
}

async function tradingUser() {
  const u = await registerUser();
  await fund(db(), u.user.id, "USDT", units("10000"));
  return u;
}

const MARKET_BUY = { side: "buy", type: "market", total: "10" } as const;

describe("POST /api/user/api-keys", () => {
  it("needs two-factor on and the app's current code, answers the secret once and keeps it only encrypted", async () => {
    const plain = await registerUser();
    const body = { name: "bot", scopes: ["read"], code: "123456" };
    expect((await call(createRoute, { token: plain.token, body })).body).toMatchObject({
      success: false,
      code: "TWO_FACTOR_REQUIRED",
    });

    const u = await userWithTwoFactor();
    const wrong = await call(createRoute, {
      token: u.token,
      body: { ...body, code: totpCode(u.totp, Date.now() - 10 * 60_000) },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe("WRONG_TWO_FACTOR_CODE");

    const made = await call(createRoute, {
      token: u.token,
      body: {
        name: " Grid bot ",
        scopes: ["read", "trade"],
        allowedIps: ["198.51.100.0/24", "::ffff:203.0.113.9"],
        code: totpCode(u.totp),
      },
    });
    expect(made.status).toBe(201);
    const key = made.body.key as {
      id: string;
      name: string;
      scopes: string[];
      allowedIps: string[];
      createdAt: string;
      expiresAt: string;
    };
    const secret = made.body.secret as string;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(key).toMatchObject({
      name: "Grid bot",
      scopes: ["read", "trade"],
      allowedIps: ["198.51.100.0/24", "203.0.113.9"],
      lastUsedAt: null,
    });
    // 90 days by default.
    expect(Date.parse(key.expiresAt) - Date.parse(key.createdAt)).toBe(90 * 86_400_000);
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.secretEncrypted).not.toContain(secret);
    // The same code a second time is spent.
    expect((await call(createRoute, { token: u.token, body: { ...body, code: totpCode(u.totp) } })).body.code).toBe(
      "WRONG_TWO_FACTOR_CODE",
    );

    const listed = await call(listRoute, { token: u.token });
    expect(listed.body.keys).toEqual([expect.objectContaining({ id: key.id, name: "Grid bot", expired: false })]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const events = await db()
      .select()
      .from(accountEvents)
      .where(and(eq(accountEvents.userId, u.user.id), eq(accountEvents.kind, "api_key.created")));
    expect(events).toHaveLength(1);
    expect((await db().select().from(outbox).where(eq(outbox.to, u.payload.email))).map((m) => m.subject)).toContain(
      "Aurum: API key created",
    );
  });

  it("refuses bad input with 400 and field errors", async () => {
    const u = await userWithTwoFactor();
    const code = totpCode(u.totp);
    for (const body of [
      { name: "", scopes: ["read"], code },
      { name: "x", scopes: [], code },
      { name: "x", scopes: ["withdraw"], code },
      { name: "x", scopes: ["read", "read"], code },
      { name: "x", scopes: ["read"], allowedIps: ["example.com"], code },
      { name: "x", scopes: ["read"], allowedIps: ["10.0.0.0/33"], code },
      { name: "x", scopes: ["read"], expiresInDays: 0, code },
      { name: "x", scopes: ["read"], expiresInDays: 366, code },
      { name: "x", scopes: ["read"], code: "12345" },
      { name: "x", scopes: ["read"], code, admin: true },
    ]) {
      const res = await call(createRoute, { token: u.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_FAILED");
    }
    expect(await db().select().from(apiKeys).where(eq(apiKeys.userId, u.user.id))).toEqual([]);
  });
});

describe("a signed request", () => {
  it("reads with a read key and records when and from where the key was last used", async () => {
    const u = await tradingUser();
    const key = await insertKey(db(), u.user.id, { scopes: ["read"] });
    const res = await clientFor(key, "198.51.100.20").balance();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect((await clientFor(key).orders("?page=1&pageSize=5")).status).toBe(200);
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.lastUsedIp).toBe("127.0.0.1");
    expect(Date.now() - row!.lastUsedAt!.getTime()).toBeLessThan(60_000);
  });

  it("places and cancels orders with a trade key; a read key cannot place one", async () => {
    const u = await tradingUser();
    const reader = clientFor(await insertKey(db(), u.user.id, { scopes: ["read"] }));
    const refused = await reader.placeOrder(MARKET_BUY);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("API_KEY_SCOPE");
    expect(await db().select().from(orders).where(eq(orders.userId, u.user.id))).toEqual([]);

    const trader = clientFor(await insertKey(db(), u.user.id, { scopes: ["trade"] }));
    expect((await trader.placeOrder(MARKET_BUY)).status).toBe(201);
    const limit = await trader.placeOrder({ side: "buy", type: "limit", quantity: "0.01", price: "1000" });
    expect(limit.status).toBe(201);
    expect((await trader.cancelOrder(limit.body.order.id)).body).toMatchObject({
      success: true,
      order: { status: "cancelled" },
    });
    // Reading needs `read`.
    expect((await trader.orders()).body.code).toBe("API_KEY_SCOPE");
  });

  it("with the same Idempotency-Key twice places one order, as with a session", async () => {
    const u = await tradingUser();
    const client = clientFor(await insertKey(db(), u.user.id));
    const first = await client.placeOrder(MARKET_BUY, "key-order-1");
    const again = await client.placeOrder(MARKET_BUY, "key-order-1");
    expect(first.status).toBe(201);
    expect(again.body.order.id).toBe(first.body.order.id);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await db().select().from(orders).where(eq(orders.userId, u.user.id))).toHaveLength(1);
  });

  describe("is refused with a precise code", () => {
    const refusal = async (res: Promise<{ status: number; body: { code?: string } }>) => {
      const { status, body } = await res;
      return [status, body.code];
    };

    it("for an unknown key, a wrong secret, a changed body or query, and a replay", async () => {
      const u = await tradingUser();
      const key = await insertKey(db(), u.user.id);
      expect(
        await refusal(clientFor({ id: "0190f5c2-0000-7000-8000-000000000000", secret: key.secret }).balance()),
      ).toEqual([401, "API_KEY_UNKNOWN"]);
      expect(await refusal(clientFor({ id: key.id, secret: "0".repeat(64) }).balance())).toEqual([
        401,
        "API_SIGNATURE_MISMATCH",
      ]);

      const client = clientFor(key);
      const send = dispatcher();
      const post = (headers: Record<string, string>, body: unknown, path = "/api/trades") =>
        send(
          new Request(`http://localhost${path}`, {
            method: "POST",
            headers: { ...headers, "content-type": "application/json" },
            body: JSON.stringify(body),
          }),
        );
      const signed = client.sign("POST", "/api/trades", JSON.stringify(MARKET_BUY));
      const changed = await post(signed, { ...MARKET_BUY, total: "5000" });
      expect([changed.status, (await changed.json()).code]).toEqual([401, "API_SIGNATURE_MISMATCH"]);
      const query = client.sign("GET", "/api/trades/user?page=1");
      const moved = await send(new Request("http://localhost/api/trades/user?page=2", { headers: query }));
      expect([moved.status, (await moved.json()).code]).toEqual([401, "API_SIGNATURE_MISMATCH"]);

      const once = client.sign("POST", "/api/trades", JSON.stringify(MARKET_BUY));
      expect((await post(once, MARKET_BUY)).status).toBe(201);
      const replayed = await post(once, MARKET_BUY);
      expect([replayed.status, (await replayed.json()).code]).toEqual([401, "API_SIGNATURE_REPLAYED"]);
      expect(await db().select().from(orders).where(eq(orders.userId, u.user.id))).toHaveLength(1);
    });

    it("outside the time window (±5 s), either way", async () => {
      const u = await registerUser();
      const key = await insertKey(db(), u.user.id);
      expect(await refusal(clientFor(key, "127.0.0.1", () => Date.now() - 6_000).balance())).toEqual([
        401,
        "API_TIMESTAMP_OUTSIDE_WINDOW",
      ]);
      expect(await refusal(clientFor(key, "127.0.0.1", () => Date.now() + 6_000).balance())).toEqual([
        401,
        "API_TIMESTAMP_OUTSIDE_WINDOW",
      ]);
      expect((await clientFor(key, "127.0.0.1", () => Date.now() - 3_000).balance()).status).toBe(200);
    });

    it("from an address the key does not allow", async () => {
      const u = await registerUser();
      const key = await insertKey(db(), u.user.id, { allowedIps: ["198.51.100.0/24", "2001:db8::1"] });
      expect(await refusal(clientFor(key, "203.0.113.5").balance())).toEqual([401, "API_KEY_ADDRESS_NOT_ALLOWED"]);
      expect(await refusal(clientFor(key, "unknown").balance())).toEqual([401, "API_KEY_ADDRESS_NOT_ALLOWED"]);
      expect((await clientFor(key, "198.51.100.77").balance()).status).toBe(200);
      expect((await clientFor(key, "::ffff:198.51.100.78").balance()).status).toBe(200);
      expect((await clientFor(key, "2001:db8::1").balance()).status).toBe(200);
    });

    it("when the key is expired or revoked (on its next request), or the account is frozen", async () => {
      const u = await registerUser();
      const expired = await insertKey(db(), u.user.id, { expiresAt: new Date(Date.now() - 1000) });
      expect(await refusal(clientFor(expired).balance())).toEqual([401, "API_KEY_EXPIRED"]);

      const key = await insertKey(db(), u.user.id);
      const client = clientFor(key);
      expect((await client.balance()).status).toBe(200);
      expect(
        (
          await call(renameRoute, {
            token: u.token,
            method: "PATCH",
            params: { id: key.id },
            body: { name: "renamed" },
          })
        ).body,
      ).toMatchObject({ key: { name: "renamed" } });
      expect((await call(revokeRoute, { token: u.token, method: "DELETE", params: { id: key.id } })).status).toBe(200);
      // Every request reads the key's row: nothing is cached that another instance would still trust.
      expect(await refusal(client.balance())).toEqual([401, "API_KEY_REVOKED"]);
      expect((await call(revokeRoute, { token: u.token, method: "DELETE", params: { id: key.id } })).status).toBe(404);
      const revoked = await db()
        .select()
        .from(accountEvents)
        .where(and(eq(accountEvents.userId, u.user.id), eq(accountEvents.kind, "api_key.revoked")));
      expect(revoked.map((e) => e.facts)).toEqual([{ name: "renamed" }]);

      const other = await registerUser();
      const theirs = await insertKey(db(), other.user.id);
      expect((await call(revokeRoute, { token: u.token, method: "DELETE", params: { id: theirs.id } })).status).toBe(
        404,
      );

      const live = clientFor(await insertKey(db(), u.user.id));
      expect((await call(freezeRoute, { token: u.token, body: { password: u.payload.password } })).status).toBe(200);
      expect(await refusal(live.balance())).toEqual([401, "ACCOUNT_FROZEN"]);
    });

    it("on routes no key may reach, whatever its scopes", async () => {
      const u = await registerUser();
      const client = clientFor(await insertKey(db(), u.user.id));
      for (const [method, path] of [
        ["GET", "/api/withdrawals"],
        ["POST", "/api/user/api-keys"],
        ["POST", "/api/user/password"],
        ["GET", "/api/admin/users"],
      ] as const) {
        expect(await refusal(client.request(method, path, { body: method === "GET" ? undefined : {} }))).toEqual([
          403,
          "API_KEY_ROUTE_CLOSED",
        ]);
      }
    });
  });

  it("with malformed or oversized headers is a 401 with its code, never a 500", async () => {
    const u = await registerUser();
    const key = await insertKey(db(), u.user.id);
    const good = clientFor(key).sign("GET", "/api/auth/balance");
    const send = dispatcher();
    const cases: [Record<string, string>, string][] = [
      [{ "X-Aurum-Signature": good["X-Aurum-Signature"]!.toUpperCase() }, "API_SIGNATURE_MALFORMED"],
      [{ "X-Aurum-Signature": "zz".repeat(32) }, "API_SIGNATURE_MALFORMED"],
      [{ "X-Aurum-Signature": good["X-Aurum-Signature"]!.slice(1) }, "API_SIGNATURE_MALFORMED"],
      [{ "X-Aurum-Signature": Buffer.from("x".repeat(32)).toString("base64") }, "API_SIGNATURE_MALFORMED"],
      [{ "X-Aurum-Signature": "a".repeat(100_000) }, "API_SIGNATURE_MALFORMED"],
      [{ "X-Aurum-Key": "k".repeat(100_000) }, "API_KEY_UNKNOWN"],
      [{ "X-Aurum-Key": "" }, "API_KEY_UNKNOWN"],
      [{ "X-Aurum-Timestamp": "9".repeat(100_000) }, "API_TIMESTAMP_INVALID"],
      [{ "X-Aurum-Timestamp": "1e12" }, "API_TIMESTAMP_INVALID"],
      [{ "X-Aurum-Timestamp": "-5" }, "API_TIMESTAMP_INVALID"],
      [{ "X-Aurum-Timestamp": String(Number.MAX_SAFE_INTEGER).slice(0, 15) }, "API_TIMESTAMP_OUTSIDE_WINDOW"],
      [{ "X-Aurum-Timestamp": "0" }, "API_TIMESTAMP_OUTSIDE_WINDOW"],
    ];
    for (const [override, code] of cases) {
      const res = await send(new Request("http://localhost/api/auth/balance", { headers: { ...good, ...override } }));
      expect([res.status, (await res.json()).code], JSON.stringify(override).slice(0, 60)).toEqual([401, code]);
    }
    // Missing signature or timestamp headers.
    const unsigned = new Headers(good);
    unsigned.delete("X-Aurum-Signature");
    expect(
      (await (await send(new Request("http://localhost/api/auth/balance", { headers: unsigned }))).json()).code,
    ).toBe("API_SIGNATURE_MALFORMED");
  });
});

describe("a key's limits", () => {
  it("answer 429 with Retry-After past its requests per minute, apart from the user's session", async () => {
    vi.stubEnv("API_KEY_REQUESTS_PER_MINUTE", "3");
    const u = await registerUser();
    const client = clientFor(await insertKey(db(), u.user.id));
    for (let i = 0; i < 3; i++) expect((await client.balance()).status).toBe(200);
    const limited = await client.balance();
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Another key of the same user, and the user's own session, are not limited by it.
    expect((await clientFor(await insertKey(db(), u.user.id)).balance()).status).toBe(200);
    expect((await call(listRoute, { token: u.token })).status).toBe(200);
  });

  it("answer 429 past its orders per second", async () => {
    vi.stubEnv("API_KEY_ORDERS_PER_SECOND", "2");
    const u = await tradingUser();
    const client = clientFor(await insertKey(db(), u.user.id));
    // Three orders inside one second of the clock: wait for a second's start.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await client.placeOrder(MARKET_BUY)).status);
    expect(statuses).toEqual([201, 201, 429]);
  });
});

describe("the allow-list", () => {
  it("names no route that moves money out, changes the account or its security, or administers", () => {
    const forbidden =
      /^\/api\/(withdrawals|deposits|user|admin|support|uploads|funding|settings)(\/|$)|^\/api\/auth\/(?!balance$|profile$)/;
    expect(Object.keys(KEY_ROUTES).filter((name) => forbidden.test(name.split(" ")[1]!))).toEqual([]);
  });
});
