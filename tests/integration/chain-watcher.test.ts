import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as depositsRoute } from "@/app/api/deposits/route";
import { devClient, mineBlocks, sendTestFunds, TEST_TOKEN_ADDRESSES } from "@/chain/dev-chain";
import { GET as addressRoute } from "@/app/api/deposits/address/route";
import { PUT as putSettings } from "@/app/api/settings/config/route";
import { accountEvents, accounts, chainCursors, chainDeposits, journals, notifications } from "@/db/schema";
import { insertUser } from "@/lib/auth/register";
import { newId } from "@/lib/core/ids";
import { depositAddressOf } from "@/lib/chain/addresses";
import { chainSettings, type ChainConfig } from "@/lib/chain/config";
import { chainWatcherJob } from "@/lib/chain/job";
import { rpcReader, type ChainReader } from "@/lib/chain/reader";
import { chainStatus } from "@/lib/chain/status";
import { followChain } from "@/lib/chain/watcher";
import { checkLedger } from "@/lib/ledger/check";
import { createWallet } from "@/lib/funding/wallets";
import { approvedBySecondAdmin, signInAdmin } from "../support/admin";
import { withChainEnv, withChainNode } from "../support/chain";
import { withTestDatabase } from "../support/db";
import { ADDRESSES, walletInput } from "../support/funding";
import { call } from "../support/http";
import { startTcpProxy } from "../support/tcp-proxy";
import { registerUser } from "../support/users";

/**
 * The watcher against a real node: transfers sent with viem become pending deposits, credited once
 * three blocks deep; racing watchers, a node cut mid-scan and a reorganisation lose and double
 * nothing. USDC is left unconfigured, so its transfers are an unknown token's.
 */
const db = withTestDatabase();
const node = withChainNode({ confirmations: 3 });
withChainEnv(() => ({
  ...Object.fromEntries(Object.entries(node().env).filter(([key]) => key !== "CHAIN_ETHEREUM_TOKEN_USDC")),
  CHAIN_ETHEREUM_CONFIRMATIONS: "3",
}));

let config: ChainConfig;
let reader: ChainReader;
const follow = (r: ChainReader = reader) => followChain(db(), config, r);

beforeAll(async () => {
  config = chainSettings()!.chains[0]!;
  reader = rpcReader(config);
  const username = `admin_${Date.now()}`;
  const actor = {
    id: (
      await insertUser(db(), { username, email: `${username}@aurum.local`, password: "admin-password", role: "admin" })
    ).id,
    ip: null,
  };
  for (const [currency, network, minDeposit] of [
    ["USDT", "ERC20", "10"],
    ["XAUT", "ERC20", "0.01"],
    ["USDC", "ERC20", "1"],
    ["ETH", "ETH", "0.001"],
  ] as const) {
    await createWallet(
      db(),
      walletInput({ currency, network, address: ADDRESSES[network], minDeposit }) as Parameters<typeof createWallet>[1],
      actor,
    );
  }
  // The watcher starts at the block after the head it first sees.
  await follow();
});

async function newDepositor() {
  const { token, user } = await registerUser();
  const { address } = await depositAddressOf(db(), chainSettings()!.xpub, user.id);
  return { token, userId: user.id, address };
}

const depositsOf = (userId: string) => db().select().from(chainDeposits).where(eq(chainDeposits.userId, userId));
const spot = async (userId: string, asset: string) =>
  (
    await db()
      .select({ balance: accounts.balance })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.asset, asset), eq(accounts.kind, "spot")))
  )[0]?.balance ?? 0n;
const journalsOf = (reference: string) => db().select().from(journals).where(eq(journals.reference, reference));
const listed = async (token: string) =>
  (await call(depositsRoute, { token, path: "/api/deposits" })).body.chainDeposits as {
    status: string;
    confirmations: number;
    required: number;
    amount: string;
  }[];

describe("a token transfer to a user's address", () => {
  it("is pending at once, counts its confirmations, and is credited once at the required depth", async () => {
    const user = await newDepositor();
    await sendTestFunds(node().rpcUrl, user.address, "25.123457", "USDT");
    await follow();
    expect(await listed(user.token)).toMatchObject([
      { status: "pending", confirmations: 1, required: 3, amount: "25.123457" },
    ]);
    expect(await spot(user.userId, "USDT")).toBe(0n);
    await mineBlocks(node().rpcUrl, 1);
    await follow();
    expect(await listed(user.token)).toMatchObject([{ status: "pending", confirmations: 2 }]);
    await mineBlocks(node().rpcUrl, 1);
    await follow();
    await follow();
    expect(await listed(user.token)).toMatchObject([{ status: "credited", confirmations: 3, required: 3 }]);
    expect(await spot(user.userId, "USDT")).toBe(25_123_457n);
    const [deposit] = await depositsOf(user.userId);
    expect(await journalsOf(deposit!.id)).toHaveLength(1);
    const events = await db().select().from(accountEvents).where(eq(accountEvents.userId, user.userId));
    expect(events.map((e) => e.kind)).toEqual(["deposit.confirmed"]);
    expect(
      (await db().select().from(notifications).where(eq(notifications.userId, user.userId))).map((n) => n.title),
    ).toContain("Deposit credited");
    const head = await devClient(node().rpcUrl).getBlockNumber();
    expect(await chainStatus(db())).toEqual([
      expect.objectContaining({
        chain: "ethereum",
        head: head.toString(),
        lastBlock: head.toString(),
        behind: 0,
        lagging: false,
      }),
    ]);
  });

  it("credits nothing below the minimum, of a token not configured, or to an address that is no user's; ether exact to 8 decimals", async () => {
    const user = await newDepositor();
    await sendTestFunds(node().rpcUrl, user.address, "9.999999", "USDT");
    await sendTestFunds(node().rpcUrl, user.address, "500", "USDC");
    await sendTestFunds(node().rpcUrl, "0x000000000000000000000000000000000000beef", "500", "USDT");
    await sendTestFunds(node().rpcUrl, user.address, "0.123456789123456789", "ETH");
    await mineBlocks(node().rpcUrl, 3);
    await follow();
    await follow();
    const rows = await depositsOf(user.userId);
    expect(rows.map((r) => [r.currency, r.status, r.amount]).sort()).toEqual([
      ["ETH", "credited", 12_345_678n],
      ["USDT", "below_minimum", 9_999_999n],
    ]);
    expect(await spot(user.userId, "USDT")).toBe(0n);
    expect(await spot(user.userId, "USDC")).toBe(0n);
    expect(await spot(user.userId, "ETH")).toBe(12_345_678n);
    expect(await listed(user.token)).toContainEqual(
      expect.objectContaining({ status: "below_minimum", amount: "9.999999" }),
    );
    expect(
      (await db().select().from(accountEvents).where(eq(accountEvents.userId, user.userId))).map((e) => e.kind).sort(),
    ).toEqual(["deposit.below_minimum", "deposit.confirmed"]);
  });
});

describe("the watcher", () => {
  it("credits once with a watcher killed mid-range and then three racing (two instances and a restart)", async () => {
    const users = await Promise.all([newDepositor(), newDepositor(), newDepositor()]);
    for (const [i, u] of users.entries()) await sendTestFunds(node().rpcUrl, u.address, `${11 + i}.5`, "XAUT");
    // The first watcher dies mid-range: it has read the transfers, and fails before recording them.
    let read = false;
    const dying: ChainReader = {
      ...reader,
      tokenTransfers: async (...args) => ((read = true), reader.tokenTransfers(...args)),
      blockHash: async (n) => (read ? Promise.reject(new Error("killed")) : reader.blockHash(n)),
    };
    await expect(follow(dying)).rejects.toThrow("killed");
    expect(await depositsOf(users[0]!.userId)).toEqual([]);
    await mineBlocks(node().rpcUrl, 3);
    await Promise.all([follow(), follow(), follow(rpcReader(config))]);
    await follow();
    for (const [i, u] of users.entries()) {
      const rows = await depositsOf(u.userId);
      expect(rows.map((r) => r.status)).toEqual(["credited"]);
      expect(await journalsOf(rows[0]!.id)).toHaveLength(1);
      expect(await spot(u.userId, "XAUT")).toBe(BigInt(11 + i) * 1_000_000n + 500_000n);
    }
    expect(await checkLedger(db())).toEqual([]);
  });

  it("credits many deposits of many users confirmed in one pass once each, one posting per user and asset, and a bad one costs the others nothing", async () => {
    const [a, b, c] = await Promise.all([newDepositor(), newDepositor(), newDepositor()]);
    const sent = [
      [a, "12.5", "USDT"],
      [a, "20", "USDT"],
      [a, "0.25", "XAUT"],
      [b, "33.000001", "USDT"],
      [c, "41", "USDT"],
      [c, "1.5", "XAUT"],
    ] as const;
    for (const [u, amount, token] of sent) await sendTestFunds(node().rpcUrl, u.address, amount, token);
    // A row no transfer could make (a pending deposit of nothing, alone in its posting): the posting is
    // refused. It is b's, so it is credited in the same transaction as b's real deposit, which must not
    // be lost with it.
    const [cursor] = await db().select().from(chainCursors);
    const bad = b;
    await db()
      .insert(chainDeposits)
      .values({
        id: newId(),
        userId: bad.userId,
        chain: "ethereum",
        network: "ERC20",
        currency: "USDC",
        txHash: `0x${"ab".repeat(32)}`,
        logIndex: 0,
        blockNumber: cursor!.lastBlock,
        blockHash: cursor!.lastHash,
        fromAddress: ADDRESSES.ERC20.toLowerCase(),
        toAddress: bad.address.toLowerCase(),
        amount: 0n,
        status: "pending",
      });
    await mineBlocks(node().rpcUrl, 3);
    // One pass reads the transfers and credits them all.
    await follow();
    await follow();
    for (const [u, usdt, xaut, count] of [
      [a, 32_500_000n, 250_000n, 3],
      [b, 33_000_001n, 0n, 1],
      [c, 41_000_000n, 1_500_000n, 2],
    ] as const) {
      const rows = (await depositsOf(u.userId)).filter((r) => r.amount > 0n);
      expect(rows.map((r) => r.status)).toEqual(Array(count).fill("credited"));
      expect(await spot(u.userId, "USDT")).toBe(usdt);
      expect(await spot(u.userId, "XAUT")).toBe(xaut);
      // One journal per asset for the user, each deposit pointing at its own asset's.
      const journalIds = new Set(rows.map((r) => `${r.currency}:${r.journalId}`));
      expect(journalIds.size).toBe(new Set(rows.map((r) => r.currency)).size);
      expect(rows.every((r) => r.journalId)).toBe(true);
      const events = await db().select().from(accountEvents).where(eq(accountEvents.userId, u.userId));
      expect(events.map((e) => e.kind)).toEqual(Array(count).fill("deposit.confirmed"));
    }
    const [usdtA] = (await depositsOf(a.userId)).filter((r) => r.currency === "USDT");
    const [journal] = await db().select().from(journals).where(eq(journals.id, usdtA!.journalId!));
    expect(journal!.memo!.split("; ")).toHaveLength(2);
    const [left] = (await depositsOf(bad.userId)).filter((r) => r.amount === 0n);
    expect(left!.status).toBe("pending");
    expect(await checkLedger(db())).toEqual([]);
    // Not left for the next tests' passes to try again.
    await db().delete(chainDeposits).where(eq(chainDeposits.id, left!.id));
  });

  it("loses nothing when the node is cut mid-scan, backing off and resuming where it stopped", async () => {
    const url = new URL(node().rpcUrl);
    const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) });
    try {
      const viaProxy: ChainConfig = { ...config, rpcUrl: `http://127.0.0.1:${proxy.port}` };
      const job = chainWatcherJob({ xpub: chainSettings()!.xpub, chains: [viaProxy] });
      const user = await newDepositor();
      await sendTestFunds(node().rpcUrl, user.address, "40", "USDT");
      await mineBlocks(node().rpcUrl, 5);
      // Cut after the head is read: the scan's reads fail.
      const proxied = rpcReader(viaProxy);
      const cut: ChainReader = {
        ...proxied,
        tokenTransfers: (...args) => (proxy.down(), proxied.tokenTransfers(...args)),
      };
      await expect(followChain(db(), viaProxy, cut)).rejects.toThrow();
      expect(await depositsOf(user.userId)).toEqual([]);
      const outage = proxy.down();
      await expect(job.run(db())).rejects.toThrow(/chain watcher: Ethereum/);
      // Backing off: the next run at once leaves the node alone, and so fails nothing.
      await job.run(db());
      outage.restore();
      await followChain(db(), viaProxy, rpcReader(viaProxy));
      const rows = await depositsOf(user.userId);
      expect(rows.map((r) => [r.status, r.amount])).toEqual([["credited", 40_000_000n]]);
      expect(await journalsOf(rows[0]!.id)).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });

  it("drops a pending deposit whose block a reorganisation took away, telling its user", async () => {
    const client = devClient(node().rpcUrl);
    const user = await newDepositor();
    const snapshot = await client.request({ method: "evm_snapshot" as never, params: [] as never });
    await sendTestFunds(node().rpcUrl, user.address, "30", "USDT");
    await follow();
    expect((await depositsOf(user.userId)).map((r) => r.status)).toEqual(["pending"]);
    const [before] = await db().select().from(chainCursors);
    await client.request({ method: "evm_revert" as never, params: [snapshot] as never });
    // Another branch, taller than the one the watcher saw: a transfer between others, then blocks.
    await sendTestFunds(node().rpcUrl, "0x000000000000000000000000000000000000c0de", "1", "ETH", 1);
    await mineBlocks(node().rpcUrl, 2);
    await follow();
    await follow();
    const rows = await depositsOf(user.userId);
    expect(rows.map((r) => r.status)).toEqual(["dropped"]);
    expect(await spot(user.userId, "USDT")).toBe(0n);
    expect(
      (await db().select().from(accountEvents).where(eq(accountEvents.userId, user.userId))).map((e) => e.kind),
    ).toEqual(["deposit.dropped"]);
    const [after] = await db().select().from(chainCursors);
    expect(after!.lastBlock).toBeGreaterThanOrEqual(before!.lastBlock);
    expect(after!.lastHash).toBe((await client.getBlock({ blockNumber: after!.lastBlock })).hash);
  });
});

describe("a token contract changed at run time", () => {
  it("waits for a second administrator, refuses a malformed one, and is then the one followed", async () => {
    const admin = await signInAdmin(db());
    const user = await newDepositor();
    const usdc = `ethereum:USDC=${TEST_TOKEN_ADDRESSES.USDC}`;
    for (const bad of [
      "ethereum:USDC=0x123",
      `solana:USDC=${TEST_TOKEN_ADDRESSES.USDC}`,
      `ethereum:USDC=${TEST_TOKEN_ADDRESSES.USDC.toLowerCase().replace("0xe", "0xE")}`,
      `${usdc}, ${usdc}`,
    ]) {
      expect(
        (await call(putSettings, { method: "PUT", token: admin.token, body: { chain: { tokens: bad } } })).status,
        bad,
      ).toBe(400);
    }
    const proposed = await call(putSettings, { method: "PUT", token: admin.token, body: { chain: { tokens: usdc } } });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(202);
    await sendTestFunds(node().rpcUrl, user.address, "7.25", "USDC");
    await mineBlocks(node().rpcUrl, 3);
    await follow();
    // Not approved yet: USDC is still no token Aurum follows.
    expect(await depositsOf(user.userId)).toEqual([]);
    expect((await approvedBySecondAdmin(db(), proposed)).status).toBe(200);
    await sendTestFunds(node().rpcUrl, user.address, "7.5", "USDC");
    await mineBlocks(node().rpcUrl, 3);
    await chainWatcherJob(chainSettings()!).run(db());
    expect((await depositsOf(user.userId)).map((r) => [r.currency, r.status, r.amount])).toEqual([
      ["USDC", "credited", 7_500_000n],
    ]);
    expect(
      (await call(addressRoute, { token: user.token, path: "/api/deposits/address?currency=USDC&network=ERC20" })).body,
    ).toMatchObject({ mode: "chain", address: user.address });
  });
});
