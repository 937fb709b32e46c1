import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { SMTPServer } from "smtp-server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as approveDepositRoute } from "@/app/api/admin/deposits/[id]/approve/route";
import { POST as rejectDepositRoute } from "@/app/api/admin/deposits/[id]/reject/route";
import { DELETE as withdrawSetupRoute, PUT as changeSetupRoute } from "@/app/api/admin/trade-setups/[id]/route";
import { PUT as manageBalanceRoute } from "@/app/api/admin/users/[id]/manage-balance/route";
import { PUT as resetPasswordRoute } from "@/app/api/admin/users/[id]/reset-password/route";
import { PUT as resetWithdrawPasswordRoute } from "@/app/api/admin/users/[id]/reset-withdraw-password/route";
import { PUT as roleRoute } from "@/app/api/admin/users/[id]/role/route";
import { PUT as statusRoute } from "@/app/api/admin/users/[id]/status/route";
import {
  DELETE as resetTradeConfigRoute,
  PUT as tradeConfigRoute,
} from "@/app/api/admin/users/[id]/trade-config/route";
import { POST as proposeSetupRoute } from "@/app/api/admin/users/[id]/trade-setups/route";
import { POST as rejectWithdrawalRoute } from "@/app/api/admin/withdrawals/[id]/reject/route";
import { POST as sendWithdrawalRoute } from "@/app/api/admin/withdrawals/[id]/send/route";
import { POST as forgotRoute } from "@/app/api/auth/forgot-password/route";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { POST as resetByLinkRoute } from "@/app/api/auth/reset-password/route";
import { GET as notificationsRoute } from "@/app/api/notifications/route";
import { POST as createApiKeyRoute } from "@/app/api/user/api-keys/route";
import { DELETE as revokeApiKeyRoute } from "@/app/api/user/api-keys/[id]/route";
import { POST as disableTwoFactorRoute } from "@/app/api/user/2fa/disable/route";
import { POST as enableTwoFactorRoute } from "@/app/api/user/2fa/enable/route";
import { POST as setupTwoFactorRoute } from "@/app/api/user/2fa/setup/route";
import { GET as activityRoute } from "@/app/api/user/activity/route";
import { PUT as antiPhishingRoute } from "@/app/api/user/anti-phishing/route";
import { POST as freezeRoute } from "@/app/api/user/freeze/route";
import { PUT as infoRoute } from "@/app/api/user/info/route";
import { GET as getMailPreferenceRoute, PUT as mailPreferenceRoute } from "@/app/api/user/mail-preference/route";
import { POST as changePasswordRoute } from "@/app/api/user/password/route";
import { DELETE as revokeSessionRoute } from "@/app/api/user/sessions/[id]/route";
import { POST as revokeOthersRoute } from "@/app/api/user/sessions/revoke-others/route";
import { POST as withdrawRoute } from "@/app/api/withdrawals/route";
import { accountEvents, notifications, outbox, sessions } from "@/db/schema";
import { getMailPreference, setMailPreference } from "@/lib/activity/mail-preference";
import { ACTIVITY, ACTIVITY_KINDS, type ActivityKind } from "@/lib/activity/catalogue";
import { recordActivity } from "@/lib/activity/record";
import { mailSettled } from "@/lib/mail/background";
import { deliverQueued } from "@/lib/mail/outbox";
import { approvedBySecondAdmin, signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { ADDRESSES, createWallet, readyToWithdraw, submitDeposit, txHash } from "../support/funding";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { acceptSetup } from "../support/strategies";
import { registerUser, someIp } from "../support/users";

const db = withTestDatabase();
let admin: Awaited<ReturnType<typeof signInAdmin>>;

beforeAll(async () => {
  admin = await signInAdmin(db());
  expect((await createWallet(admin.token)).status).toBe(201);
});

afterEach(() => vi.unstubAllEnvs());

type Shown = {
  id: string;
  kind: ActivityKind;
  by: string;
  title: string;
  text: string;
  reason: string | null;
  at: string;
};

const CHROME_131 =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const CHROME_132 = CHROME_131.replace("Chrome/131", "Chrome/132");
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

async function activityOf(token: string, query = "pageSize=100"): Promise<Shown[]> {
  const res = await call(activityRoute, { token, path: `/api/user/activity?${query}` });
  expect(res.status).toBe(200);
  return res.body.activity as Shown[];
}

async function noticesOf(token: string) {
  const res = await call(notificationsRoute, { token, path: "/api/notifications?pageSize=100" });
  return res.body.notifications as { title: string; message: string }[];
}

const mailsTo = (email: string) =>
  db().select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.createdAt), desc(outbox.id));

const kindsIn = (shown: Shown[]) => shown.map((e) => e.kind);

// The users whose events came from real actions (not written straight through recordActivity).
const actedOn: string[] = [];

/** What each admin action below must show: its kind, and the reason when the action takes one. */
const ADMIN_ACTIONS: { kind: ActivityKind; reason?: string }[] = [
  { kind: "balance.credited", reason: "Goodwill for the outage on 3 May" },
  { kind: "balance.debited", reason: "Reversal of a duplicate credit" },
  { kind: "trade_config.changed" },
  { kind: "trade_config.reset" },
  { kind: "trade_setup.proposed" },
  { kind: "trade_setup.changed" },
  { kind: "trade_setup.withdrawn" },
  { kind: "trade_setup.paused" },
  { kind: "password.reset" },
  { kind: "withdraw_password.reset" },
  { kind: "account.disabled" },
  { kind: "account.enabled" },
  { kind: "account.unfrozen" },
  { kind: "role.granted" },
  { kind: "role.removed" },
  { kind: "deposit.credited" },
  { kind: "deposit.corrected", reason: "248.5 arrived on chain" },
  { kind: "deposit.rejected", reason: "No such transfer on chain" },
  { kind: "withdrawal.sent" },
  { kind: "withdrawal.rejected", reason: "Address on a sanctions list" },
];

const reasonFor = (kind: ActivityKind) => ADMIN_ACTIONS.find((a) => a.kind === kind)!.reason!;

describe("every admin action on a user", () => {
  it("shows in their activity and as a notification, as Aurum support with the reason, never the administrator", async () => {
    const u = await registerUser();
    actedOn.push(u.user.id);
    const params = { id: u.user.id };
    const as = { token: admin.token, params };
    const credit = await call(manageBalanceRoute, {
      ...as,
      method: "PUT",
      body: { amount: "900", operation: "credit", reason: reasonFor("balance.credited") },
      headers: { "Idempotency-Key": `credit-${u.user.id}` },
    });
    expect((await approvedBySecondAdmin(db(), credit)).status).toBe(200);
    const debit = await call(manageBalanceRoute, {
      ...as,
      method: "PUT",
      body: { amount: "0.000001", operation: "debit", reason: reasonFor("balance.debited") },
      headers: { "Idempotency-Key": `debit-${u.user.id}` },
    });
    expect((await approvedBySecondAdmin(db(), debit)).status).toBe(200);

    expect(
      (
        await approvedBySecondAdmin(
          db(),
          await call(tradeConfigRoute, { ...as, method: "PUT", body: { feeBps: 15, dailyLimit: "25000" } }),
        )
      ).status,
    ).toBe(200);
    expect(
      (await approvedBySecondAdmin(db(), await call(resetTradeConfigRoute, { ...as, method: "DELETE" }))).status,
    ).toBe(200);

    await setPrice(db(), "2650");
    const proposed = await call(proposeSetupRoute, {
      ...as,
      body: { type: "recurring", amount: "100", period: "daily", maxRounds: 2 },
    });
    const setupId = (proposed.body.strategy as { id: string }).id;
    expect(
      (
        await call(changeSetupRoute, {
          token: admin.token,
          method: "PUT",
          params: { id: setupId },
          body: { type: "recurring", amount: "150", period: "weekly", maxRounds: 2 },
        })
      ).status,
    ).toBe(200);
    expect((await acceptSetup(u.token, setupId, { acceptRisk: true })).status).toBe(200);
    expect(
      (
        await call(changeSetupRoute, {
          token: admin.token,
          method: "PUT",
          params: { id: setupId },
          body: { status: "paused" },
        })
      ).status,
    ).toBe(200);
    const second = await call(proposeSetupRoute, { ...as, body: { type: "recurring", amount: "10", period: "daily" } });
    expect(
      (
        await call(withdrawSetupRoute, {
          token: admin.token,
          method: "DELETE",
          params: { id: (second.body.strategy as { id: string }).id },
        })
      ).status,
    ).toBe(200);

    // Deposits and a withdrawal while the account still has its own password and sessions (with the credit above, the
    // administrator's 24-hour total for this user reaches the threshold: each waits for a second administrator).
    const deposits = [];
    for (let i = 0; i < 3; i++) {
      const d = await submitDeposit(u.token, {
        currency: "USDT",
        network: "TRC20",
        amount: "250",
        txHash: txHash("TRC20"),
      });
      expect(d.status).toBe(201);
      deposits.push((d.body.deposit as { id: string }).id);
    }
    expect(
      (
        await approvedBySecondAdmin(
          db(),
          await call(approveDepositRoute, { token: admin.token, params: { id: deposits[0]! }, body: {} }),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await approvedBySecondAdmin(
          db(),
          await call(approveDepositRoute, {
            token: admin.token,
            params: { id: deposits[1]! },
            body: { amount: "248.5", reason: reasonFor("deposit.corrected") },
          }),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await call(rejectDepositRoute, {
          token: admin.token,
          params: { id: deposits[2]! },
          body: { reason: reasonFor("deposit.rejected") },
        })
      ).status,
    ).toBe(200);
    const withdrawPassword = await readyToWithdraw(db(), u.token, u.user.id);
    const withdraw = () =>
      call(withdrawRoute, {
        token: u.token,
        body: { currency: "USDT", network: "TRC20", address: ADDRESSES.TRC20, amount: "20", withdrawPassword },
      });
    const toSend = (await withdraw()).body.withdrawal as { id: string };
    const toReject = (await withdraw()).body.withdrawal as { id: string };
    expect(
      (
        await approvedBySecondAdmin(
          db(),
          await call(sendWithdrawalRoute, {
            token: admin.token,
            params: { id: toSend.id },
            body: { txHash: txHash("TRC20") },
          }),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await call(rejectWithdrawalRoute, {
          token: admin.token,
          params: { id: toReject.id },
          body: { reason: reasonFor("withdrawal.rejected") },
        })
      ).status,
    ).toBe(200);

    // The password reset ends every session: read the rest with a fresh one.
    expect(
      (await call(resetWithdrawPasswordRoute, { ...as, method: "PUT", body: { newWithdrawPassword: "new-vault-key" } }))
        .status,
    ).toBe(200);
    expect(
      (await call(resetPasswordRoute, { ...as, method: "PUT", body: { newPassword: "set-by-support" } })).status,
    ).toBe(200);
    const signIn = async () =>
      (
        await call(loginRoute, {
          body: { usernameOrEmail: u.payload.username, password: "set-by-support" },
          ip: someIp(),
        })
      ).body.token as string;
    const setStatus = async (status: string) =>
      expect((await call(statusRoute, { ...as, method: "PUT", body: { status } })).status).toBe(200);
    await setStatus("disabled");
    await setStatus("active");
    const token = await signIn();
    expect((await call(freezeRoute, { token, body: { password: "set-by-support" } })).status).toBe(200);
    await setStatus("active");
    for (const role of ["admin", "user"])
      expect(
        (await approvedBySecondAdmin(db(), await call(roleRoute, { ...as, method: "PUT", body: { role } }))).status,
      ).toBe(200);
    const reader = await signIn();

    const shown = (await activityOf(reader)).filter((e) => ACTIVITY[e.kind].by === "support");
    expect(new Set(kindsIn(shown))).toEqual(new Set(ADMIN_ACTIONS.map((a) => a.kind)));
    const notices = await noticesOf(reader);
    for (const action of ADMIN_ACTIONS) {
      const event = shown.find((e) => e.kind === action.kind)!;
      expect(event, action.kind).toMatchObject({
        by: "Aurum support",
        title: ACTIVITY[action.kind].title,
        reason: action.reason ?? null,
      });
      expect(Date.now() - Date.parse(event.at)).toBeLessThan(5 * 60_000);
      const told = notices.filter((n) => n.title === event.title && n.message.startsWith(event.text));
      expect(told, action.kind).toHaveLength(1);
      if (action.reason) expect(told[0]!.message).toBe(`${event.text} Reason: ${action.reason}`);
    }
    expect(shown.find((e) => e.kind === "balance.credited")!.text).toBe(
      "Aurum support credited 900.00 USDT to your available balance.",
    );
    expect(shown.find((e) => e.kind === "deposit.corrected")!.text).toBe(
      "Aurum support credited your deposit on TRC20 as 248.50 USDT, not the 250.00 USDT you entered.",
    );
    expect(shown.find((e) => e.kind === "trade_config.changed")!.text).toContain(
      "fee site default → 0.15\u00a0%, daily limit site default → 25,000.00 USDT",
    );
    const everything = JSON.stringify([shown, notices]);
    expect(everything).not.toContain(admin.user.username);
    expect(everything).not.toContain(admin.user.id);
    // Support can still tell which administrator it was.
    const rows = await db()
      .select()
      .from(accountEvents)
      .where(and(eq(accountEvents.userId, u.user.id), eq(accountEvents.kind, "balance.credited")));
    expect(rows.map((r) => [r.actor, r.actorId])).toEqual([["support", admin.user.id]]);
  });
});

describe("the user's own security events", () => {
  it("show in the same list as the user's own doing", async () => {
    // An account's very first sign-in (here an administrator made without one) is no news.
    const fresh = await signInAdmin(db());
    expect(await db().select().from(accountEvents).where(eq(accountEvents.userId, fresh.user.id))).toEqual([]);
    const u = await registerUser();
    actedOn.push(u.user.id);
    const signIn = (userAgent: string, password = u.payload.password) =>
      call(loginRoute, {
        body: { usernameOrEmail: u.payload.username, password },
        headers: { "user-agent": userAgent },
        ip: someIp(),
      });
    // Registration opened the account's first session without a user agent.
    const chrome = (await signIn(CHROME_131)).body.token as string;
    expect(kindsIn(await activityOf(chrome))).toEqual(["device.new"]);
    await signIn(CHROME_132); // the same browser, updated: no news
    await signIn(FIREFOX);
    const devices = (await activityOf(chrome)).filter((e) => e.kind === "device.new");
    expect(devices.map((e) => e.text)).toEqual([
      expect.stringContaining("Firefox 133 on Linux"),
      expect.stringContaining("Chrome 131 on macOS"),
    ]);

    expect(
      (await call(antiPhishingRoute, { token: chrome, method: "PUT", body: { code: "Gold Key-42" } })).status,
    ).toBe(200);
    expect((await call(antiPhishingRoute, { token: chrome, method: "PUT", body: { code: null } })).status).toBe(200);
    const setup = await call(setupTwoFactorRoute, { token: chrome, body: { password: u.payload.password } });
    const enabled = await call(enableTwoFactorRoute, {
      token: chrome,
      body: { code: TOTP.generate({ secret: Secret.fromBase32(setup.body.secret as string) }) },
    });
    expect(enabled.status).toBe(200);
    // The next step's code (the app's current one was spent turning two-factor on).
    const keyCode = TOTP.generate({
      secret: Secret.fromBase32(setup.body.secret as string),
      timestamp: Date.now() + 30_000,
    });
    const made = await call(createApiKeyRoute, {
      token: chrome,
      body: { name: "Grid bot", scopes: ["read"], code: keyCode },
    });
    expect(made.status).toBe(201);
    expect(
      (
        await call(revokeApiKeyRoute, {
          token: chrome,
          method: "DELETE",
          params: { id: (made.body.key as { id: string }).id },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(disableTwoFactorRoute, {
          token: chrome,
          body: { code: (enabled.body.recoveryCodes as string[])[0] },
        })
      ).status,
    ).toBe(200);
    expect(await readyToWithdraw(db(), chrome, u.user.id)).toBeTruthy();
    await fund(db(), u.user.id, "USDT", units("100"));
    expect(
      (
        await call(withdrawRoute, {
          token: chrome,
          body: {
            currency: "USDT",
            network: "TRC20",
            address: ADDRESSES.TRC20,
            amount: "20",
            withdrawPassword: "vault-key-1",
          },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call(infoRoute, {
          token: chrome,
          method: "PUT",
          body: {
            email: `new-${u.payload.email}`,
            country: "DE",
            phoneCode: "+49",
            phoneNumber: "15123456789",
            currentPassword: u.payload.password,
          },
        })
      ).status,
    ).toBe(200);
    const [firefoxSession] = await db()
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, u.user.id), eq(sessions.userAgent, FIREFOX)));
    expect(
      (await call(revokeSessionRoute, { token: chrome, method: "DELETE", params: { id: firefoxSession!.id } })).status,
    ).toBe(200);
    expect((await call(revokeOthersRoute, { token: chrome, body: {} })).status).toBe(200);
    expect(
      (
        await call(changePasswordRoute, {
          token: chrome,
          body: { currentPassword: u.payload.password, newPassword: "second-password" },
        })
      ).status,
    ).toBe(200);

    expect((await call(forgotRoute, { body: { usernameOrEmail: u.payload.username }, ip: someIp() })).status).toBe(200);
    await mailSettled();
    const [link] = (await mailsTo(`new-${u.payload.email}`)).filter((m) => m.subject.startsWith("Reset your"));
    const resetToken = link!.text!.match(/token=([A-Za-z0-9_-]+)/)![1];
    expect(
      (await call(resetByLinkRoute, { body: { token: resetToken, newPassword: "third-password" }, ip: someIp() }))
        .status,
    ).toBe(200);
    const reader = (await signIn(CHROME_131, "third-password")).body.token as string;
    expect((await call(freezeRoute, { token: reader, body: { password: "third-password" } })).status).toBe(200);

    const [frozen] = await db()
      .select()
      .from(accountEvents)
      .where(and(eq(accountEvents.userId, u.user.id), eq(accountEvents.kind, "account.frozen")));
    expect(frozen).toMatchObject({ actor: "you", actorId: null });
    const all = await db()
      .select()
      .from(accountEvents)
      .where(eq(accountEvents.userId, u.user.id))
      .orderBy(accountEvents.createdAt, accountEvents.id);
    expect(all.map((e) => e.kind)).toEqual([
      "device.new",
      "device.new",
      "anti_phishing.set",
      "anti_phishing.removed",
      "two_factor.on",
      "api_key.created",
      "api_key.revoked",
      "two_factor.off",
      "withdraw_password.set",
      "withdrawal.requested",
      "email.changed",
      "sessions.revoked",
      "sessions.revoked",
      "password.changed",
      "password.reset_by_link",
      "account.frozen",
    ]);
    // One named session (Firefox), then the two others left: the sign-up's and the updated Chrome's.
    expect(all.filter((e) => e.kind === "sessions.revoked").map((e) => e.facts)).toEqual([{ count: 1 }, { count: 2 }]);
  });
});

describe("mail", () => {
  it("carries the anti-phishing code for every mailing kind; switching optional mail off stops those and never the security ones", async () => {
    const mailing = ACTIVITY_KINDS.filter((k) => ACTIVITY[k].mail !== "none");
    const silent = ACTIVITY_KINDS.filter((k) => ACTIVITY[k].mail === "none");
    for (const optionalMail of [true, false]) {
      const u = await registerUser();
      expect(
        (await call(antiPhishingRoute, { token: u.token, method: "PUT", body: { code: "Blue Heron 7" } })).status,
      ).toBe(200);
      expect(
        (await call(mailPreferenceRoute, { token: u.token, method: "PUT", body: { optionalMail } })).body,
      ).toMatchObject({ success: true, optionalMail });
      for (const kind of ACTIVITY_KINDS)
        await recordActivity(db(), { userId: u.user.id, kind, facts: sampleFacts, reason: "a reason" });
      const mails = await mailsTo(u.payload.email);
      const expected = mailing.filter((k) => optionalMail || ACTIVITY[k].mail === "security");
      expect(mails.map((m) => m.subject).sort()).toEqual(expected.map((k) => `Aurum: ${ACTIVITY[k].title}`).sort());
      for (const m of mails) {
        expect(m.text!.startsWith("Your anti-phishing code: Blue Heron 7\n\n")).toBe(true);
        expect(m.text).toContain(`Hello ${u.payload.username},`);
        expect(m.text).toContain("Reason: a reason");
        // Read in any time zone: no ISO timestamp, and a moment only with its zone named.
        expect(m.text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
        expect(m.text).toMatch(/When: \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC/);
      }
      expect(silent.length).toBeGreaterThan(0);
      expect(ACTIVITY_KINDS.filter((k) => ACTIVITY[k].mail === "optional").length).toBeGreaterThan(0);
    }
  });

  it("sends an admin balance credit's mail through SMTP once, with the code and the reason, whoever delivers first", async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, done) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          received.push(Buffer.concat(chunks).toString("utf8"));
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`);
      const u = await registerUser();
      await call(antiPhishingRoute, { token: u.token, method: "PUT", body: { code: "Red Kite 9" } });
      const credit = await call(manageBalanceRoute, {
        token: admin.token,
        method: "PUT",
        params: { id: u.user.id },
        body: { amount: "12.5", operation: "credit", reason: "Refund of a double fee" },
        headers: { "Idempotency-Key": `smtp-${u.user.id}` },
      });
      expect((await approvedBySecondAdmin(db(), credit)).status).toBe(200);
      // The job and a second sender at once: each message leaves once.
      await Promise.all([deliverQueued(db()), deliverQueued(db())]);
      while ((await deliverQueued(db())) > 0);
      const mine = received.filter((m) => m.includes(u.payload.email));
      expect(mine).toHaveLength(1);
      const flat = mine[0]!.replace(/=\r?\n/g, "");
      expect(flat).toContain("Your anti-phishing code: Red Kite 9");
      expect(flat).toContain(
        "Aurum support credited 12.50 USDT to your available balance. Reason: Refund of a double fee",
      );
      const [mail] = await mailsTo(u.payload.email);
      expect(mail).toMatchObject({ text: null, error: null });
      expect(mail!.sentAt).not.toBeNull();

      // A message another sender claimed a minute ago is theirs; one claimed 6 minutes ago was dropped by a sender that died.
      const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
      const claimed = (to: string, m: number) =>
        db()
          .insert(outbox)
          .values({ id: randomUUID(), to, subject: "Claimed", text: "body", claimedAt: minutesAgo(m) });
      await claimed("busy@example.com", 1);
      await claimed("abandoned@example.com", 6);
      while ((await deliverQueued(db())) > 0);
      expect(received.filter((m) => m.includes("busy@example.com"))).toHaveLength(0);
      expect(received.filter((m) => m.includes("abandoned@example.com"))).toHaveLength(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

const sampleFacts = {
  amount: "1.000000",
  claimed: "2.000000",
  fee: "0.100000",
  asset: "USDT",
  network: "TRC20",
  address: ADDRESSES.TRC20,
  txHash: "ab".repeat(32),
  changes: "fee 0.2 % → 0.1 %",
  name: "Recurring buy",
  before: "Grid",
  sessionsEnded: 1,
  pausedUntil: "2026-11-26T08:00:00.000Z",
  changed: false,
  device: "Chrome 131 on macOS",
  ip: "203.0.113.9",
  scopes: "read and trade",
  count: 2,
  email: "x@example.com",
  frozenAt: "2026-11-25T08:00:00.000Z",
  minimum: "10.000000",
  confirmations: 12,
} as never;

describe("the sentences", () => {
  it("say how long a pause lasts from the event on, not until an ISO time, and spell amounts and assets as screens do", async () => {
    const u = await registerUser();
    const at = new Date(Date.UTC(2026, 10, 25, 8, 0));
    const hours = (h: number) => new Date(at.getTime() + h * 3_600_000).toISOString();
    await recordActivity(
      db(),
      { userId: u.user.id, kind: "password.changed", facts: { sessionsEnded: 2, pausedUntil: hours(24) } },
      at,
    );
    await recordActivity(
      db(),
      { userId: u.user.id, kind: "withdraw_password.set", facts: { changed: true, pausedUntil: hours(30.5) } },
      at,
    );
    await recordActivity(db(), { userId: u.user.id, kind: "two_factor.off", facts: { pausedUntil: hours(0) } }, at);
    await recordActivity(
      db(),
      {
        userId: u.user.id,
        kind: "withdrawal.requested",
        facts: { amount: "12000.5", fee: "1", asset: "XAUT", network: "ERC20", address: ADDRESSES.ERC20 },
      },
      at,
    );
    const texts = (await activityOf(u.token)).map((e) => e.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        "Your password was changed and 2 sessions other than yours signed out; withdrawals are paused for 24 hours. If this was not you, contact Customer Service at once.",
        "You changed your withdrawal password. Withdrawals are paused for 30 hours 30 minutes.",
        expect.stringContaining("and withdrawals are not paused."),
        `You asked to withdraw 12,000.500000 XAUt to ${ADDRESSES.ERC20} (ERC20), plus a fee of 1.000000 XAUt. It is on hold until it is sent.`,
      ]),
    );
    const [mail] = await mailsTo(u.payload.email);
    expect(mail!.text).toContain("When: 25 Nov 2026, 08:00 UTC");
  });
});

describe("the mails", () => {
  it("write the sentence, when, by whom and the footer of their kind, answer the queued mail's id, and keep who acted for support", async () => {
    const u = await registerUser();
    const admin = await signInAdmin(db());
    const at = new Date(Date.UTC(2026, 10, 25, 8, 0));
    const mailOf = async (id: string | null) =>
      (await db().select().from(outbox).where(eq(outbox.id, id!)))[0]!.text ?? "";
    const security = await recordActivity(
      db(),
      {
        userId: u.user.id,
        kind: "balance.credited",
        facts: { amount: "12.5", asset: "USDT" },
        supportId: admin.user.id,
      },
      at,
    );
    expect(await mailOf(security.mailId)).toBe(
      [
        `Hello ${u.payload.username},`,
        "",
        "Aurum support credited 12.50 USDT to your available balance.",
        "",
        "When: 25 Nov 2026, 08:00 UTC",
        "By: Aurum support",
        "",
        "If this was not you, change your password, freeze your account in Security and contact Customer Service at once.",
        "",
        "Aurum",
      ].join("\n"),
    );
    const optional = await recordActivity(
      db(),
      { userId: u.user.id, kind: "deposit.credited", facts: { amount: "3", asset: "USDT", network: "TRC20" } },
      at,
    );
    expect((await mailOf(optional.mailId)).split("\n").slice(-5)).toEqual([
      "By: Aurum support",
      "",
      "You can switch off mail about deposits and withdrawals in Security; mail about your account's security always comes.",
      "",
      "Aurum",
    ]);
    const own = await recordActivity(db(), { userId: u.user.id, kind: "two_factor.on", facts: {} }, at);
    expect(await mailOf(own.mailId)).toContain("\nBy: You\n");
    expect(
      (await recordActivity(db(), { userId: u.user.id, kind: "sessions.revoked", facts: { count: 1 } }, at)).mailId,
    ).toBeNull();
    // The user reads "Aurum support"; the administrator is kept on the event and the notification.
    const [event] = await db()
      .select()
      .from(accountEvents)
      .where(and(eq(accountEvents.userId, u.user.id), eq(accountEvents.kind, "balance.credited")));
    expect(event!.actorId).toBe(admin.user.id);
    const [note] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, u.user.id), eq(notifications.title, "Balance credited")));
    expect(note!.senderId).toBe(admin.user.id);
    const [ownNote] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, u.user.id), eq(notifications.title, "Two-factor sign-in is on")));
    expect(ownNote!.senderId).toBeNull();
  });
});

describe("GET /api/user/activity", () => {
  it("pages the caller's own events, newest first, and never another user's", async () => {
    const [alice, bob] = [await registerUser(), await registerUser()];
    for (const count of [1, 2, 3, 4, 5])
      await recordActivity(
        db(),
        { userId: alice.user.id, kind: "sessions.revoked", facts: { count } },
        new Date(Date.UTC(2026, 0, count)),
      );
    await recordActivity(db(), { userId: bob.user.id, kind: "sessions.revoked", facts: { count: 99 } });
    const page = (n: number) =>
      call(activityRoute, { token: alice.token, path: `/api/user/activity?page=${n}&pageSize=2` });
    const pages = await Promise.all([1, 2, 3].map(page));
    expect(pages.map((p) => (p.body.activity as Shown[]).map((e) => e.text))).toEqual([
      ["You signed out 5 sessions.", "You signed out 4 sessions."],
      ["You signed out 3 sessions.", "You signed out 2 sessions."],
      ["You signed out 1 session."],
    ]);
    expect(pages[0]!.body).toMatchObject({ page: 1, pageSize: 2, total: 5 });
    expect((await activityOf(bob.token)).map((e) => e.text)).toEqual(["You signed out 99 sessions."]);
    // A kind written by a newer version during a rolling upgrade: listed plainly, not guessed at.
    await db()
      .insert(accountEvents)
      .values({
        id: randomUUID(),
        userId: bob.user.id,
        kind: "limits.raised",
        actor: "support",
        facts: { limit: "1" },
        createdAt: new Date(Date.now() + 60_000),
      });
    expect((await activityOf(bob.token))[0]).toMatchObject({
      kind: "limits.raised",
      by: "Aurum support",
      title: "Account change",
      text: "",
    });
    expect((await call(activityRoute, { token: alice.token, path: "/api/user/activity?pageSize=101" })).status).toBe(
      400,
    );
    expect((await call(activityRoute, { path: "/api/user/activity" })).status).toBe(401);
  });
});

describe("/api/user/mail-preference", () => {
  it("reads and sets the optional mails, refusing anything but a boolean", async () => {
    const u = await registerUser();
    const read = await call(getMailPreferenceRoute, { token: u.token });
    expect(read.body).toMatchObject({ success: true, optionalMail: true });
    // Each title once, in the catalogue's order.
    expect(read.body.optional).toEqual([
      "Deposit credited",
      "Deposit not credited",
      "Deposit below the minimum",
      "Deposit dropped by the network",
      "Withdrawal sent",
      "Withdrawal confirmed",
      "Withdrawal not sent",
      "Withdrawal returned",
    ]);
    expect(read.body.always).toEqual([
      "Balance credited",
      "Balance debited",
      "Your password was reset",
      "Your withdrawal password was reset",
      "Your account was disabled",
      "Your account was enabled",
      "Your account was unfrozen",
      "You are an administrator",
      "You are no longer an administrator",
      "Withdrawal requested",
      "Sign-in from a new device",
      "Your password was changed",
      "Two-factor sign-in is on",
      "Two-factor sign-in is off",
      "Withdrawal password set",
      "Your email was changed",
      "API key created",
      "API key revoked",
    ]);
    for (const body of [{ optionalMail: "no" }, {}, { optionalMail: false, security: false }]) {
      expect((await call(mailPreferenceRoute, { token: u.token, method: "PUT", body })).status).toBe(400);
    }
    expect((await call(getMailPreferenceRoute, { token: u.token })).body.optionalMail).toBe(true);
    // A user gone between the session check and the read: 404, not an answer about nobody.
    const nobody = "0190f5c2-0000-7000-8000-000000000000";
    await expect(getMailPreference(db(), nobody)).rejects.toMatchObject({ status: 404 });
    await expect(setMailPreference(db(), nobody, { optionalMail: false })).rejects.toMatchObject({ status: 404 });
  });
});

describe("the catalogue", () => {
  it("has every kind produced by some action above", async () => {
    expect(actedOn).toHaveLength(2);
    const produced = await db()
      .selectDistinct({ kind: accountEvents.kind })
      .from(accountEvents)
      .where(inArray(accountEvents.userId, actedOn));
    // The chain watcher's own and a flagged withdrawal's return (they need a node): produced and
    // checked in chain-watcher.test.ts and chain-withdrawals.test.ts.
    const fromChain = [
      "deposit.confirmed",
      "deposit.below_minimum",
      "deposit.dropped",
      "withdrawal.confirmed",
      "withdrawal.returned",
    ];
    expect([...produced.map((r) => r.kind), ...fromChain].sort()).toEqual([...ACTIVITY_KINDS].sort());
  });
});
