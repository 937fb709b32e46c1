import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as twoFactorLoginRoute } from "@/app/api/auth/login/2fa/route";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { GET as profileRoute } from "@/app/api/auth/profile/route";
import { POST as disableRoute } from "@/app/api/user/2fa/disable/route";
import { POST as enableRoute } from "@/app/api/user/2fa/enable/route";
import { POST as setupRoute } from "@/app/api/user/2fa/setup/route";
import { POST as withdrawRoute } from "@/app/api/withdrawals/route";
import {
  loginHistory,
  rateLimitHits,
  sessions,
  twoFactor,
  twoFactorChallenges,
  twoFactorRecoveryCodes,
  users,
  withdrawals,
} from "@/db/schema";
import { twoFactorState } from "@/lib/auth/two-factor/enrolment";
import { spendSecondFactor } from "@/lib/auth/two-factor/verify";
import { decryptTotpSecret, encryptTotpSecret } from "@/lib/auth/two-factor/crypto";
import { codeForStep, matchTotp, newTotpSecret, stepAt } from "@/lib/auth/two-factor/totp";
import { withdrawHoldMs } from "@/lib/auth/withdraw-password";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { ADDRESSES, createWallet, readyToWithdraw } from "../support/funding";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { registerUser } from "../support/users";

const db = withTestDatabase();
const STEP_MS = 30_000;

// Only Date is faked: time stands still unless a test moves it, so each code's time step is known.
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
  const admin = (await signInAdmin(db())).token;
  expect((await createWallet(admin, { currency: "USDT", network: "TRC20", address: ADDRESSES.TRC20 })).status).toBe(
    201,
  );
}, 30_000);
afterAll(() => vi.useRealTimers());

/** Moves the clock on by whole time steps, so the app shows a new code. */
const advance = (ms = STEP_MS) => vi.setSystemTime(Date.now() + ms);
/** The code an authenticator app with this secret shows now, computed with otpauth itself. */
const codeNow = (secret: string, offsetMs = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetMs });

type User = Awaited<ReturnType<typeof registerUser>>;

async function enrol(u: User) {
  const setup = await call(setupRoute, { token: u.token, body: { password: u.payload.password } });
  expect(setup.status).toBe(200);
  const secret = setup.body.secret as string;
  const enabled = await call(enableRoute, { token: u.token, body: { code: codeNow(secret) } });
  expect(enabled.status).toBe(200);
  // The code that enabled it is used up: the next one the tests use comes from the next step.
  advance();
  return { secret, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

const password = (u: User, ip = "198.51.100.7") =>
  call(loginRoute, { body: { usernameOrEmail: u.payload.username, password: u.payload.password }, ip });
const second = (challenge: string, code: string, ip = "198.51.100.7") =>
  call(twoFactorLoginRoute, { body: { challenge, code }, ip });
async function challengeFor(u: User, ip?: string): Promise<string> {
  const res = await password(u, ip);
  expect(res.status).toBe(401);
  expect(res.body).toMatchObject({ success: false, twoFactorRequired: true, code: "TWO_FACTOR_REQUIRED" });
  return res.body.challenge as string;
}
const countOf = async (table: typeof sessions | typeof loginHistory | typeof withdrawals, userId: string) =>
  (await db().select({ n: count() }).from(table).where(eq(table.userId, userId)))[0]!.n;
const outcomes = async (userId: string) =>
  (await db().select({ o: loginHistory.outcome }).from(loginHistory).where(eq(loginHistory.userId, userId)))
    .map((r) => r.o)
    .sort();

describe("enrolment", () => {
  it("sets up a secret (kept encrypted), enables it with a code from the app and answers ten recovery codes kept only as hashes", async () => {
    const u = await registerUser();
    const setup = await call(setupRoute, { token: u.token, body: { password: u.payload.password } });
    expect(setup.status).toBe(200);
    const secret = setup.body.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toBe(
      `otpauth://totp/Aurum:${u.payload.username}?issuer=Aurum&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(setup.body.qr).toMatch(/^data:image\/png;base64,/);
    const [row] = await db().select().from(twoFactor).where(eq(twoFactor.userId, u.user.id));
    expect(row!.secretEncrypted).not.toContain(secret);
    expect(row!.enabledAt).toBeNull();
    expect(decryptTotpSecret(row!.secretEncrypted, u.user.id)).toBe(secret);
    // Bound to its user: the same ciphertext on another user's row does not open.
    expect(() => decryptTotpSecret(row!.secretEncrypted, "0190f5c2-0000-7000-8000-000000000000")).toThrow();

    // Not on until a code proves the app has the secret.
    expect((await password(u)).status).toBe(200);
    const wrong = await call(enableRoute, {
      token: u.token,
      body: { code: String((Number(codeNow(secret)) + 1) % 1_000_000).padStart(6, "0") },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: "WRONG_TWO_FACTOR_CODE", errors: { code: ["Not right"] } });
    expect(await twoFactorState(db(), u.user.id)).toMatchObject({ enabled: false });

    const enabled = await call(enableRoute, { token: u.token, body: { code: codeNow(secret) } });
    expect(enabled.status).toBe(200);
    const codes = enabled.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await db().select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, u.user.id));
    expect(stored).toHaveLength(10);
    for (const s of stored) for (const c of codes) expect(s.codeHash).not.toContain(c.replace("-", ""));
    expect(await twoFactorState(db(), u.user.id)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    // On is on: a new setup (which would replace the secret) and a second enable are refused.
    const again = await call(setupRoute, { token: u.token, body: { password: u.payload.password } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "TWO_FACTOR_ON" });
    expect(
      decryptTotpSecret(
        (await db().select().from(twoFactor).where(eq(twoFactor.userId, u.user.id)))[0]!.secretEncrypted,
        u.user.id,
      ),
    ).toBe(secret);
    expect((await call(enableRoute, { token: u.token, body: { code: codeNow(secret, STEP_MS) } })).status).toBe(409);
  });

  it("starts only with the account password, so a session alone cannot tie the account to another phone", async () => {
    const u = await registerUser();
    const refused = await call(setupRoute, { token: u.token, body: { password: "not-my-password" } });
    expect(refused).toMatchObject({ status: 403, body: { code: "WRONG_PASSWORD" } });
    expect((await call(setupRoute, { token: u.token, body: {} })).status).toBe(400);
    expect(await db().select().from(twoFactor).where(eq(twoFactor.userId, u.user.id))).toEqual([]);
  });

  it("a new setup before enabling replaces the waiting secret", async () => {
    const u = await registerUser();
    const first = (await call(setupRoute, { token: u.token, body: { password: u.payload.password } })).body
      .secret as string;
    const replaced = (await call(setupRoute, { token: u.token, body: { password: u.payload.password } })).body
      .secret as string;
    expect(replaced).not.toBe(first);
    expect((await call(enableRoute, { token: u.token, body: { code: codeNow(first) } })).status).toBe(422);
    expect((await call(enableRoute, { token: u.token, body: { code: codeNow(replaced) } })).status).toBe(200);
  });
});

describe("signing in with two-factor on", () => {
  it("the password alone gets a challenge and no session; the code completes the sign-in", async () => {
    const u = await registerUser();
    const { secret } = await enrol(u);
    const sessionsBefore = await countOf(sessions, u.user.id);
    const step1 = await password(u);
    expect(step1.status).toBe(401);
    expect(step1.body).toEqual({
      success: false,
      twoFactorRequired: true,
      challenge: expect.any(String),
      code: "TWO_FACTOR_REQUIRED",
      message: "Enter the 6-digit code from your authenticator app",
    });
    expect(step1.body.token).toBeUndefined();
    expect(step1.headers.get("set-cookie")).toBeNull();
    expect(await countOf(sessions, u.user.id)).toBe(sessionsBefore);
    // Only the challenge's hash is kept.
    const [stored] = await db().select().from(twoFactorChallenges).where(eq(twoFactorChallenges.userId, u.user.id));
    expect(stored!.tokenHash).not.toBe(step1.body.challenge);

    const done = await second(step1.body.challenge as string, codeNow(secret));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      success: true,
      message: "Login successful",
      user: { id: u.user.id, username: u.payload.username },
      token: expect.any(String),
    });
    expect(done.headers.get("set-cookie")).toMatch(/aurum\.session-token=.+HttpOnly/i);
    expect((await call(profileRoute, { token: done.body.token as string })).status).toBe(200);
    expect(await countOf(sessions, u.user.id)).toBe(sessionsBefore + 1);
    expect(await outcomes(u.user.id)).toEqual(["success"]);
  });

  it("refuses a code used once already, and an earlier one after a later was used; the next step's code works", async () => {
    const u = await registerUser();
    const { secret } = await enrol(u);
    const code = codeNow(secret);
    expect((await second(await challengeFor(u), code)).status).toBe(200);
    const replay = await second(await challengeFor(u), code);
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ success: false, code: "WRONG_TWO_FACTOR_CODE" });
    // The code of the step before (still inside the clock-skew window) is older than the one used.
    const challenge = await challengeFor(u);
    expect((await second(challenge, codeNow(secret, -STEP_MS))).status).toBe(401);
    expect((await second(challenge, codeNow(secret, STEP_MS))).status).toBe(200);
    expect(await outcomes(u.user.id)).toEqual(["success", "success", "wrong_code", "wrong_code"]);
  });

  it("takes a recovery code once (in any case, with or without the dash)", async () => {
    const u = await registerUser();
    const { recoveryCodes } = await enrol(u);
    const [first, secondCode] = recoveryCodes;
    expect((await second(await challengeFor(u), ` ${first!.toUpperCase()} `)).status).toBe(200);
    expect((await second(await challengeFor(u), first!)).body).toMatchObject({ code: "WRONG_TWO_FACTOR_CODE" });
    expect((await second(await challengeFor(u), secondCode!.replace("-", ""))).status).toBe(200);
    expect(await twoFactorState(db(), u.user.id)).toMatchObject({ recoveryCodesLeft: 8 });
  });

  it("counts wrong codes toward the sign-in rate limit and records them in the login history", async () => {
    const u = await registerUser();
    const { secret } = await enrol(u);
    const ip = "198.51.100.77";
    // Five wrong codes spend a challenge; the right password then gives a new one and no new guesses.
    for (let round = 0; round < 2; round++) {
      const challenge = await challengeFor(u, ip);
      for (let i = 0; i < 5; i++) expect((await second(challenge, `00000${i}`, ip)).status).toBe(401);
      expect((await second(challenge, codeNow(secret), ip)).body).toMatchObject({ code: "CHALLENGE_EXPIRED" });
    }
    const blocked = await password(u, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: "RATE_LIMITED" });
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    const history = await outcomes(u.user.id);
    expect(history.filter((o) => o === "wrong_code")).toHaveLength(10);
    expect(history).toContain("rate_limited");
  });

  it("a challenge that comes back after the 10th wrong code is blocked even with the right code", async () => {
    const u = await registerUser();
    const { secret } = await enrol(u);
    const ip = "198.51.100.78";
    const a = await challengeFor(u, ip);
    const b = await challengeFor(u, ip);
    for (let i = 0; i < 5; i++) await second(a, `11111${i}`, ip);
    for (let i = 0; i < 5; i++) await second(b, `22222${i}`, ip);
    const c = await challengeFor(u, "198.51.100.79");
    const limited = await second(c, codeNow(secret), ip);
    expect(limited.status).toBe(429);
    // From another address the pair limit is another one: the owner is not locked out.
    expect((await second(c, codeNow(secret), "198.51.100.79")).status).toBe(200);
  });

  it("refuses an expired challenge and a used one", async () => {
    const u = await registerUser();
    const { secret } = await enrol(u);
    const stale = await challengeFor(u);
    advance(5 * 60_000 + 1000);
    expect((await second(stale, codeNow(secret))).body).toMatchObject({ success: false, code: "CHALLENGE_EXPIRED" });
    const fresh = await challengeFor(u);
    expect((await second(fresh, codeNow(secret))).status).toBe(200);
    advance();
    const reused = await second(fresh, codeNow(secret));
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ code: "CHALLENGE_EXPIRED" });
  });

  it("a challenge belongs to the user who gave the password: another user's code does not complete it", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    await enrol(alice);
    const bobs = await enrol(bob);
    const aliceSessions = await countOf(sessions, alice.user.id);
    const bobSessions = await countOf(sessions, bob.user.id);
    const aliceChallenge = await challengeFor(alice);
    const res = await second(aliceChallenge, codeNow(bobs.secret));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: "WRONG_TWO_FACTOR_CODE" });
    expect((await second(aliceChallenge, bobs.recoveryCodes[0]!)).status).toBe(401);
    expect(await countOf(sessions, alice.user.id)).toBe(aliceSessions);
    expect(await countOf(sessions, bob.user.id)).toBe(bobSessions);
    // Bob's code is still his to use: it was not spent on Alice's challenge.
    expect((await second(await challengeFor(bob), codeNow(bobs.secret))).status).toBe(200);
  });

  it("refuses malformed input with a 400 that writes nothing", async () => {
    const u = await registerUser();
    const { secret } = await enrol(u);
    const challenge = await challengeFor(u);
    const snapshot = async () =>
      Promise.all(
        [loginHistory, sessions, rateLimitHits, twoFactorChallenges, twoFactorRecoveryCodes, twoFactor].map(
          async (t) => (await db().select({ n: count() }).from(t))[0]!.n,
        ),
      );
    const before = await snapshot();
    const lastStep = (await db().select().from(twoFactor).where(eq(twoFactor.userId, u.user.id)))[0]!.lastStep;
    for (const body of [
      {},
      { challenge },
      { code: codeNow(secret) },
      { challenge, code: "12345" },
      { challenge, code: "1234567" },
      { challenge, code: "12a456" },
      { challenge, code: "x".repeat(40) },
      { challenge, code: 123456 },
      { challenge: 42, code: codeNow(secret) },
      { challenge: "c".repeat(500), code: codeNow(secret) },
      { challenge, code: codeNow(secret), extra: true },
    ]) {
      const res = await call(twoFactorLoginRoute, { body });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    for (const body of [{}, { code: "12345" }, { code: "abcdef" }, { code: 123456 }, { code: "123456", extra: 1 }]) {
      expect((await call(enableRoute, { token: u.token, body })).status).toBe(400);
      expect((await call(disableRoute, { token: u.token, body })).status).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
    expect((await db().select().from(twoFactor).where(eq(twoFactor.userId, u.user.id)))[0]!.lastStep).toBe(lastStep);
    // The challenge is untouched by all that: it still works.
    expect((await second(challenge, codeNow(secret))).status).toBe(200);
  });
});

describe("turning two-factor off", () => {
  it("takes a code (or a recovery code); a wrong one is a 403 that changes nothing", async () => {
    const u = await registerUser();
    const { secret, recoveryCodes } = await enrol(u);
    expect((await call(disableRoute, { token: u.token, body: {} })).status).toBe(400);
    const wrong = await call(disableRoute, {
      token: u.token,
      body: { code: "000000" === codeNow(secret) ? "000001" : "000000" },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: "WRONG_TWO_FACTOR_CODE" });
    expect((await call(disableRoute, { token: u.token, body: { code: "zzzzz-zzzzz" } })).status).toBe(403);
    expect(await twoFactorState(db(), u.user.id)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    const off = await call(disableRoute, { token: u.token, body: { code: recoveryCodes[3]! } });
    expect(off.status).toBe(200);
    expect(await twoFactorState(db(), u.user.id)).toMatchObject({ enabled: false });
    expect(
      (
        await db()
          .select({ n: count() })
          .from(twoFactorRecoveryCodes)
          .where(eq(twoFactorRecoveryCodes.userId, u.user.id))
      )[0]!.n,
    ).toBe(0);
    expect((await password(u)).status).toBe(200);
    expect((await call(disableRoute, { token: u.token, body: { code: codeNow(secret) } })).status).toBe(409);
  });

  it("with the app's code, and then a new setup is allowed", async () => {
    const u = await registerUser();
    const { secret } = await enrol(u);
    expect((await call(disableRoute, { token: u.token, body: { code: codeNow(secret) } })).status).toBe(200);
    expect((await call(setupRoute, { token: u.token, body: { password: u.payload.password } })).status).toBe(200);
  });

  it("pauses withdrawals as a new password does, in the same transaction; a wrong code pauses nothing", async () => {
    const u = await registerUser();
    await fund(db(), u.user.id, "USDT", 50_000_000n);
    const withdrawPassword = await readyToWithdraw(db(), u.token, u.user.id);
    const { secret } = await enrol(u);
    const holdOf = async () =>
      (
        await db().select({ until: users.withdrawHoldUntil }).from(users).where(eq(users.id, u.user.id))
      )[0]!.until!.getTime();
    const before = await holdOf();
    expect(
      (await call(disableRoute, { token: u.token, body: { code: "000000" === codeNow(secret) ? "000001" : "000000" } }))
        .status,
    ).toBe(403);
    expect(await holdOf()).toBe(before);
    const off = await call(disableRoute, { token: u.token, body: { code: codeNow(secret) } });
    expect(off.status).toBe(200);
    const until = Date.now() + withdrawHoldMs();
    expect(off.body).toMatchObject({
      withdrawalsPausedUntil: new Date(until).toISOString(),
      message: "Two-factor sign-in is off. For your security, withdrawals are paused for 24 hours.",
    });
    expect(await holdOf()).toBe(until);
    const res = await call(withdrawRoute, {
      token: u.token,
      body: { currency: "USDT", network: "TRC20", address: ADDRESSES.TRC20, amount: "20", withdrawPassword },
    });
    expect(res.body).toMatchObject({ code: "WITHDRAWALS_ON_HOLD" });
  });

  it("allows ten wrong codes per 15 minutes, then 429 even for the right one", async () => {
    const u = await registerUser();
    const { secret } = await enrol(u);
    for (let i = 0; i < 10; i++)
      expect((await call(disableRoute, { token: u.token, body: { code: `99999${i}` } })).status).toBe(403);
    expect((await call(disableRoute, { token: u.token, body: { code: codeNow(secret) } })).status).toBe(429);
  });
});

describe("withdrawals with two-factor on", () => {
  it("need twoFactorCode: missing is a 400, wrong or reused a 403, and none of them holds anything", async () => {
    const u = await registerUser();
    await fund(db(), u.user.id, "USDT", 1_000_000_000n);
    const withdrawPassword = await readyToWithdraw(db(), u.token, u.user.id);
    const { secret } = await enrol(u);
    const body = { currency: "USDT", network: "TRC20", address: ADDRESSES.TRC20, amount: "20", withdrawPassword };
    const missing = await call(withdrawRoute, { token: u.token, body });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: "TWO_FACTOR_CODE_REQUIRED",
      errors: { twoFactorCode: [expect.any(String)] },
    });
    const wrong = await call(withdrawRoute, {
      token: u.token,
      body: { ...body, twoFactorCode: "000000" === codeNow(secret) ? "000001" : "000000" },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({
      code: "WRONG_TWO_FACTOR_CODE",
      errors: { twoFactorCode: [expect.any(String)] },
    });
    expect((await call(withdrawRoute, { token: u.token, body: { ...body, twoFactorCode: "12" } })).status).toBe(400);
    expect(await countOf(withdrawals, u.user.id)).toBe(0);

    const code = codeNow(secret);
    const key = "withdraw-2fa-test-1";
    const ok = await call(withdrawRoute, {
      token: u.token,
      body: { ...body, twoFactorCode: code },
      headers: { "idempotency-key": key },
    });
    expect(ok.status).toBe(201);
    // A retry of the same request (same key) replays the answer although its code is used up.
    const retry = await call(withdrawRoute, {
      token: u.token,
      body: { ...body, twoFactorCode: code },
      headers: { "idempotency-key": key },
    });
    expect(retry.status).toBe(201);
    expect(retry.body.withdrawal).toEqual(ok.body.withdrawal);
    // A new withdrawal with the used code is refused.
    const replay = await call(withdrawRoute, {
      token: u.token,
      body: { ...body, twoFactorCode: code },
      headers: { "idempotency-key": "withdraw-2fa-test-2" },
    });
    expect(replay.status).toBe(403);
    expect(await countOf(withdrawals, u.user.id)).toBe(1);
  });

  it("a withdrawal refused for funds gives its code back: the same code then works once, and a replay after that is refused", async () => {
    const u = await registerUser();
    await fund(db(), u.user.id, "USDT", 15_500_001n);
    const withdrawPassword = await readyToWithdraw(db(), u.token, u.user.id);
    const { secret } = await enrol(u);
    const code = codeNow(secret);
    const body = {
      currency: "USDT",
      network: "TRC20",
      address: ADDRESSES.TRC20,
      withdrawPassword,
      twoFactorCode: code,
    };
    const short = await call(withdrawRoute, { token: u.token, body: { ...body, amount: "14.500002" } });
    expect(short.status).toBe(422);
    expect(short.body).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    // Same time step, same code: it was not used up by the refusal (14.500001 + the fee of 1 is all there is).
    const ok = await call(withdrawRoute, { token: u.token, body: { ...body, amount: "14.500001" } });
    expect(ok.status).toBe(201);
    const replay = await call(withdrawRoute, { token: u.token, body: { ...body, amount: "10" } });
    expect(replay.status).toBe(403);
    expect(replay.body).toMatchObject({ code: "WRONG_TWO_FACTOR_CODE" });
    expect(await countOf(withdrawals, u.user.id)).toBe(1);
    // The refusal for funds was no wrong code: only the replay took a hit from the limit.
    const hits = await db()
      .select({ count: rateLimitHits.count })
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, `2fa:user:${u.user.id}`));
    expect(hits.reduce((n, h) => n + h.count, 0)).toBe(1);
  });

  it("without two-factor the field is not needed", async () => {
    const u = await registerUser();
    await fund(db(), u.user.id, "USDT", 1_000_000_000n);
    const withdrawPassword = await readyToWithdraw(db(), u.token, u.user.id);
    const res = await call(withdrawRoute, {
      token: u.token,
      body: { currency: "USDT", network: "TRC20", address: ADDRESSES.TRC20, amount: "20", withdrawPassword },
    });
    expect(res.status).toBe(201);
  });
});

describe("clock skew", () => {
  it("accepts codes of steps -1, 0 and +1 once each in increasing order, and never -2 or +2 (property)", () => {
    const secrets = Array.from({ length: 8 }, () => newTotpSecret());
    fc.assert(
      fc.property(
        fc.constantFrom(...secrets),
        fc.integer({ min: 1_000_000_000_000, max: 4_000_000_000_000 }),
        (secret, now) => {
          const step = stepAt(now);
          const code = (offset: number) => codeForStep(secret, step + offset);
          // A code that happens to equal a neighbour's (1 in a million) proves nothing here.
          const codes = [-2, -1, 0, 1, 2].map(code);
          fc.pre(new Set(codes).size === codes.length);
          expect(matchTotp(secret, code(-2), null, now)).toBeNull();
          expect(matchTotp(secret, code(2), null, now)).toBeNull();
          let last: number | null = null;
          for (const offset of [-1, 0, 1]) {
            const accepted = matchTotp(secret, code(offset), last, now);
            expect(accepted).toBe(step + offset);
            last = accepted;
            // Used: the same code again is refused, and so is every earlier one.
            expect(matchTotp(secret, code(offset), last, now)).toBeNull();
            for (const earlier of [-1, 0, 1].filter((o) => o < offset))
              expect(matchTotp(secret, code(earlier), last, now)).toBeNull();
          }
          expect(matchTotp(secret, code(2), last, now)).toBeNull();
        },
      ),
      { numRuns: 200 },
    );
  });

  it("the stored check takes an injected time: steps -1, 0, +1 in order once each, on the database", async () => {
    const u = await registerUser();
    const { secret } = await enrol(u);
    const now = Date.now() + 10 * STEP_MS;
    const at = (offset: number) => codeForStep(secret, stepAt(now) + offset);
    for (const offset of [-2, 2]) expect(await spendSecondFactor(db(), u.user.id, at(offset), now)).toBeNull();
    for (const offset of [-1, 0, 1]) {
      expect(await spendSecondFactor(db(), u.user.id, at(offset), now)).toBe("totp");
      expect(await spendSecondFactor(db(), u.user.id, at(offset), now)).toBeNull();
    }
  });

  it("an encrypted secret opens only for its own user, and each encryption differs", () => {
    const secret = newTotpSecret();
    const a = encryptTotpSecret(secret, "user-a");
    expect(a).not.toBe(encryptTotpSecret(secret, "user-a"));
    expect(decryptTotpSecret(a, "user-a")).toBe(secret);
    expect(() => decryptTotpSecret(a, "user-b")).toThrow();
  });
});
