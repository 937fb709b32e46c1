import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as approveProposalRoute } from "@/app/api/admin/approvals/[id]/approve/route";
import { POST as approveDepositRoute } from "@/app/api/admin/deposits/[id]/approve/route";
import { PUT as manageBalanceRoute } from "@/app/api/admin/users/[id]/manage-balance/route";
import { PUT as resetPasswordRoute } from "@/app/api/admin/users/[id]/reset-password/route";
import { PUT as resetWithdrawPasswordRoute } from "@/app/api/admin/users/[id]/reset-withdraw-password/route";
import { PUT as roleRoute } from "@/app/api/admin/users/[id]/role/route";
import { PUT as statusRoute } from "@/app/api/admin/users/[id]/status/route";
import { PUT as walletRoute } from "@/app/api/admin/wallets/[id]/route";
import { POST as sendRoute } from "@/app/api/admin/withdrawals/[id]/send/route";
import { POST as forgotRoute } from "@/app/api/auth/forgot-password/route";
import { PUT as settingsRoute } from "@/app/api/settings/config/route";
import { POST as freezeRoute } from "@/app/api/user/freeze/route";
import { POST as withdrawRoute } from "@/app/api/withdrawals/route";
import { outbox, users, wallets } from "@/db/schema";
import { verifyAuditChain } from "@/lib/audit/verify";
import { checkLedger } from "@/lib/ledger/check";
import { mailSettled } from "@/lib/mail/background";
import { getSettings } from "@/lib/settings";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { ADDRESSES, createWallet, readyToWithdraw, submitDeposit, txHash } from "../support/funding";
import { call, type CallResult } from "../support/http";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { balanceOf } from "../support/trading";
import { registerUser, someIp } from "../support/users";

/**
 * The attacks of issue 43, as one administrator ("rogue") tries them with a second one present: each
 * ends in a proposal (202, nothing changed) or a refusal, never in money moved or an administrator
 * made. Then the books and the audit chain are whole. On PostgreSQL, where parallel requests race.
 */
const db = withTestDatabase();
let rogue: Awaited<ReturnType<typeof signInAdmin>>;
let other: Awaited<ReturnType<typeof signInAdmin>>;
let walletId: string;

beforeAll(async () => {
  rogue = await signInAdmin(db());
  other = await signInAdmin(db());
  await setPrice(db(), "4000");
  const made = await createWallet(rogue.token);
  expect(made.status).toBe(201);
  walletId = (made.body.wallet as { id: string }).id;
}, 60_000);

/** A call as an administrator's browser makes it, each with its own Idempotency-Key. */
const as = <P extends Record<string, string>>(
  token: string,
  route: (req: Request, ctx: { params: Promise<P> }) => Promise<Response>,
  params: P,
  body: unknown,
  method = "PUT",
) => call(route, { method, token, params, body, headers: { "idempotency-key": crypto.randomUUID() } });

function proposed(res: CallResult) {
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body.proposal).toMatchObject({ status: "pending" });
}

describe("one administrator alone, with a second one present (PostgreSQL)", () => {
  it("cannot take over the other administrator: resets and disabling wait for a third, and no reset link reaches the outbox", async () => {
    const [before] = await db().select().from(users).where(eq(users.id, other.user.id));
    proposed(await as(rogue.token, resetPasswordRoute, { id: other.user.id }, { newPassword: "taken-over-1" }));
    proposed(
      await as(rogue.token, resetWithdrawPasswordRoute, { id: other.user.id }, { newWithdrawPassword: "taken-over-2" }),
    );
    proposed(await as(rogue.token, statusRoute, { id: other.user.id }, { status: "disabled" }));
    await call(forgotRoute, { body: { usernameOrEmail: other.user.username }, ip: someIp() });
    await mailSettled();
    const [after] = await db().select().from(users).where(eq(users.id, other.user.id));
    expect({ hash: after!.passwordHash, withdraw: after!.withdrawPasswordHash, status: after!.status }).toEqual({
      hash: before!.passwordHash,
      withdraw: before!.withdrawPasswordHash,
      status: "active",
    });
    expect(
      await db()
        .select()
        .from(outbox)
        .where(sql`lower(${outbox.to}) = lower(${other.user.email})`),
    ).toEqual([]);
  });

  it("cannot credit a puppet's declared deposit of 900,000 USDT at the declared amount", async () => {
    const puppet = await registerUser();
    const deposit = await submitDeposit(puppet.token, {
      currency: "USDT",
      network: "TRC20",
      amount: "900000",
      txHash: txHash("TRC20"),
    });
    expect(deposit.status).toBe(201);
    proposed(
      await as(rogue.token, approveDepositRoute, { id: (deposit.body.deposit as { id: string }).id }, {}, "POST"),
    );
    expect(await balanceOf(db(), puppet.user.id, "USDT")).toBe(0n);
  });

  it("cannot raise the referral reward or the spread alone", async () => {
    const before = await getSettings(db());
    proposed(await as(rogue.token, settingsRoute, {}, { referral: { rewardUsdt: "500000" } }));
    proposed(await as(rogue.token, settingsRoute, {}, { trading: { spreadBps: 1000 } }));
    const after = await getSettings(db());
    expect({ reward: after.referral.rewardUsdt, spread: after.trading.spreadBps }).toEqual({
      reward: before.referral.rewardUsdt,
      spread: before.trading.spreadBps,
    });
  });

  it("cannot split credits under the threshold: of 40 credits of 999.99 to one user, 20 of them at once, one acts", async () => {
    const { user } = await registerUser();
    const credit = () =>
      as(
        rogue.token,
        manageBalanceRoute,
        { id: user.id },
        { amount: "999.99", operation: "credit", reason: "Goodwill", asset: "USDT" },
      );
    const parallel = await Promise.all(Array.from({ length: 20 }, credit));
    const serial: CallResult[] = [];
    for (let i = 0; i < 20; i++) serial.push(await credit());
    const statuses = [...parallel, ...serial].map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200 && s !== 202)).toEqual([]);
    expect(await balanceOf(db(), user.id, "USDT")).toBe(units("999.99"));
  });

  it("cannot mark withdrawals sent in pieces: of five of 998 USDT for one user, one is sent", async () => {
    const owner = await registerUser();
    await fund(db(), owner.user.id, "USDT", units("6000"));
    await readyToWithdraw(db(), owner.token, owner.user.id);
    const sent: number[] = [];
    for (let i = 0; i < 5; i++) {
      const w = await call(withdrawRoute, {
        token: owner.token,
        body: {
          currency: "USDT",
          network: "TRC20",
          address: ADDRESSES.TRC20,
          amount: "998",
          withdrawPassword: "vault-key-1",
        },
        headers: { "idempotency-key": crypto.randomUUID() },
      });
      expect(w.status, JSON.stringify(w.body)).toBe(201);
      sent.push(
        (
          await as(
            rogue.token,
            sendRoute,
            { id: (w.body.withdrawal as { id: string }).id },
            { txHash: txHash("TRC20") },
            "POST",
          )
        ).status,
      );
    }
    expect(sent).toEqual([200, 202, 202, 202, 202]);
  });

  it("cannot credit their own account, not even 1 USDT", async () => {
    proposed(
      await as(
        rogue.token,
        manageBalanceRoute,
        { id: rogue.user.id },
        { amount: "1", operation: "credit", reason: "Mine", asset: "USDT" },
      ),
    );
    expect(await balanceOf(db(), rogue.user.id, "USDT")).toBe(0n);
  });

  it("cannot switch deposits back on through an address change another administrator approves", async () => {
    const change = await as(
      rogue.token,
      walletRoute,
      { id: walletId },
      {
        currency: "USDT",
        network: "TRC20",
        address: "TAcN9gFvXZAxsWQQzWWbydBmscBHnEi5nZ",
        memo: null,
        minDeposit: "10",
        withdrawFee: "1",
        minWithdraw: "10",
        depositEnabled: true,
        withdrawEnabled: true,
      },
    );
    proposed(change);
    // Meanwhile another administrator switches deposits off: that acts at once.
    const off = await as(
      other.token,
      walletRoute,
      { id: walletId },
      {
        currency: "USDT",
        network: "TRC20",
        address: ADDRESSES.TRC20,
        memo: null,
        minDeposit: "10",
        withdrawFee: "1",
        minWithdraw: "10",
        depositEnabled: false,
        withdrawEnabled: true,
      },
    );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const third = await signInAdmin(db());
    const decided = await call(approveProposalRoute, {
      token: third.token,
      params: { id: (change.body.proposal as { id: string }).id },
    });
    expect([200, 409]).toContain(decided.status);
    const [wallet] = await db().select().from(wallets).where(eq(wallets.id, walletId));
    expect(wallet!.depositEnabled).toBe(false);
  });

  it("cannot appoint an administrator alone once the other froze their own account", async () => {
    expect((await call(freezeRoute, { token: other.token, body: { password: "admin-password" } })).status).toBe(200);
    const candidate = await registerUser();
    proposed(await as(rogue.token, roleRoute, { id: candidate.user.id }, { role: "admin" }));
    const [still] = await db()
      .select({ role: users.role })
      .from(users)
      .where(and(eq(users.id, candidate.user.id)));
    expect(still!.role).toBe("user");
  });

  it("leaves the books and the audit chain whole", async () => {
    expect(await checkLedger(db())).toEqual([]);
    expect(await verifyAuditChain(db())).toMatchObject({ intact: true });
  });
});
