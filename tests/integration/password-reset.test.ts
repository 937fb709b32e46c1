import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as outboxRoute } from "@/app/api/admin/outbox/route";
import { POST as forgotRoute } from "@/app/api/auth/forgot-password/route";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { GET as profileRoute } from "@/app/api/auth/profile/route";
import { POST as resetRoute } from "@/app/api/auth/reset-password/route";
import { POST as passwordRoute } from "@/app/api/user/password/route";
import { notifications, outbox, passwordResetTokens, sessions, users } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { FORGOT_PASSWORD_ANSWER } from "@/lib/auth/forgot-password";
import { resetPassword } from "@/lib/auth/reset-password";
import { RESET_TOKEN_TTL_MS } from "@/lib/auth/reset-tokens";
import { mailSettled } from "@/lib/mail/background";
import { queueMail } from "@/lib/mail/outbox";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { startRealtimeServer, type TestRealtimeServer } from "../support/realtime";
import { registeredSocket } from "../support/sockets";
import { registerUser, someIp, uniqueName } from "../support/users";

const db = withTestDatabase();
let realtime: TestRealtimeServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  realtime = await startRealtimeServer();
});
afterEach(async () => {
  sockets.splice(0).forEach((s) => s.disconnect());
  await mailSettled();
  vi.unstubAllEnvs();
});
afterAll(async () => {
  await mailSettled();
  await realtime.close();
});

const LINK = /(https?:\/\/[^\s/]+)\/reset-password\?token=([A-Za-z0-9_-]{43})\b/;

/** Asks for a link as a browser on another network would, and waits for the work done after the answer. */
async function forgot(usernameOrEmail: unknown, options: { ip?: string; headers?: Record<string, string> } = {}) {
  const res = await call(forgotRoute, {
    body: { usernameOrEmail },
    ip: options.ip ?? someIp(),
    headers: options.headers,
  });
  await mailSettled();
  return res;
}

async function mailTo(email: string) {
  return db().select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.createdAt), desc(outbox.id));
}

/** The token of the newest reset link mailed to `email`. */
async function linkTokenFor(email: string): Promise<string> {
  const [latest] = (await mailTo(email)).filter((m) => m.subject.startsWith("Reset your"));
  const token = latest?.text?.match(LINK)?.[2];
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return token;
}

const reset = (body: unknown, ip = someIp()) => call(resetRoute, { body, ip });

/** What a refused reset must leave as it was. */
async function accountState(userId: string) {
  const [user] = await db().select().from(users).where(eq(users.id, userId));
  const [live] = await db()
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  const tokens = await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  const [notes] = await db().select({ n: count() }).from(notifications).where(eq(notifications.userId, userId));
  const [mails] = await db().select({ n: count() }).from(outbox);
  return {
    hash: user!.passwordHash,
    updatedAt: user!.updatedAt,
    hold: user!.withdrawHoldUntil,
    live: live!.n,
    tokens,
    notes: notes!.n,
    mails: mails!.n,
  };
}

const signIn = (usernameOrEmail: string, password: string) =>
  call(loginRoute, { body: { usernameOrEmail, password }, ip: someIp() });

describe("asking for a reset link", () => {
  it("keeps the mail in the outbox without SMTP, with a link to the server's own address, and stores only the token's hash", async () => {
    vi.stubEnv("PORT", "8443");
    const alice = await registerUser();
    const res = await forgot(alice.payload.email.toUpperCase(), { headers: { host: "gold.example.test:8443" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: FORGOT_PASSWORD_ANSWER });

    const [mail, ...more] = await mailTo(alice.payload.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ subject: "Reset your Aurum password", sentAt: null, error: null });
    const [, origin, token] = mail!.text!.match(LINK)!;
    expect(origin).toBe("http://localhost:8443");
    expect(mail!.text).toContain(`Hello ${alice.payload.username},`);

    const [row, ...others] = await db()
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, alice.user.id));
    expect(others).toEqual([]);
    expect(row!.tokenHash).toBe(createHash("sha256").update(token!).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.usedAt).toBeNull();
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(30 * 60_000);
  });

  it("carries the user's anti-phishing code at the top of the mail when they set one", async () => {
    const bob = await registerUser();
    await db().update(users).set({ antiPhishingCode: "gold-fox 42" }).where(eq(users.id, bob.user.id));
    expect((await forgot(bob.payload.username)).status).toBe(200);
    const [mail] = await mailTo(bob.payload.email);
    expect(mail!.text!.startsWith("Your anti-phishing code: gold-fox 42\n")).toBe(true);
  });

  it("never points a link at the Host or X-Forwarded-Host a client sent, even behind a trusted proxy", async () => {
    vi.stubEnv("TRUST_PROXY", "1");
    vi.stubEnv("PORT", "4100");
    const alice = await registerUser();
    await forgot(alice.payload.username, {
      headers: { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    });
    const [mail] = await mailTo(alice.payload.email);
    expect(mail!.text!.match(LINK)![1]).toBe("http://localhost:4100");
  });

  it("points links at SITE_URL when it is set, whatever the Host header says", async () => {
    vi.stubEnv("SITE_URL", "https://gold.example.com");
    const alice = await registerUser();
    await forgot(alice.payload.username, { headers: { host: "evil.example" } });
    const [mail] = await mailTo(alice.payload.email);
    expect(mail!.text!.match(LINK)![1]).toBe("https://gold.example.com");
  });

  it("gives the same answer for known and unknown accounts, in about the same time, and mails only the known ones", async () => {
    const known = await Promise.all([0, 1, 2, 3, 4, 5].map(() => registerUser()));
    const before = (await db().select({ n: count() }).from(outbox))[0]!.n;
    const answers = new Set<string>();
    const timings = { known: [] as number[], unknown: [] as number[] };
    for (const [i, user] of known.entries()) {
      const names = {
        known: i % 2 ? user.payload.username : user.payload.email,
        unknown: i % 2 ? uniqueName("nobody") : `${uniqueName("nobody")}@example.com`,
      };
      // Alternating which goes first, so a warm-up or a slow moment does not favour one side.
      for (const side of (i % 2 ? ["known", "unknown"] : ["unknown", "known"]) as ("known" | "unknown")[]) {
        const started = performance.now();
        const res = await call(forgotRoute, { body: { usernameOrEmail: names[side] }, ip: someIp() });
        timings[side].push(performance.now() - started);
        answers.add(JSON.stringify([res.status, res.body, res.headers.get("content-type")]));
        await mailSettled();
      }
    }
    expect([...answers]).toEqual([
      JSON.stringify([200, { success: true, message: FORGOT_PASSWORD_ANSWER }, "application/json"]),
    ]);
    // The fastest of each side: a busy machine only ever adds time (a median of six still moved by
    // 35 ms when three of one side's calls were delayed), and the work compared is all in the fastest.
    const [k, u] = [Math.min(...timings.known), Math.min(...timings.unknown)];
    // The answer does the same work either way; what differs happens after it.
    expect(Math.abs(k - u), `known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`).toBeLessThan(
      Math.max(25, 0.5 * Math.max(k, u)),
    );
    expect((await db().select({ n: count() }).from(outbox))[0]!.n).toBe(before + known.length);
  });

  it("sends nothing to a disabled account, and says the same", async () => {
    const alice = await registerUser();
    await db().update(users).set({ status: "disabled" }).where(eq(users.id, alice.user.id));
    const res = await forgot(alice.payload.username);
    expect(res.body).toEqual({ success: true, message: FORGOT_PASSWORD_ANSWER });
    expect(await mailTo(alice.payload.email)).toEqual([]);
  });

  it("sends an administrator no link without SMTP (the outbox is read by administrators), and says the same", async () => {
    const admin = await signInAdmin(db());
    const before = await accountState(admin.user.id);
    const res = await forgot(admin.user.username);
    expect(res.body).toEqual({ success: true, message: FORGOT_PASSWORD_ANSWER });
    expect(await accountState(admin.user.id)).toEqual(before);
  });

  it("refuses a malformed request with a 400", async () => {
    for (const body of [
      {},
      { usernameOrEmail: "" },
      { usernameOrEmail: 42 },
      { usernameOrEmail: "x".repeat(300) },
      { usernameOrEmail: "bob", extra: 1 },
    ]) {
      const res = await call(forgotRoute, { body, ip: someIp() });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });

  it("limits requests per name (known or not, alike) and per address", async () => {
    const alice = await registerUser();
    for (const name of [alice.payload.username, uniqueName("nobody")]) {
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await forgot(name.toUpperCase())).status);
      expect(statuses, name).toEqual([200, 200, 200, 200, 200, 429]);
      const refused = await forgot(name);
      expect(refused.body).toMatchObject({ success: false, code: "RATE_LIMITED" });
      expect(refused.body.message).toMatch(/^Too many password reset requests\. Please try again in \d+ minutes?\.$/);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // The limit sent five links, and only the latest works.
    expect((await mailTo(alice.payload.email)).length).toBe(5);
    expect(
      await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, alice.user.id)),
    ).toHaveLength(1);

    const ip = someIp().replace("203.0.113.", "198.51.100.");
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await forgot(uniqueName("spray"), { ip })).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("resetting with the link", () => {
  it("sets the new password once: the link then stops working, and the old password with it", async () => {
    const alice = await registerUser();
    await forgot(alice.payload.username);
    const token = await linkTokenFor(alice.payload.email);

    const done = await reset({ token, newPassword: "a-brand-new-secret" });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      success: true,
      message: "Your password has been reset. Please sign in with your new password.",
    });
    expect((await signIn(alice.payload.username, "a-brand-new-secret")).status).toBe(200);
    expect((await signIn(alice.payload.username, alice.payload.password)).status).toBe(401);

    const state = await accountState(alice.user.id);
    const again = await reset({ token, newPassword: "yet-another-secret" });
    expect(again).toMatchObject({ status: 400, body: { success: false, code: "RESET_TOKEN_INVALID" } });
    expect(await accountState(alice.user.id)).toEqual(state);
    expect((await signIn(alice.payload.username, "a-brand-new-secret")).status).toBe(200);
  });

  it("ends every session of the account and drops its sockets, pauses withdrawals, and tells the user", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const second = (await signIn(alice.payload.email, alice.payload.password)).body.token as string;
    const [socket, bobs] = [
      await registeredSocket(realtime.url, second, alice.user.id),
      await registeredSocket(realtime.url, bob.token, bob.user.id),
    ];
    sockets.push(socket, bobs);
    const dropped = new Promise((resolve) => socket.once("disconnect", resolve));

    await forgot(alice.payload.username);
    const res = await reset({ token: await linkTokenFor(alice.payload.email), newPassword: "a-brand-new-secret" });
    expect(res.status).toBe(200);
    expect(await dropped).toBe("io server disconnect");
    for (const token of [alice.token, second]) expect((await call(profileRoute, { token })).status).toBe(401);
    expect((await call(profileRoute, { token: bob.token })).status).toBe(200);
    expect(bobs.connected).toBe(true);

    const [user] = await db().select().from(users).where(eq(users.id, alice.user.id));
    expect(user!.withdrawHoldUntil!.getTime()).toBeGreaterThan(Date.now() + 23 * 60 * 60_000);
    const notes = await db().select().from(notifications).where(eq(notifications.userId, alice.user.id));
    expect(notes.map((n) => n.title)).toContain("Your password was reset");
    expect(notes.find((n) => n.title === "Your password was reset")!.message).toContain("2 sessions signed out");
    expect((await mailTo(alice.payload.email)).map((m) => m.subject)).toEqual([
      "Aurum: Your password was reset",
      "Reset your Aurum password",
    ]);
  });

  it("refuses an expired link, and a link replaced by a newer one, writing nothing", async () => {
    const alice = await registerUser();
    await forgot(alice.payload.username);
    const first = await linkTokenFor(alice.payload.email);
    await forgot(alice.payload.email);
    const second = await linkTokenFor(alice.payload.email);
    expect(second).not.toBe(first);

    let state = await accountState(alice.user.id);
    expect(await reset({ token: first, newPassword: "a-brand-new-secret" })).toMatchObject({
      status: 400,
      body: { code: "RESET_TOKEN_INVALID" },
    });
    expect(await accountState(alice.user.id)).toEqual(state);

    await db()
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, alice.user.id));
    state = await accountState(alice.user.id);
    expect(await reset({ token: second, newPassword: "a-brand-new-secret" })).toMatchObject({
      status: 400,
      body: { code: "RESET_TOKEN_INVALID" },
    });
    expect(await accountState(alice.user.id)).toEqual(state);
    expect((await signIn(alice.payload.username, alice.payload.password)).status).toBe(200);
  });

  it("dies when the password is changed from a signed-in session", async () => {
    const bob = await registerUser();
    await forgot(bob.payload.username);
    const token = await linkTokenFor(bob.payload.email);
    const changed = await call(passwordRoute, {
      token: bob.token,
      body: { currentPassword: bob.payload.password, newPassword: "changed-by-bob-1" },
    });
    expect(changed.status).toBe(200);
    expect(await reset({ token, newPassword: "a-brand-new-secret" })).toMatchObject({
      status: 400,
      body: { code: "RESET_TOKEN_INVALID" },
    });
    expect((await signIn(bob.payload.username, "changed-by-bob-1")).status).toBe(200);
  });

  it("lets a link work for 30 minutes and not after (clock injected)", async () => {
    const alice = await registerUser();
    await forgot(alice.payload.username);
    const token = await linkTokenFor(alice.payload.email);
    const [row] = await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, alice.user.id));
    const later = (ms: number) => new Date(row!.createdAt.getTime() + ms);

    await expect(
      resetPassword(db(), { token, newPassword: "a-brand-new-secret" }, { ip: "192.0.2.1" }, later(RESET_TOKEN_TTL_MS)),
    ).rejects.toMatchObject({ status: 400, code: "RESET_TOKEN_INVALID" });
    await expect(
      resetPassword(
        db(),
        { token, newPassword: "a-brand-new-secret" },
        { ip: "192.0.2.1" },
        later(RESET_TOKEN_TTL_MS - 1000),
      ),
    ).resolves.toMatchObject({ sessionsEnded: 1 });
  });

  it("answers bad tokens and bad passwords with a 4xx, writing nothing and keeping the link usable", async () => {
    const alice = await registerUser();
    await forgot(alice.payload.username);
    const token = await linkTokenFor(alice.payload.email);
    const state = await accountState(alice.user.id);
    const cases: [unknown, string][] = [
      [{ newPassword: "a-brand-new-secret" }, "VALIDATION_FAILED"],
      [{ token: "", newPassword: "a-brand-new-secret" }, "VALIDATION_FAILED"],
      [{ token: "x".repeat(500), newPassword: "a-brand-new-secret" }, "VALIDATION_FAILED"],
      [{ token: token.slice(0, -1), newPassword: "a-brand-new-secret" }, "RESET_TOKEN_INVALID"],
      [{ token: token.toUpperCase(), newPassword: "a-brand-new-secret" }, "RESET_TOKEN_INVALID"],
      [{ token: "' OR 1=1 --", newPassword: "a-brand-new-secret" }, "RESET_TOKEN_INVALID"],
      [{ token }, "VALIDATION_FAILED"],
      [{ token, newPassword: "12345" }, "VALIDATION_FAILED"],
      [{ token, newPassword: "x".repeat(129) }, "VALIDATION_FAILED"],
      [{ token, newPassword: 123456 }, "VALIDATION_FAILED"],
      [{ token, newPassword: "a-brand-new-secret", userId: alice.user.id }, "VALIDATION_FAILED"],
    ];
    for (const [body, code] of cases) {
      const res = await reset(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ success: false, code });
    }
    expect((await reset({ token, newPassword: "12345" })).body.message).toBe(
      "Password should be at least 6 characters long",
    );
    expect(await accountState(alice.user.id)).toEqual(state);
    expect((await reset({ token, newPassword: "a-brand-new-secret" })).status).toBe(200);
  });

  it("gives a link to exactly one of two requests racing with it", async () => {
    const alice = await registerUser();
    await forgot(alice.payload.username);
    const token = await linkTokenFor(alice.payload.email);
    const results = await Promise.all(
      ["first-new-secret", "second-new-secret"].map((newPassword) => reset({ token, newPassword })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results[0]!.status === 200 ? "first-new-secret" : "second-new-secret";
    expect((await signIn(alice.payload.username, winner)).status).toBe(200);
  });
});

describe("the outbox for administrators", () => {
  it("lists mail newest first, paginated, to administrators only", async () => {
    const admin = await signInAdmin(db());
    const alice = await registerUser();
    await forgot(alice.payload.username);
    await forgot(alice.payload.email);

    const listed = await call(outboxRoute, { token: admin.token, path: "/api/admin/outbox?page=1&pageSize=1" });
    expect(listed.status).toBe(200);
    const [newest, ...rest] = listed.body.messages as {
      to: string;
      subject: string;
      text: string;
      createdAt: string;
      sentAt: string | null;
    }[];
    expect(rest).toEqual([]);
    expect(newest).toMatchObject({ to: alice.payload.email, subject: "Reset your Aurum password", sentAt: null });
    expect(newest!.text).toContain(`token=${await linkTokenFor(alice.payload.email)}`);
    expect(listed.body).toMatchObject({ page: 1, pageSize: 1 });
    expect(listed.body.total).toBeGreaterThanOrEqual(2);
    const secondPage = await call(outboxRoute, { token: admin.token, path: "/api/admin/outbox?page=2&pageSize=1" });
    expect((secondPage.body.messages as { createdAt: string }[])[0]!.createdAt <= newest!.createdAt).toBe(true);

    expect(await call(outboxRoute, { token: alice.token })).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
    expect((await call(outboxRoute, { token: admin.token, path: "/api/admin/outbox?pageSize=1000" })).status).toBe(400);
  });

  it("never lists mail addressed to an administrator, in any case of the address, nor counts it", async () => {
    const [reader, other] = [await signInAdmin(db()), await signInAdmin(db())];
    const alice = await registerUser();
    const listed = async () => {
      const { body } = await call(outboxRoute, { token: reader.token, path: "/api/admin/outbox?pageSize=100" });
      return { messages: body.messages as { to: string }[], total: body.total as number };
    };
    const before = await listed();
    await runTransaction(db(), async (tx) => {
      await queueMail(tx, {
        to: other.user.email.toUpperCase(),
        subject: "Reset your Aurum password",
        text: "a link for the other administrator",
      });
      await queueMail(tx, { to: reader.user.email, subject: "A notice", text: "for the reader themself" });
      await queueMail(tx, { to: alice.payload.email, subject: "For a user", text: "shown" });
    });
    const after = await listed();
    expect(after.total).toBe(before.total + 1);
    expect(after.messages.map((m) => m.to)).toContain(alice.payload.email);
    expect(after.messages.map((m) => m.to.toLowerCase())).not.toContain(other.user.email.toLowerCase());
    expect(after.messages.map((m) => m.to)).not.toContain(reader.user.email);
  });
});

describe("delivery by SMTP", () => {
  /** A real SMTP server on 127.0.0.1 that keeps what it receives. */
  async function smtpServer() {
    const received: { from: string; to: string[]; raw: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.server.address() as AddressInfo).port;
    return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  /** A message body as sent (quoted-printable undone: long lines and "=" are encoded). */
  const decoded = (raw: string) =>
    raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

  it("sends the link to the account's address through SMTP_URL, and the link works", async () => {
    const smtp = await smtpServer();
    try {
      vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${smtp.port}`);
      vi.stubEnv("MAIL_FROM", "Aurum Test <no-reply@aurum.test>");
      const alice = await registerUser();
      const res = await forgot(alice.payload.username);
      expect(res.body).toEqual({ success: true, message: FORGOT_PASSWORD_ANSWER });

      expect(smtp.received).toHaveLength(1);
      const [message] = smtp.received;
      expect(message!.from).toBe("no-reply@aurum.test");
      expect(message!.to).toEqual([alice.payload.email]);
      const text = decoded(message!.raw);
      expect(text).toMatch(/^Subject: Reset your Aurum password\r?$/m);
      expect(text).toMatch(/^From: Aurum Test <no-reply@aurum\.test>\r?$/m);
      const token = text.match(LINK)![2]!;

      // Delivered: marked sent, its body (the link) no longer kept.
      const [row] = await mailTo(alice.payload.email);
      expect(row).toMatchObject({ text: null, error: null });
      expect(row!.sentAt).toBeInstanceOf(Date);

      expect((await reset({ token, newPassword: "a-brand-new-secret" })).status).toBe(200);
      await mailSettled();
      expect(smtp.received).toHaveLength(2);
      expect(decoded(smtp.received[1]!.raw)).toMatch(/^Subject: Aurum: Your password was reset\r?$/m);
      expect((await signIn(alice.payload.username, "a-brand-new-secret")).status).toBe(200);
    } finally {
      await smtp.close();
    }
  });

  it("mails an administrator's link only through SMTP", async () => {
    const smtp = await smtpServer();
    try {
      vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${smtp.port}`);
      const admin = await signInAdmin(db());
      expect((await forgot(admin.user.email)).body).toEqual({ success: true, message: FORGOT_PASSWORD_ANSWER });
      expect(smtp.received.map((m) => m.to)).toEqual([[admin.user.email]]);
      expect(decoded(smtp.received[0]!.raw)).toMatch(LINK);
    } finally {
      await smtp.close();
    }
  });

  it("records a failed delivery on the message and keeps it, with the same answer to the caller", async () => {
    const smtp = await smtpServer();
    await smtp.close(); // A port where nothing listens any more.
    vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${smtp.port}`);
    const alice = await registerUser();
    const res = await forgot(alice.payload.username);
    expect(res.body).toEqual({ success: true, message: FORGOT_PASSWORD_ANSWER });
    const [row] = await mailTo(alice.payload.email);
    expect(row!.sentAt).toBeNull();
    expect(row!.error).toMatch(/ECONNREFUSED|connect/i);
    expect(row!.text).toMatch(LINK);
  });
});
