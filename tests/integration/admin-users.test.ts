import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as auditRoute } from "@/app/api/admin/audit/route";
import { PUT as resetPasswordRoute } from "@/app/api/admin/users/[id]/reset-password/route";
import { PUT as resetWithdrawRoute } from "@/app/api/admin/users/[id]/reset-withdraw-password/route";
import { POST as approveRoute } from "@/app/api/admin/approvals/[id]/approve/route";
import { PUT as roleRoute } from "@/app/api/admin/users/[id]/role/route";
import { GET as userDetailRoute } from "@/app/api/admin/users/[id]/route";
import { PUT as statusRoute } from "@/app/api/admin/users/[id]/status/route";
import { GET as usersRoute } from "@/app/api/admin/users/route";
import { POST as twoFactorLoginRoute } from "@/app/api/auth/login/2fa/route";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { GET as profileRoute } from "@/app/api/auth/profile/route";
import { users } from "@/db/schema";
import { verifyPassword } from "@/lib/auth/password";
import { enrolTwoFactor, signInAdmin, totpCode } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { registerUser } from "../support/users";

const db = withTestDatabase();
let admin: Awaited<ReturnType<typeof signInAdmin>>;

beforeAll(async () => {
  admin = await signInAdmin(db());
});

type IdHandler = (req: Request, ctx: { params: Promise<{ id: string }> }) => Promise<Response>;

const put = (handler: IdHandler, id: string, body: unknown, token = admin.token) =>
  call(handler, { method: "PUT", params: { id }, body, token });

describe("admin user actions", () => {
  it("resets a password: old sessions end at once, the new password signs in, the action is audited", async () => {
    const { user, token, payload } = await registerUser();
    const res = await put(resetPasswordRoute, user.id, { newPassword: "brand-new-pass" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, sessionsEnded: 1 });
    expect((await call(profileRoute, { token })).status).toBe(401);
    expect(
      (await call(loginRoute, { body: { usernameOrEmail: payload.username, password: payload.password } })).status,
    ).toBe(401);
    expect(
      (await call(loginRoute, { body: { usernameOrEmail: payload.username, password: "brand-new-pass" } })).status,
    ).toBe(200);

    const trail = await call(auditRoute, { token: admin.token, path: `/api/admin/audit?targetId=${user.id}` });
    expect(trail.body.entries).toEqual([
      expect.objectContaining({ action: "user.password.reset", actor: admin.user.username, target: user.username }),
    ]);
  });

  it("refuses a short or missing password and an unknown user, changing nothing", async () => {
    const { user } = await registerUser();
    const short = await put(resetPasswordRoute, user.id, { newPassword: "12345" });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("Password should be at least 6 characters long");
    expect((await put(resetPasswordRoute, user.id, {})).body.message).toBe("Please enter the new password");
    expect(
      (await put(resetPasswordRoute, "0190f5c2-0000-7000-8000-000000000000", { newPassword: "long-enough" })).status,
    ).toBe(404);
    expect((await put(resetPasswordRoute, "nope", { newPassword: "long-enough" })).status).toBe(404);
  });

  it("resets the withdrawal password", async () => {
    const { user } = await registerUser();
    const res = await put(resetWithdrawRoute, user.id, { newWithdrawPassword: "withdraw-123" });
    expect(res.body).toMatchObject({ success: true, message: "Withdrawal password reset" });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row!.withdrawPasswordHash!, "withdraw-123")).toBe(true);
    expect((await put(resetWithdrawRoute, user.id, { newWithdrawPassword: "" })).status).toBe(400);
  });

  it("disables a user (sessions end, sign-in refused) and enables them again", async () => {
    const { user, token, payload } = await registerUser();
    const off = await put(statusRoute, user.id, { status: "disabled" });
    expect(off.body).toMatchObject({ success: true, user: { status: "disabled" } });
    expect((await call(profileRoute, { token })).status).toBe(401);
    const refused = await call(loginRoute, { body: { usernameOrEmail: payload.username, password: payload.password } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("ACCOUNT_DISABLED");

    await put(statusRoute, user.id, { status: "active" });
    expect(
      (await call(loginRoute, { body: { usernameOrEmail: payload.username, password: payload.password } })).status,
    ).toBe(200);
    expect((await put(statusRoute, user.id, { status: "frozen" })).body.message).toBe(
      'status must be "active" or "disabled"',
    );
  });

  it("never demotes or disables the last active administrator, and never leaves fewer than two once two exist", async () => {
    const other = await registerUser();
    // Make this database's admins exactly one: the signed-in admin.
    await db().update(users).set({ role: "user" }).where(eq(users.role, "admin"));
    await db().update(users).set({ role: "admin" }).where(eq(users.id, admin.user.id));

    const demote = await put(roleRoute, admin.user.id, { role: "user" });
    expect(demote.status).toBe(422);
    expect(demote.body).toMatchObject({ code: "TOO_FEW_ADMINS" });
    expect((await put(statusRoute, admin.user.id, { status: "disabled" })).status).toBe(422);

    // The only admin appoints a second alone; with two, neither may step down until a third is appointed (with the other's approval).
    expect((await put(roleRoute, other.user.id, { role: "admin" })).body).toMatchObject({ user: { role: "admin" } });
    const promotedToken = (
      await call(loginRoute, { body: { usernameOrEmail: other.payload.username, password: other.payload.password } })
    ).body.token as string;
    // The new administrator turns on two-factor before any admin call opens to them.
    await enrolTwoFactor(db(), other.user.id);
    const stepDown = await put(roleRoute, admin.user.id, { role: "user" }, promotedToken);
    expect(stepDown.status).toBe(422);
    expect(stepDown.body.message).toContain("appoint another administrator first");
    const third = await registerUser();
    const appoint = await put(roleRoute, third.user.id, { role: "admin" }, promotedToken);
    expect(
      (await call(approveRoute, { token: admin.token, params: { id: (appoint.body.proposal as { id: string }).id } }))
        .status,
    ).toBe(200);
    const stepDownNow = await put(roleRoute, admin.user.id, { role: "user" }, promotedToken);
    expect(stepDownNow.status).toBe(202);
    const approved = await call(approveRoute, {
      token: admin.token,
      params: { id: (stepDownNow.body.proposal as { id: string }).id },
    });
    expect(approved.body).toMatchObject({ proposal: { status: "approved", result: { role: "user" } } });
    expect((await put(roleRoute, other.user.id, { role: "user" }, promotedToken)).status).toBe(422);
    await db().update(users).set({ role: "admin" }).where(eq(users.id, admin.user.id));
    admin = await signInAdminAgain();
  });

  it("lists users with search, status and role filters, and shows one in detail", async () => {
    const { user } = await registerUser({ username: "filter_me_x1" });
    await put(statusRoute, user.id, { status: "disabled" });
    const found = await call(usersRoute, {
      token: admin.token,
      path: "/api/admin/users?q=filter_me&status=disabled&role=user&sort=username",
    });
    expect(found.body).toMatchObject({ total: 1 });
    expect(
      (await call(usersRoute, { token: admin.token, path: "/api/admin/users?q=filter_me&status=active" })).body.total,
    ).toBe(0);
    expect((await call(usersRoute, { token: admin.token, path: "/api/admin/users?sort=richest" })).status).toBe(400);

    const detail = await call(userDetailRoute, { token: admin.token, params: { id: user.id } });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ user: { id: user.id, status: "disabled" }, referredBy: null });
    expect(detail.body.balances).toHaveLength(5);
    expect(detail.body.user).not.toHaveProperty("passwordHash");
  });
});

async function signInAdminAgain() {
  const { challenge } = (
    await call(loginRoute, { body: { usernameOrEmail: admin.user.username, password: "admin-password" } })
  ).body;
  // The code of the next time step: the first sign-in spent this one.
  const res = await call(twoFactorLoginRoute, {
    body: { challenge, code: totpCode(admin.secret, Date.now() + 30_000) },
  });
  return { ...admin, token: res.body.token as string };
}
