import { describe, expect, it } from "vitest";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { GET as adminUsersRoute } from "@/app/api/admin/users/route";
import { ensureAdmin } from "@/lib/auth/bootstrap-admin";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { registerUser } from "../support/users";

const db = withTestDatabase();

describe("administrator bootstrap and access", () => {
  it("creates the first admin once, with a generated password that signs in", async () => {
    const created = await ensureAdmin(db(), { ADMIN_USERNAME: "root_admin", ADMIN_EMAIL: "root@aurum.local", ADMIN_PASSWORD: undefined });
    expect(created?.generatedPassword).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(await ensureAdmin(db(), { ADMIN_USERNAME: "other", ADMIN_EMAIL: "o@aurum.local", ADMIN_PASSWORD: "whatever" })).toBeNull();

    const login = await call(loginRoute, { body: { usernameOrEmail: "root_admin", password: created!.generatedPassword } });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ role: "admin" });
    const token = login.body.token as string;

    const { user } = await registerUser({ username: "findable_bob" });
    const list = await call(adminUsersRoute, { token, path: "/api/admin/users?q=findable_b&pageSize=5" });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ success: true, page: 1, pageSize: 5, total: 1 });
    expect(list.body.users).toEqual([expect.objectContaining({ id: user.id })]);

    const tooBig = await call(adminUsersRoute, { token, path: "/api/admin/users?pageSize=1000" });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toMatchObject({ message: "pageSize can be at most 100" });
  });

  it("answers 401 without a session and 403 for a user", async () => {
    expect((await call(adminUsersRoute)).status).toBe(401);
    const { token } = await registerUser();
    const res = await call(adminUsersRoute, { token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, message: "Administrators only", code: "FORBIDDEN" });
  });
});
