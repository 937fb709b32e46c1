import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as depositsRoute } from "@/app/api/deposits/route";
import { GET as withdrawalsListRoute, POST as withdrawRoute } from "@/app/api/withdrawals/route";
import { deposits, uploads, users } from "@/db/schema";
import { insertUser } from "@/lib/auth/register";
import { assertRoomForDeposit } from "@/lib/funding/deposit-limits";
import { createDeposit } from "@/lib/funding/deposits";
import { placeWithdrawal } from "@/lib/funding/withdrawals";
import { createWallet } from "@/lib/funding/wallets";
import { updateSettings } from "@/lib/settings";
import { withTestDatabase } from "../support/db";
import { withEnv } from "../support/deposit-form";
import { ADDRESSES, PNG, readyToWithdraw, submitDeposit, txHash, walletInput } from "../support/funding";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { units } from "../support/prices";
import { registerUser, uniqueName } from "../support/users";

/**
 * A user's deposits and withdrawals as they see them: each refusal's sentence and the field it is
 * shown on, a hash used once per network, and their own requests page by page.
 */
const db = withTestDatabase();
let actor: { id: string; ip: string | null };

beforeAll(async () => {
  const username = uniqueName("admin");
  actor = {
    id: (
      await insertUser(db(), { username, email: `${username}@aurum.local`, password: "admin-password", role: "admin" })
    ).id,
    ip: null,
  };
  for (const overrides of [
    {},
    {
      currency: "BTC",
      network: "BTC",
      address: ADDRESSES.BTC,
      minDeposit: "0.001",
      withdrawFee: "0.0001",
      minWithdraw: "0.001",
    },
  ]) {
    await createWallet(db(), walletInput(overrides) as Parameters<typeof createWallet>[1], actor);
  }
});

const deposit = (token: string, overrides: Record<string, string> = {}) =>
  submitDeposit(token, { currency: "USDT", network: "TRC20", amount: "250", txHash: txHash("TRC20"), ...overrides });

describe("a deposit", () => {
  it("refused is told why, on the field at fault", async () => {
    const { token } = await registerUser();
    expect((await deposit(token, { amount: "9.99" })).body).toMatchObject({
      code: "BELOW_MINIMUM",
      message: "The minimum deposit is 10.00 USDT",
      errors: { amount: ["The minimum deposit is 10.00 USDT"] },
    });
    expect((await deposit(token, { txHash: `0x${"ab".repeat(32)}` })).body).toMatchObject({
      code: "INVALID_TX_HASH",
      message: "A TRC20 transaction hash is 64 hexadecimal characters",
      errors: { txHash: ["Expected 64 hexadecimal characters"] },
    });
  });

  it("of exactly the minimum passes; on a network open to withdrawals only it is refused as deposits closed there", async () => {
    const { token } = await registerUser();
    expect((await deposit(token, { amount: "10" })).status).toBe(201);
    await createWallet(
      db(),
      walletInput({
        network: "ERC20",
        address: ADDRESSES.ERC20,
        depositEnabled: false,
        withdrawEnabled: true,
      }) as Parameters<typeof createWallet>[1],
      actor,
    );
    expect((await deposit(token, { network: "ERC20", txHash: txHash("ERC20") })).body).toMatchObject({
      code: "NETWORK_DISABLED",
      message: "Deposits of USDT on ERC20 are not available at the moment",
    });
  });

  it("re-sent with its hash is refused as the hash already submitted, even at the pending limit; its proof is stored as the owner's private deposit proof", async () => {
    const user = await registerUser();
    const hash = txHash("TRC20");
    await withEnv({ DEPOSITS_PENDING_PER_USER: "1" }, async () => {
      const first = await deposit(user.token, { txHash: hash });
      expect(first.status).toBe(201);
      const [row] = await db()
        .select()
        .from(deposits)
        .where(eq(deposits.id, (first.body.deposit as { id: string }).id));
      expect(
        await db()
          .select({ purpose: uploads.purpose, public: uploads.public, ownerId: uploads.ownerId })
          .from(uploads)
          .where(eq(uploads.id, row!.proofId)),
      ).toEqual([{ purpose: "deposit-proof", public: false, ownerId: user.user.id }]);
      // The hash is what is wrong, not the number waiting: the user is told to stop re-sending it.
      expect((await deposit(user.token, { txHash: hash })).body).toMatchObject({
        code: "TX_HASH_USED",
        message: "This transaction hash was already submitted",
      });
    });
  });

  it("waiting alone, at a limit of one, is counted in the singular; a user who does not exist has no room", async () => {
    const { token } = await registerUser();
    await withEnv({ DEPOSITS_PENDING_PER_USER: "1" }, async () => {
      expect((await deposit(token)).status).toBe(201);
      expect((await deposit(token)).body).toMatchObject({
        code: "TOO_MANY_PENDING_DEPOSITS",
        message:
          "You have 1 deposit waiting for review, the most at once. Please submit this one after one of them is confirmed or rejected.",
      });
    });
    await expect(assertRoomForDeposit(db(), "00000000-0000-4000-8000-000000000000", PNG.length)).rejects.toMatchObject({
      status: 404,
      message: "User not found",
    });
  });

  it("names a transaction hash once per network, in any case, and of two sent at once one passes", async () => {
    const [a, b] = [await registerUser(), await registerUser()];
    const hash = txHash("TRC20");
    expect((await deposit(a.token, { txHash: hash })).status).toBe(201);
    expect((await deposit(b.token, { txHash: hash.toUpperCase() })).body).toMatchObject({
      code: "TX_HASH_USED",
      message: "This transaction hash was already submitted",
      errors: { txHash: ["Already submitted"] },
    });
    // The same 64 characters are another transaction on Bitcoin.
    expect((await deposit(b.token, { currency: "BTC", network: "BTC", amount: "0.01", txHash: hash })).status).toBe(
      201,
    );

    // Both pass the check before either writes: the unique index lets one through, the other is told as above.
    const twin = txHash("TRC20");
    const fields = { currency: "USDT", network: "TRC20" as const, amount: "50", txHash: twin };
    const outcomes = await Promise.allSettled(
      [a, b].map((u) =>
        createDeposit(db(), u.user.id, fields, { bytes: PNG, contentType: "image/png" }, { ip: "192.0.2.1" }),
      ),
    );
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(outcomes.find((o) => o.status === "rejected")).toMatchObject({
      reason: { status: 409, code: "TX_HASH_USED" },
    });
    expect(await db().select({ id: deposits.id }).from(deposits).where(eq(deposits.txHash, twin))).toHaveLength(1);
  });

  it("lists are the owner's own, the latest first, page by page", async () => {
    const [owner, other] = [await registerUser(), await registerUser()];
    const hashes = [txHash("TRC20"), txHash("TRC20"), txHash("TRC20")];
    for (const hash of hashes) expect((await deposit(owner.token, { txHash: hash })).status).toBe(201);
    expect((await deposit(other.token)).status).toBe(201);
    const page = await call(depositsRoute, { token: owner.token, path: "/api/deposits?page=2&pageSize=2" });
    expect(page.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect((page.body.deposits as { txHash: string }[]).map((d) => d.txHash)).toEqual([hashes[0]]);
    const first = await call(depositsRoute, { token: owner.token, path: "/api/deposits?pageSize=2" });
    expect((first.body.deposits as { txHash: string }[]).map((d) => d.txHash)).toEqual([hashes[2], hashes[1]]);
  });
});

describe("a withdrawal", () => {
  let user: Awaited<ReturnType<typeof registerUser>>;
  let withdrawPassword: string;
  beforeAll(async () => {
    user = await registerUser();
    await fund(db(), user.user.id, "USDT", units("500"));
    withdrawPassword = await readyToWithdraw(db(), user.token, user.user.id);
  });
  const attempt = (overrides: Record<string, string> = {}) =>
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

  it("refused is told why, on the field at fault", async () => {
    expect((await attempt({ address: ADDRESSES.ERC20 })).body).toMatchObject({
      code: "INVALID_ADDRESS",
      message: "That is not a valid Tron (TRC20) address",
      errors: { address: ["Not a valid address for this network (check every character)"] },
    });
    const burn =
      "That is a burn address: nobody can ever spend what is sent there. Check the address you meant to send to.";
    expect((await attempt({ address: "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb" })).body).toMatchObject({
      code: "BURN_ADDRESS",
      message: burn,
      errors: { address: [burn] },
    });
    expect((await attempt({ amount: "9.999999" })).body).toMatchObject({
      code: "BELOW_MINIMUM",
      message: "The minimum withdrawal is 10.00 USDT",
      errors: { amount: ["The minimum withdrawal is 10.00 USDT"] },
    });
    await updateSettings(db(), { withdrawals: { enabled: false } }, actor);
    try {
      const paused = await attempt();
      expect(paused.status).toBe(422);
      expect(paused.body).toMatchObject({
        code: "WITHDRAWALS_DISABLED",
        message: "Withdrawals are paused at the moment",
      });
    } finally {
      await updateSettings(db(), { withdrawals: { enabled: true } }, actor);
    }
  });

  it("of an account disabled after its checks is refused under the lock, holding nothing", async () => {
    const prepared = {
      currency: "USDT",
      decimals: 6,
      network: "TRC20" as const,
      address: ADDRESSES.TRC20,
      amount: units("20"),
      fee: units("1"),
      twoFactorCode: undefined,
    };
    await db().update(users).set({ status: "disabled" }).where(eq(users.id, user.user.id));
    try {
      await expect(placeWithdrawal(db(), user.user.id, prepared)).rejects.toMatchObject({
        status: 403,
        code: "ACCOUNT_NOT_ACTIVE",
        message: "This account is not active",
      });
    } finally {
      await db().update(users).set({ status: "active" }).where(eq(users.id, user.user.id));
    }
  });

  it("lists are the owner's own, the latest first, page by page", async () => {
    const amounts = ["11", "12", "13"];
    for (const amount of amounts) expect((await attempt({ amount })).status).toBe(201);
    const page = await call(withdrawalsListRoute, { token: user.token, path: "/api/withdrawals?page=2&pageSize=2" });
    expect(page.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect((page.body.withdrawals as { amount: string }[]).map((w) => w.amount)).toEqual(["11.000000"]);
    const first = await call(withdrawalsListRoute, { token: user.token, path: "/api/withdrawals?pageSize=2" });
    expect((first.body.withdrawals as { amount: string }[]).map((w) => w.amount)).toEqual(["13.000000", "12.000000"]);
  });
});
