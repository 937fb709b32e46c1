import { describe, expect, it } from "vitest";
import { POST as logoutRoute } from "@/app/api/auth/logout/route";
import { KEY_ROUTES } from "@/lib/api-keys/routes";
import { clientFor, insertKey } from "../support/api-keys";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { registerUser } from "../support/users";

const db = withTestDatabase();

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

// Every API route file, found on disk: a route added later must either check its caller or be listed here.
const routeFiles = import.meta.glob<Record<string, unknown>>("/app/api/**/route.ts");
const PUBLIC = new Set([
  "POST /app/api/auth/login/route.ts",
  // The second step of a sign-in with two-factor on: the challenge from the first step is the credential.
  "POST /app/api/auth/login/2fa/route.ts",
  "POST /app/api/auth/register/route.ts",
  // Asking for a reset link and using one: the link's token is the credential.
  "POST /app/api/auth/forgot-password/route.ts",
  "POST /app/api/auth/reset-password/route.ts",
  "GET /app/api/health/route.ts",
  "GET /app/api/health/ready/route.ts",
  // The public subset only (site name, logo, support link); admins get everything.
  "GET /app/api/settings/config/route.ts",
  // Uploads marked public (the logo); anything else needs its owner or an admin.
  "GET /app/api/uploads/[id]/route.ts",
  // Proof of liabilities: roots and totals are published to anyone (a user's own proof needs a session).
  "GET /app/api/proof/snapshots/route.ts",
  "GET /app/api/proof/snapshots/[id]/route.ts",
  // A signed-out visitor's message to customer service (rate-limited per address and per email).
  "POST /app/api/support/contact/route.ts",
  // The user API's OpenAPI document, published as exchanges publish theirs (the admin one is not public).
  "GET /app/api/openapi.json/route.ts",
]);

async function allHandlers(): Promise<[string, Handler][]> {
  const handlers: [string, Handler][] = [];
  for (const [file, load] of Object.entries(routeFiles)) {
    const mod = await load();
    for (const method of METHODS)
      if (typeof mod[method] === "function") handlers.push([`${method} ${file}`, mod[method] as Handler]);
  }
  return handlers;
}

const params = { id: "0190f5c2-0000-7000-8000-000000000000", userId: "0190f5c2-0000-7000-8000-000000000000" };

describe("every API endpoint", () => {
  it("answers 401 without a session and with a signed-out one, unless it is one of the few public ones", async () => {
    const handlers = await allHandlers();
    expect(handlers.length).toBeGreaterThanOrEqual(30);
    expect(
      [...PUBLIC].filter((name) => !handlers.some(([n]) => n === name)),
      "public routes that no longer exist",
    ).toEqual([]);

    const { token } = await registerUser();
    expect((await call(logoutRoute, { token })).status).toBe(200);

    for (const [name, handler] of handlers) {
      if (PUBLIC.has(name)) continue;
      const method = name.split(" ")[0]!;
      const body = method === "GET" ? undefined : {};
      for (const [who, auth] of [
        ["without a session", undefined],
        ["with a signed-out session", token],
      ] as const) {
        const res = await call(handler, { method, params, body, token: auth });
        expect(res.status, `${name} ${who}`).toBe(401);
        expect(res.body, `${name} ${who}`).toMatchObject({ success: false, code: "UNAUTHORIZED" });
      }
    }
  });
});

describe("every API endpoint, with an API key holding both scopes", () => {
  it("is closed (403 API_KEY_ROUTE_CLOSED) unless lib/api-keys/routes lists it, and the listed ones answer", async () => {
    const handlers = await allHandlers();
    const keyName = (name: string) => name.replace(/ \/app(.*)\/route\.ts$/, " $1");
    expect(
      Object.keys(KEY_ROUTES).filter((name) => !handlers.some(([n]) => keyName(n) === name)),
      "listed routes that do not exist",
    ).toEqual([]);

    const { user } = await registerUser();
    const client = clientFor(await insertKey(db(), user.id, { scopes: ["read", "trade"] }));
    for (const [name] of handlers) {
      // Public routes ignore the key: they answer anyone alike.
      if (PUBLIC.has(name)) continue;
      const [method, path] = keyName(name).split(" ") as [string, string];
      const res = await client.request(method, path.replace("[id]", params.id), {
        body: method === "GET" ? undefined : {},
      });
      if (keyName(name) in KEY_ROUTES) {
        expect(res.status === 401 || res.status === 403, `${name}: ${res.status} ${res.body.code}`).toBe(false);
      } else {
        expect([res.status, res.body.code], name).toEqual([403, "API_KEY_ROUTE_CLOSED"]);
      }
    }
  });
});
