import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { POST as logoutRoute } from "@/app/api/auth/logout/route";
import { GET as profileRoute } from "@/app/api/auth/profile/route";
import { sessions, users } from "@/db/schema";
import { revokeUserSessions } from "@/lib/auth/sessions";
import { mintToken } from "@/lib/auth/token";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { registerUser } from "../support/users";

const db = withTestDatabase();

describe("POST /api/auth/login", () => {
  it("signs in by username or by email, case-insensitively, and sets the session cookie", async () => {
    const { payload } = await registerUser();
    for (const usernameOrEmail of [payload.username, payload.email.toUpperCase()]) {
      const res = await call(loginRoute, { body: { usernameOrEmail, password: payload.password } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        message: "Login successful",
        user: { username: payload.username },
      });
      expect(typeof res.body.token).toBe("string");
      expect(res.headers.get("set-cookie")).toMatch(/aurum\.session-token=.+HttpOnly/i);
    }
  });

  it("answers an unknown user and a wrong password alike", async () => {
    const { payload } = await registerUser();
    const wrong = await call(loginRoute, {
      body: { usernameOrEmail: payload.username, password: "not-it" },
      ip: "10.0.0.1",
    });
    const unknown = await call(loginRoute, {
      body: { usernameOrEmail: "nobody_here", password: "not-it" },
      ip: "10.0.0.1",
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ success: false, message: "Invalid credentials", code: "INVALID_CREDENTIALS" });
  });

  it("refuses empty fields with a 400", async () => {
    const res = await call(loginRoute, { body: { usernameOrEmail: "", password: "" } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: "Please enter your username or email" });
  });

  it("refuses a disabled user, even with the right password", async () => {
    const { payload, user } = await registerUser();
    await db().update(users).set({ status: "disabled" }).where(eq(users.id, user.id));
    const res = await call(loginRoute, { body: { usernameOrEmail: payload.username, password: payload.password } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: "ACCOUNT_DISABLED" });
  });

  it("limits one address's failures on one account with a 429 and Retry-After, even for the right password", async () => {
    const { payload } = await registerUser();
    for (let i = 0; i < 10; i++) {
      const res = await call(loginRoute, {
        body: { usernameOrEmail: payload.username, password: `guess-${i}` },
        ip: "10.0.0.2",
      });
      expect(res.status).toBe(401);
    }
    const limited = await call(loginRoute, {
      body: { usernameOrEmail: payload.username, password: payload.password },
      ip: "10.0.0.2",
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, code: "RATE_LIMITED" });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("counts failures against the account whichever spelling names it", async () => {
    const { payload } = await registerUser();
    for (let i = 0; i < 10; i++) {
      const usernameOrEmail = i % 2 ? payload.username : payload.email.toUpperCase();
      expect(
        (await call(loginRoute, { body: { usernameOrEmail, password: `guess-${i}` }, ip: "10.0.0.4" })).status,
      ).toBe(401);
    }
    expect(
      (await call(loginRoute, { body: { usernameOrEmail: payload.email, password: "guess-x" }, ip: "10.0.0.4" }))
        .status,
    ).toBe(429);
  });

  it("does not let a guesser lock the owner out: the owner signs in from their own address, or a fresh one", async () => {
    const { payload } = await registerUser({}, "10.0.9.1");
    for (let i = 0; i < 12; i++)
      await call(loginRoute, { body: { usernameOrEmail: payload.username, password: `guess-${i}` }, ip: "10.0.9.66" });
    const home = await call(loginRoute, {
      body: { usernameOrEmail: payload.username, password: payload.password },
      ip: "10.0.9.1",
    });
    expect(home.status).toBe(200);
    const travelling = await call(loginRoute, {
      body: { usernameOrEmail: payload.username, password: payload.password },
      ip: "10.0.9.2",
    });
    expect(travelling.status).toBe(200);
  });

  it("stops spraying from one address, yet lets an account that signed in from there before through", async () => {
    const sprayer = "10.0.8.8";
    const { payload } = await registerUser({}, sprayer);
    for (let i = 0; i < 50; i++) {
      expect(
        (await call(loginRoute, { body: { usernameOrEmail: `nobody_${i}`, password: "Summer2026!" }, ip: sprayer }))
          .status,
      ).toBe(401);
    }
    expect(
      (await call(loginRoute, { body: { usernameOrEmail: "nobody_next", password: "Summer2026!" }, ip: sprayer }))
        .status,
    ).toBe(429);
    const other = await registerUser();
    expect(
      (
        await call(loginRoute, {
          body: { usernameOrEmail: other.payload.username, password: other.payload.password },
          ip: sprayer,
        })
      ).status,
    ).toBe(429);
    const known = await call(loginRoute, {
      body: { usernameOrEmail: payload.username, password: payload.password },
      ip: sprayer,
    });
    expect(known.status).toBe(200);
  });
});

describe("sessions", () => {
  it("logout revokes the token for every later call", async () => {
    const { token } = await registerUser();
    expect((await call(profileRoute, { token })).status).toBe(200);
    const out = await call(logoutRoute, { method: "POST", token });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toContain("aurum.session-token=;");
    const after = await call(profileRoute, { token });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ success: false, code: "UNAUTHORIZED" });
  });

  it("accepts the token as the session cookie too", async () => {
    const { token, user } = await registerUser();
    const res = await call(profileRoute, { cookie: `theme=dark; aurum.session-token=${token}` });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id });
  });

  it("refuses a missing, forged or expired token, and a revoked user's sessions", async () => {
    expect((await call(profileRoute)).status).toBe(401);
    expect((await call(profileRoute, { token: "not-a-token" })).status).toBe(401);

    const { token, user } = await registerUser();
    // A well-signed token naming a session that does not exist.
    const forged = await mintToken({
      sub: user.id,
      sid: "0190f5c2-0000-7000-8000-000000000000",
      role: "admin",
      name: "x",
    });
    expect((await call(profileRoute, { token: forged })).status).toBe(401);

    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await call(profileRoute, { token })).status).toBe(401);

    const second = await registerUser();
    await revokeUserSessions(db(), second.user.id);
    expect((await call(profileRoute, { token: second.token })).status).toBe(401);
  });

  it("stops a disabled user's live session at once", async () => {
    const { token, user } = await registerUser();
    await db().update(users).set({ status: "disabled" }).where(eq(users.id, user.id));
    expect((await call(profileRoute, { token })).status).toBe(401);
  });
});
