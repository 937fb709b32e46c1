import { sql } from "drizzle-orm";
import { rowsOf } from "@/db/rows";
import { beforeAll, describe, expect, it } from "vitest";
import {
  accounts,
  apiKeys,
  auditLogs,
  deposits,
  entries,
  idempotencyKeys,
  journals,
  loginHistory,
  notifications,
  orders,
  outbox,
  passwordResetTokens,
  priceAlerts,
  savingPlans,
  savingSubscriptions,
  sessions,
  settings,
  strategies,
  strategyConsents,
  strategyRuns,
  tradeConfigs,
  twoFactor,
  twoFactorChallenges,
  twoFactorRecoveryCodes,
  uploads,
  users,
  wallets,
  withdrawals,
} from "@/db/schema";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { fund } from "../support/ledger";

const db = withTestDatabase();

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

// Every API route file, found on disk: a route added later is attacked without anyone listing it.
const routeFiles = import.meta.glob<Record<string, unknown>>("/app/api/**/route.ts");

async function handlers(): Promise<{ name: string; method: string; file: string; handler: Handler }[]> {
  const found = [];
  for (const [file, load] of Object.entries(routeFiles)) {
    const mod = await load();
    for (const method of METHODS) {
      if (typeof mod[method] === "function")
        found.push({ name: `${method} ${file}`, method, file, handler: mod[method] as Handler });
    }
  }
  return found;
}

// Values a careless parser turns into NaN, Infinity, a float, a huge number, a crash or a query.
const HOSTILE_VALUES: unknown[] = [
  1e308,
  -1,
  0.1,
  "1e3",
  "-5",
  "NaN",
  "Infinity",
  "0x10",
  {},
  [],
  null,
  true,
  "x".repeat(5000),
  "\u0000",
  "' OR 1=1 --",
];
// Field names the API reads somewhere; each hostile body puts one value in all of them.
const FIELDS = [
  "amount",
  "operation",
  "reason",
  "asset",
  "side",
  "type",
  "quantity",
  "total",
  "price",
  "title",
  "message",
  "userId",
  "newPassword",
  "newWithdrawPassword",
  "status",
  "role",
  "enabled",
  "tradingEnabled",
  "feeBps",
  "spreadBps",
  "minQuantity",
  "maxQuantity",
  "dailyLimit",
  "usernameOrEmail",
  "password",
  "confirmPassword",
  "username",
  "email",
  "country",
  "phoneCode",
  "phoneNumber",
  "referralCode",
  "agreeTerms",
  "siteName",
  "supportUrl",
  "registrationOpen",
  "trading",
  "withdrawals",
  "storage",
  "referral",
  "annualRateBps",
  "rewardUsdt",
  "currency",
  "network",
  "address",
  "memo",
  "minDeposit",
  "withdrawFee",
  "minWithdraw",
  "depositEnabled",
  "withdrawEnabled",
  "txHash",
  "withdrawPassword",
  "currentWithdrawPassword",
  "planId",
  "name",
  "aprBps",
  "termDays",
  "minAmount",
  "maxAmount",
  "totalCap",
  "period",
  "priceCeiling",
  "maxRounds",
  "lower",
  "upper",
  "levels",
  "investment",
  "acceptRisk",
  "token",
  "code",
  "currentPassword",
  "challenge",
  "twoFactorCode",
  "subject",
  "relatedId",
  "internal",
  "firstName",
  "assignToMe",
  "direction",
  "note",
];
// Strategy bodies (strict, one per type): every field of the type hostile, the type itself valid.
const STRATEGY_FIELDS = {
  recurring: ["amount", "period", "priceCeiling", "maxRounds", "acceptRisk"],
  grid: ["lower", "upper", "levels", "investment", "acceptRisk"],
};
// Sections of nested settings-like bodies: each gets every field set to the same hostile value.
const SECTIONS = ["trading", "withdrawals", "storage", "referral"];

type Body = { raw: string; contentType?: string };
const json = (value: unknown): Body => ({ raw: JSON.stringify(value), contentType: "application/json" });

const BODIES: [string, Body][] = [
  ["malformed JSON", { raw: "{not json", contentType: "application/json" }],
  ["an empty body", { raw: "" }],
  ["null", json(null)],
  ["an array", json([1, 2, 3])],
  ["a string", json("hello")],
  ["a number", json(42)],
  ["a body over the size cap", json({ message: "x".repeat(70 * 1024) })],
  // Shapes that cost a parser or validator time and stack far beyond their bytes.
  [
    "an object 10,000 levels deep",
    { raw: '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000), contentType: "application/json" },
  ],
  ["an array 30,000 levels deep", { raw: "[".repeat(30_000) + "]".repeat(30_000), contentType: "application/json" }],
  ["an object with 5,000 keys", json(Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i])))],
  ["an array of 20,000 elements", json(Array.from({ length: 20_000 }, () => 0))],
  ["multipart without a boundary", { raw: "--x\r\n\r\n", contentType: "multipart/form-data" }],
  ...HOSTILE_VALUES.map((value): [string, Body] => [
    `every field ${JSON.stringify(value).slice(0, 20)}`,
    json(Object.fromEntries(FIELDS.map((f) => [f, value]))),
  ]),
  ...HOSTILE_VALUES.flatMap((value) =>
    Object.entries(STRATEGY_FIELDS).map(([type, fields]): [string, Body] => [
      `a ${type} strategy of ${JSON.stringify(value).slice(0, 20)}`,
      json({ type, ...Object.fromEntries(fields.map((f) => [f, value])) }),
    ]),
  ),
  ...[...HOSTILE_VALUES, "abc", "1e5", "1.5.5", ""].map((value): [string, Body] => [
    `every nested field ${JSON.stringify(value).slice(0, 20)}`,
    json(Object.fromEntries(SECTIONS.map((section) => [section, Object.fromEntries(FIELDS.map((f) => [f, value]))]))),
  ]),
  // One bad decimal where everything else is valid: checks that run after the field's own one.
  ...["abc", "1e5", "1.5.5"].flatMap((value) =>
    ["minQuantity", "maxQuantity", "fee", "rewardUsdt"].map((field): [string, Body] => [
      `only ${field} ${value}`,
      json(Object.fromEntries(SECTIONS.map((section) => [section, { [field]: value }]))),
    ]),
  ),
];

// Path ids that name nothing; the tests also use a real one (the admin's own user id).
const BAD_IDS = ["not-a-uuid", "00000000-0000-0000-0000-000000000000", "../../etc/passwd", "%00", "x".repeat(2000)];
const QUERIES = [
  "",
  "?page=-1&pageSize=1e400&limit=abc&interval=7&from=2026-13-45&to=yesterday&asset=%00&kind=../&sort=;drop&status=weird&role=god&holds=maybe",
  `?page=99999999999999999999&pageSize=0&limit=-1&interval=1e1&q=${"x".repeat(3000)}&from=0&to=-1&order=sideways`,
  "?page=1&page=2&asset=USDT&asset=XAUT&interval=5&interval=15",
  // Dates JavaScript reads but PostgreSQL cannot store (years past 9999, before 1 AD).
  "?from=10000-01-01",
  "?to=10000-01-01",
  "?from=-000001-01-01T00:00:00Z",
  "?to=+275760-09-13",
  "?from=0000-01-01",
  // The audit log's filters: a NUL, an oversized name, SQL, LIKE wildcards, a range that ends before it starts.
  `?action=%00&actor=${"x".repeat(3000)}&targetId=';drop table users;--`,
  "?action=%25_%5C&actor=%25&from=2026-02-01&to=2026-01-01",
];
// Cookies a browser never sets but a client can send: bad percent-encoding, a token that is no token.
const COOKIES = [
  "aurum.session-token=%E0%A4%A",
  "aurum.session-token=%; __Host-aurum.session-token=%zz",
  "aurum.session-token=x".repeat(200),
];

// Signed-request headers (lib/api-keys) that are malformed, oversized, in base64 rather than hex, or
// from a clock an hour off: refused as a 401 or 403 before any body is read.
const SOME_KEY = "0190f5c2-0000-7000-8000-000000000000";
const KEY_HEADERS: Record<string, string>[] = [
  { "x-aurum-key": SOME_KEY, "x-aurum-timestamp": String(Date.now()), "x-aurum-signature": "ZZ".repeat(32) },
  {
    "x-aurum-key": SOME_KEY,
    "x-aurum-timestamp": String(Date.now()),
    "x-aurum-signature": Buffer.alloc(32, 7).toString("base64"),
  },
  { "x-aurum-key": "k".repeat(8000), "x-aurum-timestamp": "9".repeat(8000), "x-aurum-signature": "a".repeat(8000) },
  {
    "x-aurum-key": SOME_KEY,
    "x-aurum-timestamp": String(Date.now() - 3_600_000),
    "x-aurum-signature": "ab".repeat(32),
  },
  { "x-aurum-key": SOME_KEY, "x-aurum-timestamp": "1e12", "x-aurum-signature": "ab".repeat(32) },
];

// What a refused request must leave as it was (sign-in attempts are counted even when refused: that is the rate limit).
const WRITTEN = {
  apiKeys,
  users,
  sessions,
  loginHistory,
  accounts,
  journals,
  entries,
  idempotencyKeys,
  auditLogs,
  notifications,
  orders,
  tradeConfigs,
  uploads,
  wallets,
  deposits,
  withdrawals,
  savingPlans,
  savingSubscriptions,
  strategies,
  strategyRuns,
  strategyConsents,
  outbox,
  passwordResetTokens,
  twoFactor,
  twoFactorRecoveryCodes,
  twoFactorChallenges,
  priceAlerts,
};

/** What WRITTEN holds, in one statement: it runs before and after every attack, thousands of times. */
async function snapshot(): Promise<string> {
  const counts = Object.entries(WRITTEN).map(
    ([name, table]) => sql`${sql.raw(`'${name}='`)} || (select count(*) from ${table})`,
  );
  const [row] = await rowsOf<{ state: string }>(
    db(),
    sql`
    select concat_ws(' ', ${sql.join(counts, sql`, `)},
      'balances=' || coalesce((select sum(${accounts.balance}) from ${accounts})::text, ''),
      'settings=' || coalesce((select max(${settings.updatedAt}) from ${settings})::text, '')) as state`,
  );
  return row!.state;
}

function request(
  method: string,
  path: string,
  token: string | null,
  body?: Body,
  headers: Record<string, string> = {},
): Request {
  const h = new Headers({ ...headers, "x-aurum-client-ip": "127.0.0.9" });
  if (token) h.set("authorization", `Bearer ${token}`);
  if (body?.contentType) h.set("content-type", body.contentType);
  return new Request(`http://localhost${path}`, { method, headers: h, body: method === "GET" ? undefined : body?.raw });
}

/** A refusal is the API's JSON error; anything else (a 500, HTML, a stack trace) fails the test. */
async function expectSane(res: Response, what: string): Promise<void> {
  // Readiness says 503 by design when the instance should not get traffic (here: no prices yet).
  if (res.status === 503 && (await res.clone().json()).code === "NOT_READY") return;
  expect(res.status, what).toBeLessThan(500);
  if (res.status < 400) return;
  expect(res.headers.get("content-type"), what).toContain("application/json");
  const body = (await res.json()) as { success: unknown; message: unknown };
  expect(body.success, what).toBe(false);
  expect(typeof body.message, what).toBe("string");
  expect(body.message as string, what).not.toMatch(/\bat .+:\d+:\d+|Error:|violates|syntax/);
}

// Found before the tests are collected, so each route is a test of its own (its own time limit, its own name in a failure).
const all = await handlers();

describe("every API endpoint, signed in as an administrator, answers hostile bodies, ids, queries and headers with a JSON 4xx (or a harmless success), never a 500, and a refusal writes nothing", () => {
  let realId: { id: string; userId: string };
  beforeAll(async () => {
    const admin = await signInAdmin(db());
    // Money on the books, so a debit or an order that slipped through would have something to take.
    await fund(db(), admin.user.id, "USDT", 1_000_000_000n);
    realId = { id: admin.user.id, userId: admin.user.id };
  });

  it("finds the routes", () => {
    expect(all.length).toBeGreaterThanOrEqual(30);
  });

  // Later routes are attacked with what earlier ones left behind (sessions, sign-ins, keys), as before the split.
  for (const { name, method, file, handler } of all) {
    it(name, async () => {
      // Each route gets a session of its own: signing out, or resetting one's own password, ends it.
      const token = (await signInAdmin(db())).token;
      const path = file.replace(/^\/app/, "").replace(/\/route\.ts$/, "");
      // What WRITTEN held after the last refused attempt, when no request has run since: the next
      // attempt's "before" (it halves the snapshots, most of this sweep's time).
      let unchanged: string | null = null;
      const attempt = async (req: Request, params: Record<string, string>, what: string) => {
        const before = method === "GET" ? "" : (unchanged ?? (await snapshot()));
        unchanged = null;
        const res = await handler(req, { params: Promise.resolve(params) });
        await expectSane(res.clone(), `${name} ${what}`);
        // A signed-in attack that bounced off authentication tested nothing past it.
        if (req.headers.has("authorization") && !file.endsWith("/auth/logout/route.ts"))
          expect(
            res.status === 401 && (await res.clone().json()).code === "UNAUTHORIZED",
            `${name} ${what}: the session was gone`,
          ).toBe(false);
        if (method !== "GET" && res.status >= 400) {
          const after = await snapshot();
          expect(after, `${name} ${what} wrote something`).toBe(before);
          unchanged = after;
        }
      };

      for (const query of QUERIES)
        await attempt(request(method, `${path}${query}`, token), realId, `query ${query.slice(0, 40)}`);
      for (const cookie of COOKIES) {
        await attempt(
          request(method, path, null, json({}), { cookie, origin: "http://localhost" }),
          realId,
          `cookie ${cookie.slice(0, 30)}`,
        );
      }
      for (const headers of KEY_HEADERS) {
        await attempt(
          request(method, path, null, json({}), headers),
          realId,
          `signed with ${JSON.stringify(headers).slice(0, 60)}`,
        );
      }
      for (const id of BAD_IDS)
        await attempt(request(method, path, token, json({})), { id, userId: id }, `id ${id.slice(0, 20)}`);
      if (method === "GET") return;
      for (const [label, body] of BODIES)
        await attempt(
          request(method, path, token, body, { "idempotency-key": `hostile-${label}` }),
          realId,
          `with ${label}`,
        );
      await attempt(
        request(method, path, token, json({}), { "idempotency-key": "k".repeat(5000) }),
        realId,
        "with a 5000-character Idempotency-Key",
      );
    });
  }
});
