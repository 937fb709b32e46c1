import { eq, like } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { GET as profileRoute } from "@/app/api/auth/profile/route";
import { GET as notificationsRoute } from "@/app/api/notifications/route";
import { GET as infoRoute, PUT as putInfoRoute } from "@/app/api/user/info/route";
import { POST as passwordRoute } from "@/app/api/user/password/route";
import { DELETE as revokeRoute } from "@/app/api/user/sessions/[id]/route";
import { POST as revokeOthersRoute } from "@/app/api/user/sessions/revoke-others/route";
import { GET as sessionsRoute } from "@/app/api/user/sessions/route";
import { GET as withdrawPasswordRoute } from "@/app/api/user/withdraw-password/route";
import { outbox, users } from "@/db/schema";
import { describeDevice } from "@/lib/auth/device";
import { checkWithdrawPassword, withdrawHoldMs } from "@/lib/auth/withdraw-password";
import { withTestDatabase } from "../support/db";
import { readyToWithdraw } from "../support/funding";
import { call } from "../support/http";
import { startRealtimeServer, type TestRealtimeServer } from "../support/realtime";
import { outcome, registeredSocket } from "../support/sockets";
import { registerUser } from "../support/users";

const db = withTestDatabase();
let server: TestRealtimeServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startRealtimeServer();
});
afterEach(() => {
  sockets.splice(0).forEach((s) => s.disconnect());
});
afterAll(() => server.close());

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

async function secondSession(user: Awaited<ReturnType<typeof registerUser>>, userAgent = FIREFOX_LINUX) {
  const res = await call(loginRoute, {
    body: { usernameOrEmail: user.payload.username, password: user.payload.password },
    headers: { "user-agent": userAgent },
    ip: "198.51.100.7",
  });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

async function socketFor(token: string, userId: string): Promise<Socket> {
  const socket = await registeredSocket(server.url, token, userId);
  sockets.push(socket);
  return socket;
}

const disconnected = (socket: Socket) => new Promise((resolve) => socket.once("disconnect", resolve));

describe("personal info", () => {
  it("shows the user's own profile and saves contact details under the register rules", async () => {
    const alice = await registerUser();
    const got = await call(infoRoute, { token: alice.token });
    expect(got.body.user).toMatchObject({
      username: alice.payload.username,
      email: alice.payload.email,
      country: "DE",
    });

    const saved = await call(putInfoRoute, {
      method: "PUT",
      token: alice.token,
      body: { email: alice.payload.email, country: "FR", phoneCode: "+33", phoneNumber: "6 12 34 56 78" },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.user).toMatchObject({
      country: "FR",
      phoneCode: "+33",
      phoneNumber: "612345678",
      username: alice.payload.username,
    });

    const wrongCode = await call(putInfoRoute, {
      method: "PUT",
      token: alice.token,
      body: { email: alice.payload.email, country: "FR", phoneCode: "+49", phoneNumber: "612345678" },
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.message).toBe("The dial code for France is +33");
    const renamed = await call(putInfoRoute, {
      method: "PUT",
      token: alice.token,
      body: {
        username: "someone",
        email: alice.payload.email,
        country: "FR",
        phoneCode: "+33",
        phoneNumber: "612345678",
      },
    });
    expect(renamed.status).toBe(400);
  });

  it("asks for the current password to change the email, and refuses one already registered", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const body = { country: "DE", phoneCode: "+49", phoneNumber: "15123456789" };
    const newEmail = `${alice.payload.username}@new.example.com`;

    const missing = await call(putInfoRoute, { method: "PUT", token: alice.token, body: { ...body, email: newEmail } });
    expect(missing).toMatchObject({ status: 400, body: { code: "PASSWORD_REQUIRED" } });
    const wrong = await call(putInfoRoute, {
      method: "PUT",
      token: alice.token,
      body: { ...body, email: newEmail, currentPassword: "not-it" },
    });
    expect(wrong).toMatchObject({
      status: 400,
      body: { code: "WRONG_PASSWORD", message: "The current password is incorrect" },
    });
    const taken = await call(putInfoRoute, {
      method: "PUT",
      token: alice.token,
      body: { ...body, email: bob.payload.email.toUpperCase(), currentPassword: alice.payload.password },
    });
    expect(taken).toMatchObject({ status: 409, body: { code: "EMAIL_TAKEN" } });
    const [unchanged] = await db().select().from(users).where(eq(users.id, alice.user.id));
    expect(unchanged!.email).toBe(alice.payload.email);

    const ok = await call(putInfoRoute, {
      method: "PUT",
      token: alice.token,
      body: { ...body, email: newEmail, currentPassword: alice.payload.password },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ email: newEmail });
  });

  it("pauses withdrawals when the email changes, in the same transaction, as a new password does; other details and a refused change do not", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const withdrawPassword = await readyToWithdraw(db(), alice.token, alice.user.id);
    const holdOf = async () =>
      (await db().select({ at: users.withdrawHoldUntil }).from(users).where(eq(users.id, alice.user.id)))[0]!.at;
    const lifted = await holdOf();
    const body = {
      country: "DE",
      phoneCode: "+49",
      phoneNumber: "15123456789",
      currentPassword: alice.payload.password,
    };

    const phone = await call(putInfoRoute, {
      method: "PUT",
      token: alice.token,
      body: { ...body, email: alice.payload.email.toUpperCase(), phoneNumber: "15199999999" },
    });
    expect(phone.body).toMatchObject({ success: true, message: "Personal info saved" });
    expect(phone.body).not.toHaveProperty("withdrawalsPausedUntil");
    const taken = await call(putInfoRoute, {
      method: "PUT",
      token: alice.token,
      body: { ...body, email: bob.payload.email },
    });
    expect(taken.status).toBe(409);
    expect(await holdOf()).toEqual(lifted);
    await checkWithdrawPassword(db(), alice.user.id, withdrawPassword);

    const started = Date.now();
    const changed = await call(putInfoRoute, {
      method: "PUT",
      token: alice.token,
      body: { ...body, email: `${alice.payload.username}@elsewhere.example.com` },
    });
    expect(changed.status).toBe(200);
    const until = await holdOf();
    expect(until!.getTime()).toBeGreaterThanOrEqual(started + withdrawHoldMs());
    expect(until!.getTime()).toBeLessThanOrEqual(Date.now() + withdrawHoldMs());
    expect(changed.body).toMatchObject({
      message: "Personal info saved. Your email changed. For your security, withdrawals are paused for 24 hours.",
      withdrawalsPausedUntil: until!.toISOString(),
    });
    // Seen where a new password's pause is seen: on the withdraw screen, in a refused withdrawal, in a notification.
    expect((await call(withdrawPasswordRoute, { token: alice.token })).body.withdrawPassword).toMatchObject({
      holdUntil: until!.toISOString(),
    });
    await expect(checkWithdrawPassword(db(), alice.user.id, withdrawPassword)).rejects.toMatchObject({
      status: 422,
      code: "WITHDRAWALS_ON_HOLD",
    });
    const inbox = await call(notificationsRoute, { token: alice.token });
    expect(inbox.body.notifications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: "Your email was changed",
          message: expect.stringContaining("withdrawals are paused for 24 hours"),
        }),
      ]),
    );
    // Mailed to the new address and to the one it replaced, whose owner may not be who changed it.
    const mails = await db()
      .select({ to: outbox.to, text: outbox.text })
      .from(outbox)
      .where(like(outbox.subject, "%Your email was changed"));
    const hers = mails.filter((m) => m.to.startsWith(`${alice.payload.username}@`));
    expect(hers.map((m) => m.to).sort()).toEqual(
      [alice.payload.email.toLowerCase(), `${alice.payload.username}@elsewhere.example.com`.toLowerCase()].sort(),
    );
    for (const m of hers) expect(m.text).toContain(`now ${alice.payload.username}@elsewhere.example.com`);
  });
});

describe("changing the password", () => {
  it("checks the current password before anything else, and stops guessing after five wrong ones", async () => {
    const alice = await registerUser();
    const [before] = await db().select().from(users).where(eq(users.id, alice.user.id));
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await call(passwordRoute, {
            token: alice.token,
            body: { currentPassword: `guess-${i}`, newPassword: "brand-new-pass" },
          })
        ).body.code,
      ).toBe("WRONG_PASSWORD");
    }
    const blocked = await call(passwordRoute, {
      token: alice.token,
      body: { currentPassword: alice.payload.password, newPassword: "brand-new-pass" },
    });
    expect(blocked.status).toBe(429);
    const [unchanged] = await db().select().from(users).where(eq(users.id, alice.user.id));
    expect(unchanged!.passwordHash).toBe(before!.passwordHash);
    expect(
      (await call(loginRoute, { body: { usernameOrEmail: alice.payload.username, password: alice.payload.password } }))
        .status,
    ).toBe(200);
  });

  it("needs the current password and changes nothing without it", async () => {
    const alice = await registerUser();
    const other = await secondSession(alice);
    const wrong = await call(passwordRoute, {
      token: alice.token,
      body: { currentPassword: "not-it", newPassword: "brand-new-pass" },
    });
    expect(wrong).toMatchObject({ status: 400, body: { code: "WRONG_PASSWORD" } });
    const short = await call(passwordRoute, {
      token: alice.token,
      body: { currentPassword: alice.payload.password, newPassword: "12345" },
    });
    expect(short.body.message).toBe("Password should be at least 6 characters long");
    expect((await call(profileRoute, { token: other })).status).toBe(200);
    expect(
      (await call(loginRoute, { body: { usernameOrEmail: alice.payload.username, password: alice.payload.password } }))
        .status,
    ).toBe(200);
  });

  it("revokes every other session and its sockets, keeps this one, and tells the user", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const other = await secondSession(alice);
    const [mine, theirs, bobs] = [
      await socketFor(alice.token, alice.user.id),
      await socketFor(other, alice.user.id),
      await socketFor(bob.token, bob.user.id),
    ];
    const gone = disconnected(theirs);

    const res = await call(passwordRoute, {
      token: alice.token,
      body: { currentPassword: alice.payload.password, newPassword: "brand-new-pass" },
    });
    expect(res.body).toMatchObject({ success: true, sessionsEnded: 1 });
    expect(await gone).toBe("io server disconnect");
    expect((await call(profileRoute, { token: other })).status).toBe(401);
    expect((await call(profileRoute, { token: alice.token })).status).toBe(200);
    expect(mine.connected && bobs.connected).toBe(true);
    theirs.connect();
    expect(await outcome(theirs)).toBe("unauthorized");

    const told = await call(notificationsRoute, { token: alice.token });
    expect(told.body.notifications).toEqual(
      expect.arrayContaining([expect.objectContaining({ title: "Your password was changed" })]),
    );
    expect(
      (await call(loginRoute, { body: { usernameOrEmail: alice.payload.username, password: "brand-new-pass" } }))
        .status,
    ).toBe(200);
  });
});

describe("sessions", () => {
  it("lists live sessions with device and address, the current one marked", async () => {
    const alice = await registerUser();
    await secondSession(alice);
    const res = await call(sessionsRoute, { token: alice.token });
    const list = res.body.sessions as { current: boolean; device: string; ip: string | null }[];
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ current: false, device: "Firefox 133 on Linux", ip: "198.51.100.7" }),
      ]),
    );
  });

  it("revokes one session: its next call and socket are refused", async () => {
    const alice = await registerUser();
    const other = await secondSession(alice);
    const socket = await socketFor(other, alice.user.id);
    const gone = disconnected(socket);
    const list = (await call(sessionsRoute, { token: alice.token })).body.sessions as {
      id: string;
      current: boolean;
    }[];
    const target = list.find((s) => !s.current)!;

    const res = await call(revokeRoute, { method: "DELETE", token: alice.token, params: { id: target.id } });
    expect(res.status).toBe(200);
    expect(await gone).toBe("io server disconnect");
    expect((await call(profileRoute, { token: other })).status).toBe(401);
    expect((await call(profileRoute, { token: alice.token })).status).toBe(200);
    // Already ended: nothing left to revoke.
    expect((await call(revokeRoute, { method: "DELETE", token: alice.token, params: { id: target.id } })).status).toBe(
      404,
    );
  });

  it("will not revoke another user's session (404, the session lives on)", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const bobs = (await call(sessionsRoute, { token: bob.token })).body.sessions as { id: string }[];
    const res = await call(revokeRoute, { method: "DELETE", token: alice.token, params: { id: bobs[0]!.id } });
    expect(res).toMatchObject({ status: 404, body: { message: "Session not found" } });
    expect((await call(profileRoute, { token: bob.token })).status).toBe(200);
    expect(
      (await call(revokeRoute, { method: "DELETE", token: alice.token, params: { id: "not-a-uuid" } })).status,
    ).toBe(404);
  });

  it("revokes all the others at once", async () => {
    const alice = await registerUser();
    const others = [await secondSession(alice), await secondSession(alice)];
    const res = await call(revokeOthersRoute, { token: alice.token, body: {} });
    expect(res.body).toMatchObject({ success: true, sessionsEnded: 2 });
    for (const token of others) expect((await call(profileRoute, { token })).status).toBe(401);
    expect((await call(sessionsRoute, { token: alice.token })).body.sessions).toEqual([
      expect.objectContaining({ current: true }),
    ]);
  });
});

describe("describeDevice", () => {
  it("names browser and system, and copes with nothing", () => {
    expect(
      describeDevice(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari 17 on iOS");
    expect(describeDevice(null)).toBe("Unknown device");
    expect(describeDevice("curl/8.5.0")).not.toBe("");
  });
});
