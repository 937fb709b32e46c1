import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PUT as resetPasswordRoute } from "@/app/api/admin/users/[id]/reset-password/route";
import { PUT as resetWithdrawPasswordRoute } from "@/app/api/admin/users/[id]/reset-withdraw-password/route";
import { POST as rejectRoute } from "@/app/api/admin/withdrawals/[id]/reject/route";
import { POST as sendRoute } from "@/app/api/admin/withdrawals/[id]/send/route";
import { POST as changePasswordRoute } from "@/app/api/user/password/route";
import { POST as cancelRoute } from "@/app/api/withdrawals/[id]/cancel/route";
import { POST as withdrawRoute } from "@/app/api/withdrawals/route";
import type { FundingNetwork } from "@/db/schema";
import { notifications, users, withdrawals } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { addressProblem, isValidAddress } from "@/lib/funding/networks";
import { checkWithdrawPassword, startWithdrawalHold, withdrawHoldMs } from "@/lib/auth/withdraw-password";
import { placeWithdrawal, prepareWithdrawal } from "@/lib/funding/withdrawals";
import { checkLedger } from "@/lib/ledger/check";
import { updateSettings } from "@/lib/settings";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { ADDRESSES, createWallet, legsOf, readyToWithdraw, txHash } from "../support/funding";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { balanceOf } from "../support/trading";
import { registerUser } from "../support/users";

const db = withTestDatabase();
let admin: Awaited<ReturnType<typeof signInAdmin>>;

// Fees and minimums off the round numbers, so a leg booked to the wrong account or rounded shows.
const USDT_FEE = units("1.370001");

beforeAll(async () => {
  admin = await signInAdmin(db());
  const wallets = [
    { currency: "USDT", network: "TRC20", address: ADDRESSES.TRC20, minWithdraw: "10.000001", withdrawFee: "1.370001" },
    { currency: "USDT", network: "ERC20", address: ADDRESSES.ERC20, minWithdraw: "10.000001", withdrawFee: "1.370001" },
    {
      currency: "XAUT",
      network: "ERC20",
      address: ADDRESSES.ERC20,
      minDeposit: "0.01",
      minWithdraw: "0.010001",
      withdrawFee: "0.000137",
    },
    {
      currency: "BTC",
      network: "BTC",
      address: ADDRESSES.BTC,
      minDeposit: "0.001",
      minWithdraw: "0.00100001",
      withdrawFee: "0.00013001",
    },
    {
      currency: "ETH",
      network: "ETH",
      address: ADDRESSES.ETH,
      minDeposit: "0.01",
      minWithdraw: "0.01000001",
      withdrawFee: "0.00130001",
    },
  ];
  for (const w of wallets) expect((await createWallet(admin.token, w)).status).toBe(201);
}, 30_000);

type User = Awaited<ReturnType<typeof registerUser>>;

async function readyUser(asset = "USDT", amount = units("5000.123457")) {
  const user = await registerUser();
  await fund(db(), user.user.id, asset, amount);
  const withdrawPassword = await readyToWithdraw(db(), user.token, user.user.id);
  return { ...user, withdrawPassword };
}

const withdraw = (u: User & { withdrawPassword: string }, overrides: Record<string, string> = {}) =>
  call(withdrawRoute, {
    token: u.token,
    body: {
      currency: "USDT",
      network: "TRC20",
      address: ADDRESSES.TRC20,
      amount: "20.5",
      withdrawPassword: u.withdrawPassword,
      ...overrides,
    },
  });

const idOf = (res: { body: Record<string, unknown> }) => (res.body.withdrawal as { id: string }).id;
const withdrawalsOf = async (userId: string) =>
  (await db().select({ n: count() }).from(withdrawals).where(eq(withdrawals.userId, userId)))[0]!.n;
const setDailyLimit = (dailyLimit: string) =>
  updateSettings(db(), { withdrawals: { dailyLimit } }, { id: admin.user.id, ip: null });

describe("burn addresses", () => {
  const burns: [FundingNetwork, string][] = [
    ["ERC20", "0x0000000000000000000000000000000000000000"],
    ["BEP20", "0x0000000000000000000000000000000000000000"],
    ["ETH", "0x0000000000000000000000000000000000000000"],
    ["ERC20", "0x000000000000000000000000000000000000dEaD"],
    ["ETH", "0x000000000000000000000000000000000000dead"],
    ["TRC20", "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb"],
    ["BTC", "1111111111111111111114oLvT2"],
    ["BTC", "31h1vYVSYuKP6AhS86fbRdMw9XHieotbST"],
    ["BTC", "bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq9e75rs"],
    ["BTC", "bc1pqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqpqqenm"],
    ["BTC", "1BitcoinEaterAddressDontSendf59kuE"],
  ];

  it("the zero address of every network and the well-known burn addresses are not valid to send to", () => {
    for (const [network, address] of burns) {
      expect(addressProblem(network, address), `${network} ${address}`).toBe("burn");
      expect(isValidAddress(network, address), `${network} ${address}`).toBe(false);
    }
    // One non-zero byte is an ordinary address.
    expect(isValidAddress("ERC20", "0x0000000000000000000000000000000000000001")).toBe(true);
    expect(addressProblem("ERC20", "0x000000000000000000000000000000000000DEAD")).toBe("invalid");
  });

  it("a withdrawal to the zero address is a 400 that holds nothing", async () => {
    const u = await readyUser();
    const res = await withdraw(u, { network: "ERC20", address: "0x0000000000000000000000000000000000000000" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "BURN_ADDRESS",
      errors: { address: [expect.stringContaining("burn address")] },
    });
    expect((await withdraw(u, { address: "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb" })).body).toMatchObject({
      code: "BURN_ADDRESS",
    });
    expect(await withdrawalsOf(u.user.id)).toBe(0);
    expect(await balanceOf(db(), u.user.id, "USDT", "hold")).toBe(0n);
  });
});

describe("deciding a withdrawal", () => {
  it("an admin's rejection of a pending one releases its whole hold, tells the reason and closes it", async () => {
    const u = await readyUser();
    const placed = await withdraw(u, { amount: "123.456789" });
    expect(placed.status).toBe(201);
    expect(await balanceOf(db(), u.user.id, "USDT", "hold")).toBe(units("123.456789") + USDT_FEE);
    const rejected = await call(rejectRoute, {
      token: admin.token,
      params: { id: idOf(placed) },
      body: { reason: "Address on a sanctions list" },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.withdrawal).toMatchObject({ status: "rejected" });
    expect(await balanceOf(db(), u.user.id, "USDT", "hold")).toBe(0n);
    expect(await balanceOf(db(), u.user.id, "USDT")).toBe(units("5000.123457"));
    const [note] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, u.user.id), eq(notifications.title, "Withdrawal not sent")));
    expect(note!.message).toContain("Address on a sanctions list");
    expect(
      (await call(rejectRoute, { token: admin.token, params: { id: idOf(placed) }, body: { reason: "again" } })).body,
    ).toMatchObject({ code: "ALREADY_DECIDED" });
    expect(await balanceOf(db(), u.user.id, "USDT")).toBe(units("5000.123457"));
    expect(await checkLedger(db())).toEqual([]);
  });

  it("sending moves the amount to the external account and the fee to the fees account", async () => {
    const u = await readyUser();
    const placed = await withdraw(u, { amount: "77.777777" });
    const hash = txHash("TRC20");
    expect(
      (await call(sendRoute, { token: admin.token, params: { id: idOf(placed) }, body: { txHash: hash } })).status,
    ).toBe(200);
    const sent = (await legsOf(db(), idOf(placed)))
      .filter((l) => l.memo === `sent TRC20 ${hash}`)
      .map(({ account, asset, amount }) => ({ account, asset, amount }));
    expect(sent).toHaveLength(4);
    expect(sent).toEqual(
      expect.arrayContaining([
        { account: "user hold", asset: "USDT", amount: -units("77.777777") },
        { account: "external", asset: "USDT", amount: units("77.777777") },
        { account: "user hold", asset: "USDT", amount: -USDT_FEE },
        { account: "fees", asset: "USDT", amount: USDT_FEE },
      ]),
    );
    expect(await balanceOf(db(), u.user.id, "USDT", "hold")).toBe(0n);
  });

  it("a malformed transaction hash is refused before anything is written: the withdrawal stays pending and can still be sent", async () => {
    const u = await readyUser();
    const placed = await withdraw(u);
    const bad = await call(sendRoute, {
      token: admin.token,
      params: { id: idOf(placed) },
      body: { txHash: `0x${"ab".repeat(32)}` },
    });
    expect(bad.body).toMatchObject({ code: "INVALID_TX_HASH" });
    const [row] = await db()
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, idOf(placed)));
    expect(row).toMatchObject({ status: "pending", txHash: null, decidedAt: null });
    expect(
      (await call(sendRoute, { token: admin.token, params: { id: idOf(placed) }, body: { txHash: txHash("TRC20") } }))
        .status,
    ).toBe(200);
    expect(
      (
        await call(sendRoute, {
          token: admin.token,
          params: { id: "0190f5c2-0000-7000-8000-000000000000" },
          body: { txHash: txHash("TRC20") },
        })
      ).status,
    ).toBe(404);
  });
});

describe("the daily withdrawal limit", () => {
  it("counts pending and sent withdrawals, not cancelled or rejected ones; exactly what is left passes, one unit more does not", async () => {
    await setDailyLimit("1234.567891");
    try {
      const u = await readyUser();
      const cancelled = await withdraw(u, { amount: "300.123457" });
      expect((await call(cancelRoute, { token: u.token, params: { id: idOf(cancelled) } })).status).toBe(200);
      const rejected = await withdraw(u, { amount: "400.000001" });
      expect(
        (await call(rejectRoute, { token: admin.token, params: { id: idOf(rejected) }, body: { reason: "no" } }))
          .status,
      ).toBe(200);
      expect((await withdraw(u, { amount: "500.5" })).status).toBe(201);
      const sent = await withdraw(u, { amount: "200.012345" });
      expect(
        (await call(sendRoute, { token: admin.token, params: { id: idOf(sent) }, body: { txHash: txHash("TRC20") } }))
          .status,
      ).toBe(200);

      // 1234.567891 − 500.5 − 200.012345 = 534.055546 left.
      const over = await withdraw(u, { amount: "534.055547" });
      expect(over.status).toBe(422);
      expect(over.body).toMatchObject({
        code: "DAILY_LIMIT_EXCEEDED",
        message: expect.stringContaining("534.05 USDT is left"),
      });
      expect((await withdraw(u, { amount: "534.055546" })).status).toBe(201);
      expect((await withdraw(u, { amount: "10.000001" })).body).toMatchObject({
        code: "DAILY_LIMIT_EXCEEDED",
        message: expect.stringContaining("0.00 USDT is left"),
      });
      // A limit lowered below what the day has used leaves nothing, not a negative amount.
      await setDailyLimit("1000.000001");
      expect((await withdraw(u, { amount: "10.000001" })).body).toMatchObject({
        code: "DAILY_LIMIT_EXCEEDED",
        message: "This is over your daily withdrawal limit: 0.00 USDT is left today (UTC).",
      });
      expect(await withdrawalsOf(u.user.id)).toBe(5);
    } finally {
      await setDailyLimit("50000");
    }
  });

  it("refuses what it cannot value: BTC and ETH, which have no price, with a 422 that holds nothing", async () => {
    const u = await readyUser("BTC", 123_456_789n);
    await fund(db(), u.user.id, "ETH", 987_654_321n);
    const btc = await withdraw(u, { currency: "BTC", network: "BTC", address: ADDRESSES.BTC, amount: "0.01234567" });
    expect(btc.status).toBe(422);
    // The sentence is put on the amount's field too, where the form shows it.
    const notValued =
      "BTC has no USDT price on Aurum, so its withdrawals cannot be counted against the daily withdrawal limit. Contact Customer Service to withdraw it.";
    expect(btc.body).toMatchObject({
      code: "WITHDRAWAL_NOT_VALUED",
      message: notValued,
      errors: { amount: [notValued] },
    });
    const eth = await withdraw(u, { currency: "ETH", network: "ETH", address: ADDRESSES.ETH, amount: "0.5" });
    expect(eth.body).toMatchObject({ code: "WITHDRAWAL_NOT_VALUED" });
    expect(await withdrawalsOf(u.user.id)).toBe(0);
    expect(await balanceOf(db(), u.user.id, "BTC")).toBe(123_456_789n);
    expect(await balanceOf(db(), u.user.id, "BTC", "hold")).toBe(0n);
  });

  it("refuses XAUT before the first price, then counts it at the bid, rounded down", async () => {
    const u = await readyUser("XAUT", units("3.141593"));
    const xaut = { currency: "XAUT", network: "ERC20", address: ADDRESSES.ERC20, amount: "0.123457" };
    const early = await withdraw(u, xaut);
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({
      code: "WITHDRAWAL_NOT_VALUED",
      message: expect.stringContaining("XAUt has no market price yet"),
    });

    // 2650.37 at the default 30 bps spread: bid 2642.418890, so 0.123457 XAUT is worth 326.225108902… USDT,
    // counted as 326.225108: a limit of exactly that passes, one unit less does not.
    await setPrice(db(), "2650.37");
    const value = units("326.225108");
    await setDailyLimit("326.225107");
    try {
      expect((await withdraw(u, xaut)).body).toMatchObject({
        code: "DAILY_LIMIT_EXCEEDED",
        message: expect.stringContaining("326.22 USDT is left"),
      });
      await setDailyLimit("326.225108");
      const placed = await withdraw(u, xaut);
      expect(placed.status).toBe(201);
      const [row] = await db()
        .select({ valueUsdt: withdrawals.valueUsdt })
        .from(withdrawals)
        .where(eq(withdrawals.id, idOf(placed)));
      expect(row!.valueUsdt).toBe(value);
    } finally {
      await setDailyLimit("50000");
    }
  });
});

describe("the withdrawal pause after a security change", () => {
  const pausedFrom = async (userId: string, before: number, after: number) => {
    const [row] = await db().select({ until: users.withdrawHoldUntil }).from(users).where(eq(users.id, userId));
    const until = row!.until!.getTime();
    expect(until).toBeGreaterThanOrEqual(before + withdrawHoldMs());
    expect(until).toBeLessThanOrEqual(after + withdrawHoldMs());
  };

  it("starts when the user changes their own password", async () => {
    const u = await readyUser();
    const before = Date.now();
    expect(
      (
        await call(changePasswordRoute, {
          token: u.token,
          body: { currentPassword: u.payload.password, newPassword: "another-horse-7" },
        })
      ).status,
    ).toBe(200);
    await pausedFrom(u.user.id, before, Date.now());
    expect((await withdraw(u)).body).toMatchObject({ code: "WITHDRAWALS_ON_HOLD" });
  });

  it("starts when an administrator resets the password", async () => {
    const u = await readyUser();
    const before = Date.now();
    expect(
      (
        await call(resetPasswordRoute, {
          method: "PUT",
          token: admin.token,
          params: { id: u.user.id },
          body: { newPassword: "support-set-1" },
        })
      ).status,
    ).toBe(200);
    await pausedFrom(u.user.id, before, Date.now());
    await expect(checkWithdrawPassword(db(), u.user.id, u.withdrawPassword)).rejects.toMatchObject({
      code: "WITHDRAWALS_ON_HOLD",
    });
  });

  it("starts when an administrator resets the withdrawal password", async () => {
    const u = await readyUser();
    const before = Date.now();
    expect(
      (
        await call(resetWithdrawPasswordRoute, {
          method: "PUT",
          token: admin.token,
          params: { id: u.user.id },
          body: { newWithdrawPassword: "support-vault-2" },
        })
      ).status,
    ).toBe(200);
    await pausedFrom(u.user.id, before, Date.now());
    expect((await withdraw({ ...u, withdrawPassword: "support-vault-2" })).body).toMatchObject({
      code: "WITHDRAWALS_ON_HOLD",
    });
  });
});

describe("the pause, checked again in the money's transaction", () => {
  it("a pause that starts after the password was checked still stops the withdrawal, holding nothing", async () => {
    const u = await readyUser();
    const prepared = await prepareWithdrawal(db(), u.user.id, {
      currency: "USDT",
      network: "TRC20",
      address: ADDRESSES.TRC20,
      amount: "20.5",
      withdrawPassword: u.withdrawPassword,
    });
    // A password change (or two-factor turned off) commits between the checks and the transaction.
    await startWithdrawalHold(db(), u.user.id);
    await expect(runTransaction(db(), (tx) => placeWithdrawal(tx, u.user.id, prepared))).rejects.toMatchObject({
      code: "WITHDRAWALS_ON_HOLD",
    });
    expect(await withdrawalsOf(u.user.id)).toBe(0);
    expect(await balanceOf(db(), u.user.id, "USDT", "hold")).toBe(0n);
  });
});

describe("the withdrawal password's failure count", () => {
  it("is cleared by the right password, so four wrong ones after it are not a lock-out", async () => {
    const u = await readyUser();
    for (let i = 0; i < 4; i++)
      expect((await withdraw(u, { withdrawPassword: `guess-${i}` })).body).toMatchObject({
        code: "WRONG_WITHDRAW_PASSWORD",
      });
    expect((await withdraw(u)).status).toBe(201);
    const [row] = await db()
      .select({ failures: users.withdrawPasswordFailures })
      .from(users)
      .where(eq(users.id, u.user.id));
    expect(row!.failures).toBe(0);
    for (let i = 0; i < 4; i++)
      expect((await withdraw(u, { withdrawPassword: `again-${i}` })).body).toMatchObject({
        code: "WRONG_WITHDRAW_PASSWORD",
      });
    expect((await withdraw(u, { withdrawPassword: "last-guess" })).body).toMatchObject({ code: "WITHDRAWALS_LOCKED" });
  });
});

describe("the withdrawal pause", () => {
  it("starts from now, and never shortens a pause already running longer", async () => {
    const { user } = await registerUser();
    const now = new Date("2026-11-25T10:00:00.000Z");
    const started = await runTransaction(db(), (tx) => startWithdrawalHold(tx, user.id, now));
    expect(started.getTime()).toBe(now.getTime() + withdrawHoldMs());
    const longer = new Date(now.getTime() + 3 * withdrawHoldMs() + 1);
    await db().update(users).set({ withdrawHoldUntil: longer }).where(eq(users.id, user.id));
    expect((await runTransaction(db(), (tx) => startWithdrawalHold(tx, user.id, now))).getTime()).toBe(
      longer.getTime(),
    );
    const [row] = await db().select({ until: users.withdrawHoldUntil }).from(users).where(eq(users.id, user.id));
    expect(row!.until!.getTime()).toBe(longer.getTime());
  });
});
