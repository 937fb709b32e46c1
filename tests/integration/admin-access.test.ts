import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { GET as adminUsersRoute } from "@/app/api/admin/users/route";
import { PUT as putSettings } from "@/app/api/settings/config/route";
import { POST as enableRoute } from "@/app/api/user/2fa/enable/route";
import { POST as setupRoute } from "@/app/api/user/2fa/setup/route";
import { auditLogs, users } from "@/db/schema";
import { ensureAdmin } from "@/lib/auth/bootstrap-admin";
import { totpCode } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { registerUser } from "../support/users";

const db = withTestDatabase();

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

// Every admin route file, found on disk: a new one is covered without anyone listing it here.
const adminRoutes = import.meta.glob<Record<string, unknown>>("/app/api/admin/**/route.ts");
// Admin-only handlers that live outside /api/admin.
const otherAdminHandlers: [string, Handler][] = [["PUT /api/settings/config", putSettings as Handler]];

async function adminHandlers(): Promise<[string, Handler][]> {
  const found: [string, Handler][] = [];
  for (const [file, load] of Object.entries(adminRoutes)) {
    const mod = await load();
    for (const method of METHODS) {
      if (typeof mod[method] === "function") found.push([`${method} ${file}`, mod[method] as Handler]);
    }
  }
  return [...found, ...otherAdminHandlers];
}

const params = { id: "0190f5c2-0000-7000-8000-000000000000", userId: "0190f5c2-0000-7000-8000-000000000000" };

describe("every admin endpoint", () => {
  it("answers 401 without a session and 403 for a signed-in user", async () => {
    const handlers = await adminHandlers();
    expect(handlers.length).toBeGreaterThanOrEqual(9);
    const { token } = await registerUser();
    for (const [name, handler] of handlers) {
      const anonymous = await call(handler, { method: name.split(" ")[0], params });
      expect(anonymous.status, `${name} without a session`).toBe(401);
      const user = await call(handler, {
        method: name.split(" ")[0],
        params,
        token,
        body: name.startsWith("GET") ? undefined : {},
      });
      expect(user.status, `${name} for a user`).toBe(403);
      expect(user.body).toEqual({ success: false, message: "Administrators only", code: "FORBIDDEN" });
    }
  });

  it("answers 403 ADMIN_TWO_FACTOR_REQUIRED to an administrator without two-factor, and writes nothing", async () => {
    const handlers = await adminHandlers();
    const { token, user } = await registerUser();
    await db().update(users).set({ role: "admin" }).where(eq(users.id, user.id));
    const before = await auditRows();
    for (const [name, handler] of handlers) {
      const res = await call(handler, {
        method: name.split(" ")[0],
        params,
        token,
        body: name.startsWith("GET") ? undefined : {},
      });
      expect(res.status, `${name} for an administrator without two-factor`).toBe(403);
      expect(res.body, name).toMatchObject({ success: false, code: "ADMIN_TWO_FACTOR_REQUIRED" });
    }
    expect(await auditRows()).toBe(before);
    await db().update(users).set({ role: "user" }).where(eq(users.id, user.id));
  });
});

const auditRows = async () => (await db().select({ n: count() }).from(auditLogs))[0]!.n;

describe("administrator bootstrap", () => {
  it("creates the first admin once, with a generated password that signs in", async () => {
    const created = await ensureAdmin(db(), {
      ADMIN_USERNAME: "root_admin",
      ADMIN_EMAIL: "root@aurum.local",
      ADMIN_PASSWORD: undefined,
    });
    expect(created?.generatedPassword).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(
      await ensureAdmin(db(), { ADMIN_USERNAME: "other", ADMIN_EMAIL: "o@aurum.local", ADMIN_PASSWORD: "whatever" }),
    ).toBeNull();

    const login = await call(loginRoute, {
      body: { usernameOrEmail: "root_admin", password: created!.generatedPassword },
    });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ role: "admin" });
    const token = login.body.token as string;

    // Signed in with the password alone: nothing of the admin API opens until two-factor is on.
    const refused = await call(adminUsersRoute, { token, path: "/api/admin/users" });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: "ADMIN_TWO_FACTOR_REQUIRED" });
    const setup = await call(setupRoute, { token, body: { password: created!.generatedPassword } });
    expect((await call(enableRoute, { token, body: { code: totpCode(setup.body.secret as string) } })).status).toBe(
      200,
    );

    const { user } = await registerUser({ username: "findable_bob" });
    const list = await call(adminUsersRoute, { token, path: "/api/admin/users?q=findable_b&pageSize=5" });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ success: true, page: 1, pageSize: 5, total: 1 });
    expect(list.body.users).toEqual([expect.objectContaining({ id: user.id })]);

    const tooBig = await call(adminUsersRoute, { token, path: "/api/admin/users?pageSize=1000" });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toMatchObject({ message: "pageSize can be at most 100" });
  });
});
