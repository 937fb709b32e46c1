import { describe, expect, it } from "vitest";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { z } from "zod";
import type { Answer, AurumClient } from "@/examples/aurum-client";
import { newId } from "@/lib/core/ids";
import { createNotification } from "@/lib/notifications/create";
import { refusalCodesOf } from "@/lib/openapi/error-codes";
import type { Operation } from "@/lib/openapi/operation";
import { USER_OPERATIONS } from "@/lib/openapi/user-operations";
import { enrolTwoFactor, signInAdmin, totpCode } from "../support/admin";
import { clientFor, dispatcher, insertKey } from "../support/api-keys";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { createdPlan } from "../support/plans";
import { depositFrom } from "../support/deposit-form";
import { ADDRESSES, createWallet, readyToWithdraw } from "../support/funding";
import { setPrice, units } from "../support/prices";
import { registerUser } from "../support/users";

// Real answers of the documented routes, called as a program calls them (signed with an API key,
// through the route handlers on the test database), held to the answer schemas the OpenAPI document
// publishes, and every refusal's code to the codes the document lists for its operation.
const db = withTestDatabase();

const keyOf = (o: { method: string; path: string }) => `${o.method} ${o.path}`;
/** Operations whose documented answer a real answer has matched in this file. */
const answered = new Set<string>();

/** The documented operation a request reaches: `/api/trades/{id}` for `/api/trades/0190…`. */
function operationFor(method: string, pathname: string): Operation {
  const op = USER_OPERATIONS.find(
    (o) => o.method === method && new RegExp(`^${o.path.replace(/\{\w+\}/g, "[^/]+")}$`).test(pathname),
  );
  if (!op) throw new Error(`${method} ${pathname} is in no documented operation`);
  return op;
}

/**
 * The answer matches the operation's schema and carries no field the schema leaves out: zod drops
 * unknown keys, so the parsed answer equals the real one only when the schema names them all.
 */
function expectDocumented(op: Operation, body: unknown) {
  expect(op.answer, `${keyOf(op)} documents its answer`).toBeDefined();
  const parsed = op.answer!.safeParse(body);
  if (!parsed.success)
    throw new Error(`${keyOf(op)}: the answer is not as documented\n${z.prettifyError(parsed.error)}`);
  expect(parsed.data, `${keyOf(op)}: a field the document leaves out`).toStrictEqual(body);
  answered.add(keyOf(op));
}

type Caller = AurumClient | { token: string };

/** A request signed by a program's key, or sent with a session token (for routes no key reaches). */
async function send(
  caller: Caller,
  method: string,
  pathAndQuery: string,
  options: { body?: unknown; idempotencyKey?: string },
): Promise<Answer> {
  if (!("token" in caller)) return caller.request(method, pathAndQuery, options);
  const headers: Record<string, string> = { authorization: `Bearer ${caller.token}` };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const res = await dispatcher()(new Request(`http://localhost${pathAndQuery}`, { method, headers, body }));
  return { status: res.status, body: (await res.json()) as Answer["body"], headers: res.headers };
}

/** A request, its answer checked against the document either way. */
async function documented(
  caller: Caller,
  method: string,
  pathAndQuery: string,
  options: { body?: unknown; idempotencyKey?: string } = {},
) {
  const res = await send(caller, method, pathAndQuery, options);
  const op = operationFor(method, new URL(pathAndQuery, "http://localhost").pathname);
  if (res.status < 300) expectDocumented(op, res.body);
  else expect(refusalCodesOf(op), `${keyOf(op)} lists ${res.body.code}`).toContain(res.body.code);
  return res;
}

async function programOf(scopes: ("read" | "trade")[] = ["read", "trade"], usdt = "10000") {
  const { user, token } = await registerUser();
  await fund(db(), user.id, "USDT", units(usdt));
  await fund(db(), user.id, "XAUT", units("2"));
  return { user, session: { token }, client: clientFor(await insertKey(db(), user.id, { scopes })) };
}

let keys = 0;
const idempotencyKey = () => `answers-${++keys}-${Date.now()}`;

const orderId = (res: { body: Record<string, unknown> }) => (res.body.order as { id: string }).id;

describe("the answers of the routes an API key reaches, as documented", () => {
  it("before the feed's first price: the ticker, the candles, the balances and the trading rules", async () => {
    const { client } = await programOf(["read"]);
    expect((await documented(client, "GET", "/api/xaut/ticker")).body.ticker).toBeNull();
    await documented(client, "GET", "/api/xaut/kline");
    await documented(client, "GET", "/api/auth/balance");
    expect((await documented(client, "GET", "/api/trades/trade-settings")).body.price).toBeNull();
  });

  it("orders of every kind placed, listed and cancelled, and their records", async () => {
    await setPrice(db(), "2650.123456");
    const { client, session, user } = await programOf();
    const market = await documented(client, "POST", "/api/trades", {
      body: { side: "buy", type: "market", quantity: "0.25" },
    });
    expect(market.status).toBe(201);
    const limit = await documented(client, "POST", "/api/trades", {
      body: { side: "buy", type: "limit", quantity: "0.1", price: "2500" },
      idempotencyKey: `answers-${newId()}`,
    });
    await documented(client, "POST", "/api/trades", {
      body: { side: "sell", type: "oco", quantity: "0.3", price: "2900", stopPrice: "2400", limitPrice: "2390" },
    });
    await documented(client, "POST", "/api/trades", {
      body: { side: "sell", type: "stop_limit", quantity: "0.2", stopPrice: "2310", limitPrice: "2300" },
    });
    const cancelled = await documented(client, "DELETE", `/api/trades/${orderId(limit)}`);
    expect((cancelled.body.order as { status: string }).status).toBe("cancelled");

    expect(((await documented(client, "GET", "/api/trades/user")).body.orders as unknown[]).length).toBeGreaterThan(3);
    await documented(client, "GET", "/api/trades/user?status=open&side=sell&pageSize=2");
    expect(((await documented(client, "GET", "/api/records")).body.records as unknown[]).length).toBeGreaterThan(0);
    await documented(client, "GET", "/api/records/transactions?holds=true");
    await documented(client, "GET", "/api/auth/balance");
    await documented(client, "GET", "/api/trades/trade-settings");
    await documented(client, "GET", "/api/auth/profile");
    expect((await documented(client, "GET", "/api/xaut/ticker")).body.ticker).not.toBeNull();
    await documented(client, "GET", "/api/xaut/kline?interval=1&limit=5");
    const fills = await documented(session, "GET", "/api/xaut/trades?limit=5");
    expect((fills.body.trades as unknown[]).length).toBeGreaterThan(0);

    // A notice to read: one read, then all.
    await createNotification(db(), { userId: user.id, category: "money", title: "A notice", message: "To read" });
    const listed = await documented(client, "GET", "/api/notifications?pageSize=5");
    const [first] = listed.body.notifications as { id: string }[];
    expect(first).toBeDefined();
    const read = await documented(session, "PATCH", `/api/notifications/${first!.id}/read`);
    expect((read.body.notification as { readAt: string | null }).readAt).not.toBeNull();
    expect((await documented(session, "PATCH", `/api/notifications/${newId()}/read`)).body.code).toBe("NOT_FOUND");
    expect((await documented(session, "POST", "/api/notifications/read-all")).body.unread).toBe(0);
  });

  it("savings, the vault and notifications, with something in each", async () => {
    await setPrice(db(), "2650.123456");
    const { client, session } = await programOf(["read"]);
    const admin = await signInAdmin(db());
    const plan = await createdPlan(db(), admin.token, {
      name: `Answers plan ${Date.now()}`,
      asset: "USDT",
      aprBps: 500,
      termDays: 30,
      minAmount: "10",
      maxAmount: "100000",
      totalCap: "1000000",
      enabled: true,
    });
    expect(plan.status).toBe(201);
    const planId = (plan.body.plan as { id: string }).id;
    const subscribed = await documented(session, "POST", "/api/savings/user/create", {
      body: { planId, amount: "100" },
      idempotencyKey: idempotencyKey(),
    });
    expect(subscribed.status).toBe(201);
    const tooSmall = await documented(session, "POST", "/api/savings/user/create", {
      body: { planId, amount: "1" },
      idempotencyKey: idempotencyKey(),
    });
    expect(tooSmall.body.code).toBe("BELOW_MINIMUM");
    expect(((await documented(client, "GET", "/api/savings")).body.plans as unknown[]).length).toBeGreaterThan(0);
    expect(((await documented(client, "GET", "/api/savings/user")).body.subscriptions as unknown[]).length).toBe(1);
    const subscriptionId = (subscribed.body.subscription as { id: string }).id;
    const redeemed = await documented(session, "POST", `/api/savings/user/${subscriptionId}/redeem`);
    expect((redeemed.body.subscription as { status: string }).status).toBe("redeemed");
    expect((await documented(session, "POST", `/api/savings/user/${subscriptionId}/redeem`)).body.code).toBe(
      "ALREADY_CLOSED",
    );

    expect((await documented(session, "POST", "/api/storage/store", { body: { amount: "0.5" } })).status).toBe(200);
    await documented(session, "POST", "/api/storage/retrieve", { body: { amount: "0.2" } });
    expect((await documented(session, "POST", "/api/storage/retrieve", { body: { amount: "5" } })).body.code).toBe(
      "INSUFFICIENT_FUNDS",
    );
    expect(((await documented(client, "GET", "/api/storage")).body.history as unknown[]).length).toBe(2);

    await documented(client, "GET", "/api/notifications?pageSize=5");
  });

  it("price alerts, deposits and withdrawals, from the site's session", async () => {
    await setPrice(db(), "2650.123456");
    const { session, user } = await programOf(["read"]);
    const set = await documented(session, "POST", "/api/alerts", {
      body: { direction: "above", price: "2800", note: "high" },
    });
    expect(
      (await documented(session, "POST", "/api/alerts", { body: { direction: "above", price: "2000" } })).body.code,
    ).toBe("ALERT_PRICE_REACHED");
    expect(((await documented(session, "GET", "/api/alerts")).body.alerts as unknown[]).length).toBe(1);
    await documented(session, "POST", "/api/alerts", { body: { direction: "below", price: "2500" } });
    const alertId = (set.body.alert as { id: string }).id;
    await documented(session, "DELETE", `/api/alerts/${alertId}`);
    expect((await documented(session, "DELETE", `/api/alerts/${alertId}`)).body.code).toBe("ALERT_NOT_FOUND");

    const admin = await signInAdmin(db());
    await createWallet(admin.token);
    const offered = await documented(session, "GET", "/api/funding/networks");
    expect(offered.body.currencies).toContainEqual(expect.objectContaining({ currency: "USDT" }));
    const target = await documented(session, "GET", "/api/deposits/address?currency=USDT&network=TRC20");
    expect(target.body).toMatchObject({ mode: "proof", address: ADDRESSES.TRC20, confirmations: null });
    expect((await documented(session, "GET", "/api/deposits/address?currency=BTC&network=ERC20")).body.code).toBe(
      "UNSUPPORTED_NETWORK",
    );
    const submitted = await depositFrom(session.token, "198.51.100.7");
    expect(submitted.status).toBe(201);
    expectDocumented(operationFor("POST", "/api/deposits"), submitted.body);
    expect(((await documented(session, "GET", "/api/deposits")).body.deposits as unknown[]).length).toBe(1);

    const withdrawPassword = await readyToWithdraw(db(), session.token, user.id);
    const asked = { currency: "USDT", network: "TRC20", address: ADDRESSES.TRC20, amount: "50" };
    const wrong = await documented(session, "POST", "/api/withdrawals", {
      body: { ...asked, withdrawPassword: "not-it" },
    });
    expect(wrong.body.code).toBe("WRONG_WITHDRAW_PASSWORD");
    const placed = await documented(session, "POST", "/api/withdrawals", { body: { ...asked, withdrawPassword } });
    expect(placed.status).toBe(201);
    const withdrawalId = (placed.body.withdrawal as { id: string }).id;
    expect(((await documented(session, "GET", "/api/withdrawals")).body.withdrawals as unknown[]).length).toBe(1);
    await documented(session, "POST", `/api/withdrawals/${withdrawalId}/cancel`, { body: {} });
    expect((await documented(session, "POST", `/api/withdrawals/${withdrawalId}/cancel`, { body: {} })).body.code).toBe(
      "ALREADY_DECIDED",
    );
  });

  it("strategies started, listed, paused, resumed and stopped", async () => {
    await setPrice(db(), "2650.123456");
    const { client, session } = await programOf(["read"]);
    const refused = await documented(session, "POST", "/api/strategies", {
      body: { type: "recurring", amount: "100", period: "daily", maxRounds: 3 },
      idempotencyKey: idempotencyKey(),
    });
    expect(refused.body.code).toBe("RISK_NOT_ACCEPTED");
    const created = await documented(session, "POST", "/api/strategies", {
      body: { type: "recurring", amount: "100", period: "daily", maxRounds: 3, acceptRisk: true },
      idempotencyKey: idempotencyKey(),
    });
    expect(created.status).toBe(201);
    await documented(session, "POST", "/api/strategies", {
      body: { type: "grid", lower: "2500", upper: "2600", levels: 4, investment: "500" },
      idempotencyKey: idempotencyKey(),
    });
    const id = (created.body.strategy as { id: string }).id;
    expect(((await documented(client, "GET", "/api/strategies")).body.strategies as unknown[]).length).toBe(2);
    expect(
      ((await documented(client, "GET", `/api/strategies/${id}`)).body.strategy as { orders: unknown[] }).orders.length,
    ).toBe(1);
    await documented(session, "POST", `/api/strategies/${id}/pause`, { body: {} });
    await documented(session, "POST", `/api/strategies/${id}/resume`, { body: {} });
    await documented(session, "POST", `/api/strategies/${id}/stop`, { body: {} });
    expect((await documented(session, "POST", `/api/strategies/${id}/stop`, { body: {} })).body.code).toBe(
      "STRATEGY_STATE",
    );
    expect(
      (
        await documented(session, "POST", `/api/strategies/${id}/accept`, {
          body: {},
          idempotencyKey: idempotencyKey(),
        })
      ).body.code,
    ).toBe("STRATEGY_STATE");
  });

  it("API keys made, listed, renamed and revoked, from the site's session", async () => {
    const { session, user } = await programOf(["read"]);
    const refused = await documented(session, "POST", "/api/user/api-keys", {
      body: { name: "bot", scopes: ["read"], code: "123456" },
    });
    expect(refused.body.code).toBe("TWO_FACTOR_REQUIRED");
    const totp = await enrolTwoFactor(db(), user.id);
    const made = await documented(session, "POST", "/api/user/api-keys", {
      body: { name: "bot", scopes: ["read", "trade"], allowedIps: ["198.51.100.0/24"], code: totpCode(totp) },
    });
    expect(made.status).toBe(201);
    const id = (made.body.key as { id: string }).id;
    expect(((await documented(session, "GET", "/api/user/api-keys")).body.keys as unknown[]).length).toBeGreaterThan(0);
    await documented(session, "PATCH", `/api/user/api-keys/${id}`, { body: { name: "grid bot" } });
    await documented(session, "DELETE", `/api/user/api-keys/${id}`);
    expect((await documented(session, "DELETE", `/api/user/api-keys/${id}`)).body.code).toBe("NOT_FOUND");
  });

  it("personal information read and changed, the email with the current password", async () => {
    const { session } = await programOf(["read"]);
    const info = await documented(session, "GET", "/api/user/info");
    const { email, country, phoneCode } = info.body.user as Record<string, string>;
    const contact = { email, country, phoneCode, phoneNumber: "15123450000" };
    await documented(session, "PUT", "/api/user/info", { body: contact });
    const renamed = { ...contact, email: `new-${email}` };
    expect((await documented(session, "PUT", "/api/user/info", { body: renamed })).body.code).toBe("PASSWORD_REQUIRED");
    const moved = await documented(session, "PUT", "/api/user/info", {
      body: { ...renamed, currentPassword: "correct-horse" },
    });
    expect(moved.body.withdrawalsPausedUntil).toBeDefined();
    expect(((await documented(session, "GET", "/api/user/sessions")).body.sessions as unknown[]).length).toBe(1);
    // A wrong password on the account: a row in its sign-in history.
    const { username } = (await documented(session, "GET", "/api/user/info")).body.user as { username: string };
    const wrong = await call(loginRoute, { body: { usernameOrEmail: username, password: "nope-nope" } });
    expect(wrong.status).toBe(401);
    const history = await documented(session, "GET", "/api/user/login-history?pageSize=5");
    expect(history.body.history).toContainEqual(expect.objectContaining({ outcome: "wrong_password" }));
    // The email change is in the account's activity.
    const activity = await documented(session, "GET", "/api/user/activity?pageSize=5");
    expect(activity.body.activity).toContainEqual(expect.objectContaining({ kind: "email.changed" }));
    await registerUser({ referralCode: (await documented(session, "GET", "/api/user/invites")).body.referralCode });
    expect((await documented(session, "GET", "/api/user/invites")).body.invites as unknown[]).toHaveLength(1);

    expect((await documented(session, "GET", "/api/user/anti-phishing")).body.code).toBeNull();
    await documented(session, "PUT", "/api/user/anti-phishing", { body: { code: "Blue heron 42" } });
    expect((await documented(session, "GET", "/api/user/anti-phishing")).body.code).toBe("Blue heron 42");
    expect((await documented(session, "GET", "/api/user/mail-preference")).body.optionalMail).toBe(true);
    await documented(session, "PUT", "/api/user/mail-preference", { body: { optionalMail: false } });
    const choices = await documented(session, "GET", "/api/user/notification-preferences");
    expect(choices.body.mail).toMatchObject({ security: true, money: false });
    await documented(session, "PUT", "/api/user/notification-preferences", { body: { push: { alerts: false } } });
    const refused = await documented(session, "PUT", "/api/user/notification-preferences", {
      body: { mail: { security: false } },
    });
    expect(refused.body.code).toBe("SECURITY_MAIL_REQUIRED");
  });

  it("refusals carry a code the document lists for the operation", async () => {
    await setPrice(db(), "2650.123456");
    const { client } = await programOf();
    const poor = await programOf(["trade"], "10");
    const big = await documented(poor.client, "POST", "/api/trades", {
      body: { side: "buy", type: "market", quantity: "0.01" },
    });
    expect(big.body.code).toBe("INSUFFICIENT_FUNDS");
    const filled = await documented(client, "POST", "/api/trades", {
      body: { side: "buy", type: "market", quantity: "0.01" },
    });
    expect((await documented(client, "DELETE", `/api/trades/${orderId(filled)}`)).body.code).toBe("ORDER_NOT_OPEN");
    expect((await documented(client, "DELETE", `/api/trades/${newId()}`)).body.code).toBe("NOT_FOUND");
    expect((await documented(client, "GET", "/api/xaut/kline?interval=7")).body.code).toBe("VALIDATION_FAILED");
    expect((await documented(client, "POST", "/api/trades", { body: { side: "up" } })).body.code).toBe(
      "VALIDATION_FAILED",
    );
    const reader = await programOf(["read"]);
    const scoped = await documented(reader.client, "POST", "/api/trades", {
      body: { side: "buy", type: "market", quantity: "0.01" },
    });
    expect(scoped.body.code).toBe("API_KEY_SCOPE");
  });

  it("cover every operation that documents its answer but accepting a strategy support proposed", () => {
    const documentedAnswers = USER_OPERATIONS.filter((o) => o.answer && o.path !== "/api/strategies/{id}/accept").map(
      keyOf,
    );
    expect(documentedAnswers.filter((k) => !answered.has(k))).toEqual([]);
  });
});
