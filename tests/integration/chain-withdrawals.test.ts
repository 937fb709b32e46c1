import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mnemonicToAccount } from "viem/accounts";
import {
  DEV_MNEMONIC,
  devClient,
  devWallet,
  mineBlocks,
  sendTestFunds,
  TEST_TOKEN_ABI,
  TEST_TOKEN_ADDRESSES,
} from "@/chain/dev-chain";
import { GET as listRoute } from "@/app/api/withdrawals/route";
import { POST as resendRoute } from "@/app/api/admin/withdrawals/[id]/resend/route";
import { POST as returnRoute } from "@/app/api/admin/withdrawals/[id]/return/route";
import { PUT as putSettings } from "@/app/api/settings/config/route";
import { accountEvents, auditLogs, withdrawals } from "@/db/schema";
import { chainSettings } from "@/lib/chain/config";
import { chainWatcherJob } from "@/lib/chain/job";
import { confirmPayouts } from "@/lib/chain/confirm-payouts";
import { rpcReader } from "@/lib/chain/reader";
import { flaggedPayouts } from "@/lib/chain/status";
import { checkLedger } from "@/lib/ledger/check";
import { runTransaction } from "@/db/transaction";
import { newId } from "@/lib/core/ids";
import { post } from "@/lib/ledger/post";
import { insertUser } from "@/lib/auth/register";
import { readPaidOnChain, sendWithdrawal } from "@/lib/funding/decide-withdrawal";
import { createWallet } from "@/lib/funding/wallets";
import { placeWithdrawal } from "@/lib/funding/withdrawals";
import { approvedBySecondAdmin, signInAdmin } from "../support/admin";
import { withChainEnv, withChainNode } from "../support/chain";
import { call } from "../support/http";
import { withTestDatabase } from "../support/db";
import { walletInput } from "../support/funding";
import { fund } from "../support/ledger";
import { balanceOf } from "../support/trading";
import { registerUser } from "../support/users";

/**
 * Marking a withdrawal sent on a followed chain: the transaction must exist, have succeeded, and pay
 * exactly the withdrawal's amount of its asset to its address from the custody address (the wallet's).
 * Then the payout follower (the watcher's job) confirms it three blocks deep, or flags it when a
 * reorganisation takes its transaction away first.
 */
const db = withTestDatabase();
const node = withChainNode({ confirmations: 3 });
withChainEnv(() => node().env);

const custody = mnemonicToAccount(DEV_MNEMONIC).address;
const payee = "0x00000000000000000000000000000000000a11ce";
let actor: { id: string; ip: string | null };

beforeAll(async () => {
  const username = `admin_${Date.now()}`;
  actor = {
    id: (
      await insertUser(db(), { username, email: `${username}@aurum.local`, password: "admin-password", role: "admin" })
    ).id,
    ip: null,
  };
  for (const [currency, network] of [
    ["USDT", "ERC20"],
    ["ETH", "ETH"],
  ] as const) {
    await createWallet(
      db(),
      walletInput({
        currency,
        network,
        address: custody,
        minDeposit: "1",
        withdrawFee: currency === "ETH" ? "0.001" : "1.5",
        minWithdraw: "0.01",
      }) as Parameters<typeof createWallet>[1],
      actor,
    );
  }
});

async function pendingWithdrawal(currency: "USDT" | "ETH", amount: bigint, decimals: number) {
  const { user, token } = await registerUser();
  const fee = currency === "ETH" ? 100_000n : 1_500_000n;
  if (currency === "USDT") {
    await fund(db(), user.id, currency, amount * 2n);
    const row = await runTransaction(db(), (tx) =>
      placeWithdrawal(tx, user.id, {
        currency,
        decimals,
        network: "ERC20",
        address: payee,
        amount,
        fee,
        twoFactorCode: undefined,
      }),
    );
    return { ...row, token };
  }
  // Ether has no price for the daily limit, so a user cannot request it: the row an exempted request would leave.
  await post(db(), {
    kind: "adjustment",
    legs: [
      { account: { userId: user.id, asset: "ETH", kind: "hold" }, amount: amount + fee },
      { account: { system: "adjustments", asset: "ETH" }, amount: -(amount + fee) },
    ],
  });
  const [row] = await db()
    .insert(withdrawals)
    .values({ id: newId(), userId: user.id, currency, network: "ETH", address: payee, amount, fee })
    .returning();
  return { ...row!, token };
}

// The chain is read first, outside the transaction, as the routes do.
const markSent = async (id: string, txHash: string) => {
  const paid = await readPaidOnChain(db(), id, txHash);
  return runTransaction(db(), (tx) => sendWithdrawal(tx, id, { txHash }, actor, paid)).then(
    () => null,
    (err: unknown) => err as { status: number; code: string; message: string },
  );
};

describe("a withdrawal marked sent on a followed chain", () => {
  it("is refused for a transaction paying the wrong amount, address or token, from elsewhere, or failed, saying what does not match", async () => {
    const w = await pendingWithdrawal("USDT", 123_456_789n, 6);
    const wrongAmount = await sendTestFunds(node().rpcUrl, payee, "123.456788", "USDT");
    expect(await markSent(w.id, wrongAmount)).toMatchObject({
      status: 422,
      code: "TX_DOES_NOT_MATCH",
      message: expect.stringMatching(/123456788 token units, not the 123456789/),
    });
    const wrongAddress = await sendTestFunds(
      node().rpcUrl,
      "0x00000000000000000000000000000000000b0b00",
      "123.456789",
      "USDT",
    );
    expect(await markSent(w.id, wrongAddress)).toMatchObject({
      status: 422,
      message: expect.stringMatching(/not the withdrawal's/),
    });
    const wrongToken = await sendTestFunds(node().rpcUrl, payee, "123.456789", "USDC");
    expect(await markSent(w.id, wrongToken)).toMatchObject({
      status: 422,
      message: expect.stringMatching(/moves no USDT/),
    });
    // Account 1 is funded with tokens by account 0 first, then pays from outside custody.
    await sendTestFunds(node().rpcUrl, mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 1 }).address, "500", "USDT");
    const notCustody = await sendTestFunds(node().rpcUrl, payee, "123.456789", "USDT", 1);
    expect(await markSent(w.id, notCustody)).toMatchObject({
      status: 422,
      message: expect.stringMatching(/no custody address/),
    });
    // More than the supply: the transfer reverts, and is mined as failed.
    const failed = await devWallet(node().rpcUrl).writeContract({
      address: TEST_TOKEN_ADDRESSES.USDT,
      abi: TEST_TOKEN_ABI,
      functionName: "transfer",
      args: [payee, 10n ** 30n],
      gas: 100_000n,
    });
    await devClient(node().rpcUrl).waitForTransactionReceipt({ hash: failed });
    expect(await markSent(w.id, failed)).toMatchObject({
      status: 422,
      message: expect.stringMatching(/failed on chain/),
    });
    expect(await markSent(w.id, `0x${"ab".repeat(32)}`)).toMatchObject({
      status: 422,
      message: expect.stringMatching(/is not on Ethereum/),
    });
  });

  it("is accepted for the transaction that pays it exactly, tokens and ether alike", async () => {
    const usdt = await pendingWithdrawal("USDT", 50_000_001n, 6);
    expect(await markSent(usdt.id, await sendTestFunds(node().rpcUrl, payee, "50.000001", "USDT"))).toBeNull();
    const eth = await pendingWithdrawal("ETH", 12_345_678n, 8);
    expect(await markSent(eth.id, await sendTestFunds(node().rpcUrl, payee, "0.12345677", "ETH"))).toMatchObject({
      status: 422,
      message: expect.stringMatching(/wei, not the 123456780000000000/),
    });
    expect(await markSent(eth.id, await sendTestFunds(node().rpcUrl, payee, "0.12345678", "ETH"))).toBeNull();
  });
});

describe("the chain's check of a withdrawal's transaction", () => {
  it("is read before the transaction: the marking then asks no node, and a withdrawal changed meanwhile is refused", async () => {
    const w = await pendingWithdrawal("USDT", 70_000_000n, 6);
    const hash = await sendTestFunds(node().rpcUrl, payee, "70", "USDT");
    const paid = await readPaidOnChain(db(), w.id, hash);
    expect(paid.outcome).toMatchObject({ txBlockHash: expect.stringMatching(/^0x/) });
    // The node gone once the chain was read: the transaction still decides.
    process.env.CHAIN_ETHEREUM_RPC_URL = "http://127.0.0.1:9/";
    try {
      // Read for another withdrawal of the same amount: not this one's answer.
      const other = await pendingWithdrawal("USDT", 70_000_000n, 6);
      await expect(
        runTransaction(db(), (tx) => sendWithdrawal(tx, other.id, { txHash: hash }, actor, paid)),
      ).rejects.toThrow(/another withdrawal/);
      // Its address changed after the read (it cannot through the app; the row is the authority).
      await db()
        .update(withdrawals)
        .set({ address: "0x00000000000000000000000000000000000b0b00" })
        .where(eq(withdrawals.id, w.id));
      await expect(
        runTransaction(db(), (tx) => sendWithdrawal(tx, w.id, { txHash: hash }, actor, paid)),
      ).rejects.toMatchObject({ status: 409 });
      await db().update(withdrawals).set({ address: payee }).where(eq(withdrawals.id, w.id));
      await runTransaction(db(), (tx) => sendWithdrawal(tx, w.id, { txHash: hash }, actor, paid));
    } finally {
      process.env.CHAIN_ETHEREUM_RPC_URL = node().rpcUrl;
    }
    expect(await row(w.id)).toMatchObject({
      status: "sent",
      txHash: hash,
      txBlock: (paid.outcome as { txBlock: bigint }).txBlock,
    });
    // Sent already: the same answer again is refused by the row's state.
    await expect(
      runTransaction(db(), (tx) => sendWithdrawal(tx, w.id, { txHash: hash }, actor, paid)),
    ).rejects.toMatchObject({ status: 409 });
  });
});

const row = async (id: string) => (await db().select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const confirmedEvents = async (userId: string) =>
  db()
    .select()
    .from(accountEvents)
    .where(and(eq(accountEvents.userId, userId), eq(accountEvents.kind, "withdrawal.confirmed")));
const shownTo = async (token: string, id: string) =>
  ((await call(listRoute, { token, path: "/api/withdrawals" })).body.withdrawals as { id: string }[]).find(
    (w) => w.id === id,
  );

describe("a withdrawal sent on a followed chain", () => {
  it("counts its confirmations and is confirmed exactly once at the required depth, not before", async () => {
    const job = chainWatcherJob(chainSettings()!);
    await job.run(db());
    const w = await pendingWithdrawal("USDT", 20_000_003n, 6);
    const hash = await sendTestFunds(node().rpcUrl, payee, "20.000003", "USDT");
    expect(await markSent(w.id, hash)).toBeNull();
    // Its block is kept when it is marked sent: one confirmation at once, before the follower's next pass.
    const mined = await devClient(node().rpcUrl).getTransactionReceipt({ hash });
    expect(await row(w.id)).toMatchObject({ txBlock: mined.blockNumber, txBlockHash: mined.blockHash.toLowerCase() });
    expect(await shownTo(w.token, w.id)).toMatchObject({ chainStatus: "confirming", confirmations: 1, required: 3 });
    await job.run(db());
    expect(await row(w.id)).toMatchObject({ status: "sent", confirmedAt: null, chainProblem: null });
    expect(await shownTo(w.token, w.id)).toMatchObject({
      status: "sent",
      chainStatus: "confirming",
      confirmations: 1,
      required: 3,
    });
    await mineBlocks(node().rpcUrl, 1);
    await job.run(db());
    expect(await row(w.id)).toMatchObject({ confirmedAt: null });
    expect(await shownTo(w.token, w.id)).toMatchObject({ chainStatus: "confirming", confirmations: 2 });
    await mineBlocks(node().rpcUrl, 1);
    // Three followers at once (two instances and the job): one confirmation.
    const config = chainSettings()!.chains[0]!;
    await Promise.all([
      job.run(db()),
      confirmPayouts(db(), config, rpcReader(config)),
      confirmPayouts(db(), config, rpcReader(config)),
    ]);
    await job.run(db());
    expect((await row(w.id)).confirmedAt).toBeInstanceOf(Date);
    expect(await confirmedEvents(w.userId)).toHaveLength(1);
    expect(await shownTo(w.token, w.id)).toMatchObject({
      status: "sent",
      chainStatus: "confirmed",
      confirmations: 3,
      required: 3,
    });
  });

  it("is flagged for the administrators, never confirmed, when a reorganisation drops its transaction first", async () => {
    const job = chainWatcherJob(chainSettings()!);
    await job.run(db());
    const client = devClient(node().rpcUrl);
    const w = await pendingWithdrawal("USDT", 31_000_000n, 6);
    const flaggedBefore = await flaggedPayouts(db());
    const snapshot = await client.request({ method: "evm_snapshot" as never, params: [] as never });
    expect(await markSent(w.id, await sendTestFunds(node().rpcUrl, payee, "31", "USDT"))).toBeNull();
    await job.run(db());
    expect(await shownTo(w.token, w.id)).toMatchObject({ chainStatus: "confirming", confirmations: 1 });
    await client.request({ method: "evm_revert" as never, params: [snapshot] as never });
    // Another branch, taller than the one the transaction was in, without it.
    await mineBlocks(node().rpcUrl, 4);
    await job.run(db());
    await mineBlocks(node().rpcUrl, 3);
    await job.run(db());
    expect(await row(w.id)).toMatchObject({
      status: "sent",
      confirmedAt: null,
      chainProblem: expect.stringMatching(/no longer on Ethereum: a reorganisation dropped its block/),
    });
    expect(await confirmedEvents(w.userId)).toEqual([]);
    expect(await flaggedPayouts(db())).toBe(flaggedBefore + 1);
    expect(await shownTo(w.token, w.id)).toMatchObject({ status: "sent", chainStatus: "flagged" });
  });
});

describe("the block explorer links", () => {
  it("are https templates with the hash placeholder, set by two administrators, and lead to the transaction", async () => {
    const admin = await signInAdmin(db());
    for (const bad of [
      "ERC20=http://etherscan.io/tx/{hash}",
      "ERC20=https://etherscan.io/tx/",
      "ERC20=https://etherscan.io/tx/{hash}/{hash}",
      "ERC20=https://user:pw@etherscan.io/tx/{hash}",
      "ERC20=javascript:alert(1)//{hash}",
      "ERC20=https://etherscan.io/tx/{hash}?x={other}",
      "SOL=https://solscan.io/tx/{hash}",
      "ERC20=https://etherscan.io/tx/{hash}, ERC20=https://etherscan.io/tx/{hash}",
      "https://etherscan.io/tx/{hash}",
    ]) {
      const refused = await call(putSettings, {
        method: "PUT",
        token: admin.token,
        body: { chain: { explorers: bad } },
      });
      expect(refused.status, bad).toBe(400);
      expect(JSON.stringify(refused.body), bad).toMatch(/explorer link/);
    }
    const w = await pendingWithdrawal("USDT", 5_000_000n, 6);
    const hash = await sendTestFunds(node().rpcUrl, payee, "5", "USDT");
    expect(await markSent(w.id, hash)).toBeNull();
    const explorers = "ERC20=https://etherscan.io/tx/{hash}\nTRC20=https://tronscan.org/#/transaction/{hash}";
    const proposed = await call(putSettings, { method: "PUT", token: admin.token, body: { chain: { explorers } } });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(202);
    expect(await shownTo(w.token, w.id)).toMatchObject({ explorerUrl: null });
    expect((await approvedBySecondAdmin(db(), proposed)).status).toBe(200);
    expect(await shownTo(w.token, w.id)).toMatchObject({ explorerUrl: `https://etherscan.io/tx/${hash}` });
  });
});

describe("more custody addresses", () => {
  it("are set per network by two administrators, and a withdrawal paid from one of them is accepted only then", async () => {
    const admin = await signInAdmin(db());
    const second = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 4 }).address;
    for (const bad of [
      `TRC20=${second}`,
      `ERC20=${second.toLowerCase().replace("0x", "0X")}`,
      `ERC20=${second.slice(0, -1)}`,
      // A wrong checksum: one letter's case flipped.
      `ERC20=${second.replace(/[a-f]/, (c) => c.toUpperCase())}`,
      `ERC20=${second}\nERC20=${second.toLowerCase()}`,
      second,
    ]) {
      const refused = await call(putSettings, { method: "PUT", token: admin.token, body: { chain: { custody: bad } } });
      expect(refused.status, bad).toBe(400);
      expect(JSON.stringify(refused.body), bad).toMatch(/custody address/);
    }
    await sendTestFunds(node().rpcUrl, second, "100", "USDT");
    const w = await pendingWithdrawal("USDT", 7_000_001n, 6);
    const fromSecond = await sendTestFunds(node().rpcUrl, payee, "7.000001", "USDT", 4);
    expect(await markSent(w.id, fromSecond)).toMatchObject({ status: 422, message: /no custody address/ });

    const proposed = await call(putSettings, {
      method: "PUT",
      token: admin.token,
      body: { chain: { custody: `ETH=${custody}\nERC20=${second}` } },
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(202);
    // Proposed is not set: still refused until a second administrator approves.
    expect(await markSent(w.id, fromSecond)).toMatchObject({ status: 422, message: /no custody address/ });
    expect((await approvedBySecondAdmin(db(), proposed)).status).toBe(200);
    expect(await markSent(w.id, fromSecond)).toBeNull();
    // The wallet's own address stays one of them.
    const fromWallet = await pendingWithdrawal("USDT", 2_000_000n, 6);
    expect(await markSent(fromWallet.id, await sendTestFunds(node().rpcUrl, payee, "2", "USDT"))).toBeNull();
  });
});

/**
 * A withdrawal of `amount` marked sent, whose transaction a reorganisation then took away: flagged by
 * the follower. The node is left on a branch without the transaction.
 */
async function flaggedOne(amount: bigint, decimal: string) {
  const job = chainWatcherJob(chainSettings()!);
  await job.run(db());
  const client = devClient(node().rpcUrl);
  const w = await pendingWithdrawal("USDT", amount, 6);
  const snapshot = await client.request({ method: "evm_snapshot" as never, params: [] as never });
  expect(await markSent(w.id, await sendTestFunds(node().rpcUrl, payee, decimal, "USDT"))).toBeNull();
  await job.run(db());
  await client.request({ method: "evm_revert" as never, params: [snapshot] as never });
  await mineBlocks(node().rpcUrl, 4);
  await job.run(db());
  expect((await row(w.id)).chainProblem).toMatch(/no longer on Ethereum/);
  return w;
}

const auditOf = async (id: string, action: string) =>
  db()
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetId, id), eq(auditLogs.action, action)));

describe("a flagged withdrawal, resolved by an administrator", () => {
  it("is sent again with a new transaction, checked on chain, then confirmed at depth", async () => {
    const admin = await signInAdmin(db());
    const w = await flaggedOne(8_000_002n, "8.000002");
    const flagged = await flaggedPayouts(db());
    const resend = (txHash: string) =>
      call(resendRoute, { token: admin.token, params: { id: w.id }, body: { txHash } });
    const wrong = await resend(await sendTestFunds(node().rpcUrl, payee, "8.000001", "USDT"));
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe("TX_DOES_NOT_MATCH");
    expect((await row(w.id)).chainProblem).not.toBeNull();
    const hash = await sendTestFunds(node().rpcUrl, payee, "8.000002", "USDT");
    const done = await resend(hash);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const mined = await devClient(node().rpcUrl).getTransactionReceipt({ hash });
    expect(await row(w.id)).toMatchObject({ txHash: hash, chainProblem: null, txBlock: mined.blockNumber });
    expect(await flaggedPayouts(db())).toBe(flagged - 1);
    expect(await auditOf(w.id, "withdrawal.resend")).toHaveLength(1);
    expect(await shownTo(w.token, w.id)).toMatchObject({ chainStatus: "confirming", confirmations: 1 });
    // No longer flagged: neither a second resend nor a return.
    expect((await resend(hash)).body.code).toBe("NOT_FLAGGED");
    await mineBlocks(node().rpcUrl, 2);
    await chainWatcherJob(chainSettings()!).run(db());
    expect((await row(w.id)).confirmedAt).toBeInstanceOf(Date);
  });

  it("returns its amount and fee to the user through the ledger, once, and tells them", async () => {
    const admin = await signInAdmin(db());
    const w = await flaggedOne(9_000_003n, "9.000003");
    const before = await balanceOf(db(), w.userId, "USDT");
    const returned = await call(returnRoute, {
      token: admin.token,
      params: { id: w.id },
      body: { reason: "Dropped in a reorganisation; not paid" },
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    // 9.000003 and the 1.5 fee.
    expect((await balanceOf(db(), w.userId, "USDT")) - before).toBe(10_500_003n);
    expect((await row(w.id)).returnedAt).toBeInstanceOf(Date);
    expect(await shownTo(w.token, w.id)).toMatchObject({ status: "sent", chainStatus: "returned" });
    expect(await auditOf(w.id, "withdrawal.return")).toHaveLength(1);
    const told = await db()
      .select()
      .from(accountEvents)
      .where(and(eq(accountEvents.userId, w.userId), eq(accountEvents.kind, "withdrawal.returned")));
    expect(told).toHaveLength(1);
    expect(told[0]!.reason).toBe("Dropped in a reorganisation; not paid");
    const again = await call(returnRoute, { token: admin.token, params: { id: w.id }, body: { reason: "again" } });
    expect(again.status).toBe(409);
    expect((await balanceOf(db(), w.userId, "USDT")) - before).toBe(10_500_003n);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("waits for a second administrator when the return reaches the approval threshold", async () => {
    const admin = await signInAdmin(db());
    // 998.5 and the 1.5 fee: exactly the 1,000 USDT threshold.
    const w = await flaggedOne(998_500_000n, "998.5");
    const before = await balanceOf(db(), w.userId, "USDT");
    const proposed = await call(returnRoute, { token: admin.token, params: { id: w.id }, body: { reason: "Dropped" } });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(202);
    expect(await balanceOf(db(), w.userId, "USDT")).toBe(before);
    expect((await row(w.id)).returnedAt).toBeNull();
    expect((await approvedBySecondAdmin(db(), proposed)).status).toBe(200);
    expect((await balanceOf(db(), w.userId, "USDT")) - before).toBe(1_000_000_000n);
    expect(await checkLedger(db())).toEqual([]);
  });
});
