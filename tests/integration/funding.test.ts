import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as approveRoute } from "@/app/api/admin/deposits/[id]/approve/route";
import { POST as rejectDepositRoute } from "@/app/api/admin/deposits/[id]/reject/route";
import { GET as depositQueueRoute } from "@/app/api/admin/deposits/route";
import { PUT as updateWalletRoute } from "@/app/api/admin/wallets/[id]/route";
import { POST as rejectWithdrawalRoute } from "@/app/api/admin/withdrawals/[id]/reject/route";
import { POST as sendRoute } from "@/app/api/admin/withdrawals/[id]/send/route";
import { GET as deposistListRoute } from "@/app/api/deposits/route";
import { GET as networksRoute } from "@/app/api/funding/networks/route";
import { GET as recordsRoute } from "@/app/api/records/route";
import { GET as uploadRoute } from "@/app/api/uploads/[id]/route";
import { POST as setWithdrawPasswordRoute } from "@/app/api/user/withdraw-password/route";
import { POST as cancelRoute } from "@/app/api/withdrawals/[id]/cancel/route";
import { POST as withdrawRoute } from "@/app/api/withdrawals/route";
import { deposits, notifications, users, withdrawals } from "@/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import { isValidAddress } from "@/lib/funding/networks";
import { checkWithdrawPassword, setWithdrawPassword, withdrawHoldMs } from "@/lib/auth/withdraw-password";
import { approvedBySecondAdmin, signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { ADDRESSES, createWallet, PNG, readyToWithdraw, submitDeposit, txHash } from "../support/funding";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { units } from "../support/prices";
import { balanceOf } from "../support/trading";
import { registerUser } from "../support/users";

const db = withTestDatabase();
let admin: string;

beforeAll(async () => {
  admin = (await signInAdmin(db())).token;
  for (const [currency, network, address] of [
    ["USDT", "TRC20", ADDRESSES.TRC20],
    ["USDT", "ERC20", ADDRESSES.ERC20],
    ["BTC", "BTC", ADDRESSES.BTC],
  ] as const) {
    expect(
      (
        await createWallet(admin, {
          currency,
          network,
          address,
          minDeposit: currency === "BTC" ? "0.001" : "10",
          minWithdraw: currency === "BTC" ? "0.001" : "10",
          withdrawFee: currency === "BTC" ? "0.0001" : "1",
        })
      ).status,
    ).toBe(201);
  }
});

const deposit = (token: string, overrides: Record<string, string> = {}) =>
  submitDeposit(token, { currency: "USDT", network: "TRC20", amount: "250", txHash: txHash("TRC20"), ...overrides });

describe("addresses", () => {
  it("are checked with their network's checksum, valid and invalid fixtures for each", () => {
    const valid: [Parameters<typeof isValidAddress>[0], string][] = [
      ["TRC20", ADDRESSES.TRC20],
      ["ERC20", ADDRESSES.ERC20],
      ["BEP20", ADDRESSES.BEP20],
      ["ETH", ADDRESSES.ETH],
      ["BTC", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"],
      ["BTC", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy"],
      ["BTC", ADDRESSES.BTC],
      ["BTC", "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297"],
    ];
    const invalid: [Parameters<typeof isValidAddress>[0], string][] = [
      ["TRC20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u"],
      ["TRC20", ADDRESSES.ERC20],
      ["ERC20", "0x52908400098527886E0F7030069857D2E4169Ee7"],
      ["ERC20", "0x5290840009852788"],
      ["ERC20", ADDRESSES.TRC20],
      ["BEP20", "0xFB6916095ca1df60bB79Ce92cE3Ea74c37c5d359"],
      ["ETH", "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d35"],
      ["BTC", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb"],
      ["BTC", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr"],
      ["BTC", "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx"],
      ["BTC", ADDRESSES.ERC20],
    ];
    for (const [network, address] of valid)
      expect(isValidAddress(network, address), `${network} ${address}`).toBe(true);
    for (const [network, address] of invalid)
      expect(isValidAddress(network, address), `${network} ${address}`).toBe(false);
  });
});

describe("wallets", () => {
  it("refuse an address invalid for their network, a pair not offered, and a second wallet for one pair", async () => {
    expect(
      (
        await createWallet(admin, {
          currency: "USDC",
          network: "ERC20",
          address: "0x52908400098527886E0F7030069857D2E4169Ee7",
        })
      ).body,
    ).toMatchObject({ code: "INVALID_ADDRESS" });
    expect((await createWallet(admin, { currency: "BTC", network: "TRC20" })).body).toMatchObject({
      code: "UNSUPPORTED_NETWORK",
    });
    expect((await createWallet(admin, { minDeposit: "0.0000001" })).status).toBe(400);
    expect((await createWallet(admin)).status).toBe(409);
  });

  it("offer users only what is enabled, and an admin's change shows at once", async () => {
    const { token } = await registerUser();
    const offered = async () =>
      (await call(networksRoute, { token })).body.currencies as {
        currency: string;
        networks: { network: string; deposit: unknown; withdraw: unknown }[];
      }[];
    expect((await offered()).find((c) => c.currency === "USDT")?.networks.map((n) => n.network)).toEqual([
      "TRC20",
      "ERC20",
    ]);
    const created = await createWallet(admin, {
      currency: "USDC",
      network: "ERC20",
      address: ADDRESSES.ERC20,
      depositEnabled: false,
      withdrawEnabled: false,
    });
    expect(created.status).toBe(201);
    expect((await offered()).map((c) => c.currency)).not.toContain("USDC");
    const id = (created.body.wallet as { id: string }).id;
    const body = {
      currency: "USDC",
      network: "ERC20",
      address: ADDRESSES.ERC20,
      minDeposit: "5",
      withdrawFee: "1",
      minWithdraw: "10",
      depositEnabled: true,
      withdrawEnabled: false,
    };
    // Switching a wallet on sends users' money to it: it waits for a second administrator.
    const enabled = await call(updateWalletRoute, { method: "PUT", token: admin, params: { id }, body });
    expect(enabled.status).toBe(202);
    expect((await offered()).map((c) => c.currency)).not.toContain("USDC");
    expect((await approvedBySecondAdmin(db(), enabled)).status).toBe(200);
    expect((await offered()).find((c) => c.currency === "USDC")?.networks).toEqual([
      expect.objectContaining({
        network: "ERC20",
        deposit: expect.objectContaining({ minDeposit: "5.000000" }),
        withdraw: null,
      }),
    ]);
    // A minimum or a fee redirects nothing: it applies at once.
    expect(
      (
        await call(updateWalletRoute, {
          method: "PUT",
          token: admin,
          params: { id },
          body: { ...body, minDeposit: "6" },
        })
      ).status,
    ).toBe(200);
  });
});

describe("deposits", () => {
  it("are pending with their proof until an admin approves; then the balance, a record and a notification", async () => {
    const user = await registerUser();
    const sent = await deposit(user.token);
    expect(sent.status).toBe(201);
    const d = sent.body.deposit as { id: string; status: string; proofUrl: string };
    expect(d.status).toBe("pending");
    expect(await balanceOf(db(), user.user.id, "USDT")).toBe(0n);

    const listed = await call(deposistListRoute, { token: user.token });
    expect(listed.body.deposits).toEqual([
      expect.objectContaining({ id: d.id, amount: "250.000000", status: "pending" }),
    ]);

    const approved = await call(approveRoute, { token: admin, params: { id: d.id }, body: {} });
    expect(approved.status).toBe(200);
    expect(await balanceOf(db(), user.user.id, "USDT")).toBe(units("250"));
    const records = await call(recordsRoute, { token: user.token, path: "/api/records?kind=deposit" });
    expect(records.body.records).toEqual([expect.objectContaining({ kind: "deposit", amount: "250.000000" })]);
    const [note] = await db().select().from(notifications).where(eq(notifications.userId, user.user.id));
    expect(note).toMatchObject({ title: "Deposit credited" });

    const again = await call(approveRoute, { token: admin, params: { id: d.id }, body: {} });
    expect(again.status).toBe(409);
    expect(
      (await call(rejectDepositRoute, { token: admin, params: { id: d.id }, body: { reason: "late" } })).status,
    ).toBe(409);
    expect(await balanceOf(db(), user.user.id, "USDT")).toBe(units("250"));
    expect(await checkLedger(db())).toEqual([]);
  });

  it("credit a corrected amount only with a reason, recorded", async () => {
    const user = await registerUser();
    const d = (await deposit(user.token, { amount: "100" })).body.deposit as { id: string };
    expect((await call(approveRoute, { token: admin, params: { id: d.id }, body: { amount: "99.5" } })).status).toBe(
      400,
    );
    const ok = await call(approveRoute, {
      token: admin,
      params: { id: d.id },
      body: { amount: "99.5", reason: "99.5 arrived on chain" },
    });
    expect(ok.body.deposit).toMatchObject({
      amount: "100.000000",
      creditedAmount: "99.500000",
      reason: "99.5 arrived on chain",
    });
    expect(await balanceOf(db(), user.user.id, "USDT")).toBe(units("99.5"));
  });

  it("refuse a used hash, a malformed hash, a disabled or unknown network, an amount below the minimum and a non-image proof; writing nothing", async () => {
    const [a, b] = [await registerUser(), await registerUser()];
    const hash = txHash("TRC20");
    expect((await deposit(a.token, { txHash: hash })).status).toBe(201);
    const before = (await db().select({ n: count() }).from(deposits))[0]!.n;
    expect((await deposit(b.token, { txHash: hash.toUpperCase() })).body).toMatchObject({ code: "TX_HASH_USED" });
    expect((await deposit(a.token, { txHash: "0xabc" })).body).toMatchObject({ code: "INVALID_TX_HASH" });
    expect((await deposit(a.token, { network: "BEP20", txHash: txHash("BEP20") })).body).toMatchObject({
      code: "NETWORK_DISABLED",
    });
    expect((await deposit(a.token, { network: "BTC", txHash: txHash("BTC") })).body).toMatchObject({
      code: "UNSUPPORTED_NETWORK",
    });
    expect((await deposit(a.token, { currency: "DOGE" })).body).toMatchObject({ code: "UNKNOWN_CURRENCY" });
    expect((await deposit(a.token, { amount: "9.99" })).body).toMatchObject({ code: "BELOW_MINIMUM" });
    expect((await deposit(a.token, { amount: "1e3" })).status).toBe(400);
    expect(
      (
        await submitDeposit(
          a.token,
          { currency: "USDT", network: "TRC20", amount: "50", txHash: txHash("TRC20") },
          { bytes: Buffer.from("<svg onload=alert(1)>"), name: "p.png" },
        )
      ).body,
    ).toMatchObject({ code: "UNSUPPORTED_FILE" });
    expect(
      (
        await submitDeposit(
          a.token,
          { currency: "USDT", network: "TRC20", amount: "50", txHash: txHash("TRC20") },
          null,
        )
      ).status,
    ).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect([400, 413]).toContain(
      (
        await submitDeposit(
          a.token,
          { currency: "USDT", network: "TRC20", amount: "50", txHash: txHash("TRC20") },
          { bytes: big },
        )
      ).status,
    );
    expect((await db().select({ n: count() }).from(deposits))[0]!.n).toBe(before);
  });

  it("keep their proof from everyone but their owner and admins, and reject with the reason told", async () => {
    const [owner, other] = [await registerUser(), await registerUser()];
    const d = (await deposit(owner.token)).body.deposit as { id: string; proofUrl: string };
    const id = d.proofUrl.split("/").pop()!;
    const fetchAs = (token: string) =>
      uploadRoute(new Request(`http://localhost${d.proofUrl}`, { headers: { authorization: `Bearer ${token}` } }), {
        params: Promise.resolve({ id }),
      });
    expect((await fetchAs(owner.token)).status).toBe(200);
    expect((await fetchAs(admin)).status).toBe(200);
    expect((await fetchAs(other.token)).status).toBe(404);
    expect((await call(deposistListRoute, { token: other.token })).body.deposits).toEqual([]);

    const rejected = await call(rejectDepositRoute, {
      token: admin,
      params: { id: d.id },
      body: { reason: "No such transfer on chain" },
    });
    expect(rejected.body.deposit).toMatchObject({ status: "rejected" });
    const [note] = await db().select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(note!.message).toContain("No such transfer on chain");
    const queue = await call(depositQueueRoute, { token: admin, path: "/api/admin/deposits?status=rejected" });
    expect(queue.body.deposits).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: d.id, username: expect.any(String) })]),
    );
  });
});

describe("the withdrawal password", () => {
  it("needs the account password to set, the current one to change, and pauses withdrawals for 24 hours", async () => {
    const user = await registerUser();
    expect(
      (await call(setWithdrawPasswordRoute, { token: user.token, body: { newWithdrawPassword: "vault-key-1" } }))
        .status,
    ).toBe(400);
    expect(
      (
        await call(setWithdrawPasswordRoute, {
          token: user.token,
          body: { password: "wrong", newWithdrawPassword: "vault-key-1" },
        })
      ).body,
    ).toMatchObject({ code: "WRONG_PASSWORD" });
    const now = new Date();
    const { holdUntil } = await setWithdrawPassword(
      db(),
      user.user.id,
      { password: "correct-horse", newWithdrawPassword: "vault-key-1" },
      now,
    );
    expect(holdUntil.getTime() - now.getTime()).toBe(24 * 60 * 60_000);
    await expect(
      checkWithdrawPassword(db(), user.user.id, "vault-key-1", new Date(now.getTime() + withdrawHoldMs() - 1000)),
    ).rejects.toMatchObject({ code: "WITHDRAWALS_ON_HOLD" });
    await expect(
      checkWithdrawPassword(db(), user.user.id, "vault-key-1", new Date(now.getTime() + withdrawHoldMs() + 1000)),
    ).resolves.toBeUndefined();
    expect(
      (
        await call(setWithdrawPasswordRoute, {
          token: user.token,
          body: { currentWithdrawPassword: "nope", newWithdrawPassword: "vault-key-2" },
        })
      ).body,
    ).toMatchObject({ code: "WRONG_WITHDRAW_PASSWORD" });
    expect(
      (
        await call(setWithdrawPasswordRoute, {
          token: user.token,
          body: { currentWithdrawPassword: "vault-key-1", newWithdrawPassword: "vault-key-2" },
        })
      ).status,
    ).toBe(200);
  });

  it("locks withdrawals for 15 minutes after five wrong ones, even for the right one", async () => {
    const user = await registerUser();
    await fund(db(), user.user.id, "USDT", units("100"));
    await readyToWithdraw(db(), user.token, user.user.id);
    const attempt = (withdrawPassword: string) =>
      call(withdrawRoute, {
        token: user.token,
        body: { currency: "USDT", network: "TRC20", address: ADDRESSES.TRC20, amount: "20", withdrawPassword },
      });
    for (let i = 0; i < 4; i++)
      expect((await attempt(`guess-${i}`)).body).toMatchObject({ code: "WRONG_WITHDRAW_PASSWORD" });
    const fifth = await attempt("guess-4");
    expect(fifth.status).toBe(429);
    expect(fifth.body).toMatchObject({ code: "WITHDRAWALS_LOCKED" });
    expect((await attempt("vault-key-1")).body).toMatchObject({ code: "WITHDRAWALS_LOCKED" });
    expect(await balanceOf(db(), user.user.id, "USDT")).toBe(units("100"));
    const [row] = await db().select({ until: users.withdrawLockedUntil }).from(users).where(eq(users.id, user.user.id));
    expect(row!.until!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
  });
});

describe("withdrawals", () => {
  it("hold amount and fee at once; cancel releases them; send moves them out and to fees; all in records", async () => {
    const user = await registerUser();
    await fund(db(), user.user.id, "USDT", units("100"));
    const withdrawPassword = await readyToWithdraw(db(), user.token, user.user.id);
    const body = { currency: "USDT", network: "TRC20", address: ADDRESSES.TRC20, amount: "40", withdrawPassword };

    const first = await call(withdrawRoute, { token: user.token, body });
    expect(first.status).toBe(201);
    expect(first.body.withdrawal).toMatchObject({
      amount: "40.000000",
      fee: "1.000000",
      total: "41.000000",
      status: "pending",
    });
    expect(await balanceOf(db(), user.user.id, "USDT")).toBe(units("59"));
    expect(await balanceOf(db(), user.user.id, "USDT", "hold")).toBe(units("41"));

    const id = (first.body.withdrawal as { id: string }).id;
    const stranger = await registerUser();
    expect((await call(cancelRoute, { token: stranger.token, params: { id } })).status).toBe(404);
    expect((await call(cancelRoute, { token: user.token, params: { id } })).status).toBe(200);
    expect(await balanceOf(db(), user.user.id, "USDT")).toBe(units("100"));
    expect((await call(cancelRoute, { token: user.token, params: { id } })).status).toBe(409);

    const second = await call(withdrawRoute, { token: user.token, body });
    const secondId = (second.body.withdrawal as { id: string }).id;
    expect(
      (await call(sendRoute, { token: admin, params: { id: secondId }, body: { txHash: "not-a-hash" } })).status,
    ).toBe(400);
    const sent = await call(sendRoute, { token: admin, params: { id: secondId }, body: { txHash: txHash("TRC20") } });
    expect(sent.body.withdrawal).toMatchObject({ status: "sent" });
    expect(await balanceOf(db(), user.user.id, "USDT", "hold")).toBe(0n);
    expect(await balanceOf(db(), user.user.id, "USDT")).toBe(units("59"));
    expect(
      (await call(rejectWithdrawalRoute, { token: admin, params: { id: secondId }, body: { reason: "late" } })).status,
    ).toBe(409);

    const records = await call(recordsRoute, { token: user.token, path: "/api/records?kind=withdrawal&pageSize=100" });
    const rows = records.body.records as {
      account: string;
      amount: string;
      label: string | null;
      memo: string | null;
    }[];
    expect(
      rows
        .filter((r) => r.account === "hold")
        .map((r) => r.amount)
        .sort(),
    ).toEqual(["-1.000000", "-40.000000", "-41.000000", "41.000000", "41.000000"].sort());
    // The user's records say what each move of the hold was: two requests, and the first one's cancellation.
    expect(rows.filter((r) => r.account === "hold" && r.amount === "41.000000").map((r) => r.memo)).toEqual([
      "requested",
      "requested",
    ]);
    expect(rows.filter((r) => r.account === "hold" && r.amount === "-41.000000").map((r) => r.memo)).toEqual([
      "cancelled",
    ]);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("refuse a bad address, less than the minimum, more than available, a disabled network and the daily limit; writing nothing", async () => {
    const user = await registerUser();
    await fund(db(), user.user.id, "USDT", units("60000"));
    const withdrawPassword = await readyToWithdraw(db(), user.token, user.user.id);
    const attempt = (overrides: Record<string, string>) =>
      call(withdrawRoute, {
        token: user.token,
        body: {
          currency: "USDT",
          network: "TRC20",
          address: ADDRESSES.TRC20,
          amount: "20",
          withdrawPassword,
          ...overrides,
        },
      });
    expect((await attempt({ address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u" })).body).toMatchObject({
      code: "INVALID_ADDRESS",
    });
    expect((await attempt({ amount: "5" })).body).toMatchObject({ code: "BELOW_MINIMUM" });
    expect((await attempt({ network: "BEP20" })).body).toMatchObject({ code: "NETWORK_DISABLED" });
    expect((await attempt({ amount: "60000" })).body).toMatchObject({ code: "DAILY_LIMIT_EXCEEDED" });
    expect((await attempt({ amount: "49999" })).status).toBe(201);
    expect((await attempt({ amount: "10" })).body).toMatchObject({ code: "DAILY_LIMIT_EXCEEDED" });
    const other = await registerUser();
    await fund(db(), other.user.id, "USDT", units("15"));
    const pw = await readyToWithdraw(db(), other.token, other.user.id);
    expect(
      (
        await call(withdrawRoute, {
          token: other.token,
          body: { currency: "USDT", network: "TRC20", address: ADDRESSES.TRC20, amount: "15", withdrawPassword: pw },
        })
      ).body,
    ).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect(
      (await db().select({ n: count() }).from(withdrawals).where(eq(withdrawals.userId, other.user.id)))[0]!.n,
    ).toBe(0);
    expect(await balanceOf(db(), other.user.id, "USDT")).toBe(units("15"));
  });

  it("ask a user without a withdrawal password to set one first", async () => {
    const user = await registerUser();
    await fund(db(), user.user.id, "USDT", units("50"));
    const res = await call(withdrawRoute, {
      token: user.token,
      body: {
        currency: "USDT",
        network: "TRC20",
        address: ADDRESSES.TRC20,
        amount: "20",
        withdrawPassword: "anything",
      },
    });
    expect(res.body).toMatchObject({ code: "WITHDRAW_PASSWORD_NOT_SET" });
  });
});
