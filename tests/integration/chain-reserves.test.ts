import { createServer } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Address } from "viem";
import { devClient, mineBlocks, sendTestFunds, TEST_TOKEN_ABI, TEST_TOKEN_ADDRESSES } from "@/chain/dev-chain";
import { GET as snapshotRoute } from "@/app/api/proof/snapshots/[id]/route";
import { insertUser } from "@/lib/auth/register";
import { activeChains } from "@/lib/chain/config";
import { depositAddressOf } from "@/lib/chain/addresses";
import { createWallet } from "@/lib/funding/wallets";
import { createReserve } from "@/lib/proof/reserves";
import { updateSettings } from "@/lib/settings";
import { takeSnapshot } from "@/lib/proof/snapshot";
import { withChainEnv, withChainNode } from "../support/chain";
import { withTestDatabase } from "../support/db";
import { walletInput } from "../support/funding";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { registerUser } from "../support/users";

/**
 * Proof of reserves read from the chain: a snapshot reads every custody address and every user
 * deposit address at one block, `confirmations` deep, and publishes the block, the addresses and the
 * sums. Transfers mined above that block, before or after the snapshot, are not in it. Figures an
 * administrator types stay, labelled declared; a chain that cannot be read is published unavailable.
 */
const db = withTestDatabase();
const node = withChainNode({ confirmations: 3 });
withChainEnv(() => node().env);

// Addresses nobody holds a key to in this test: their balances are exactly what the test sent.
const custody = privateKeyToAccount(generatePrivateKey()).address;
let actor: { id: string; ip: string | null };
let alice: Address;
let bob: Address;

type Body = {
  chainReserves: {
    asset: string;
    status: string;
    blockNumber?: string;
    total?: string;
    addressesRead?: number;
    addresses?: { address: string; role: string; amount: string }[];
    problem?: string;
  }[];
  coverage: {
    asset: string;
    reserves: string;
    onChain: string | null;
    onChainUnavailable: boolean;
    declared: boolean;
    declaredReserves: string;
    ratioBps: number | null;
  }[];
};
const published = async (id: string) => (await call(snapshotRoute, { params: { id } })).body as unknown as Body;

const balanceOf = (address: Address, blockNumber: bigint) =>
  devClient(node().rpcUrl).readContract({
    address: TEST_TOKEN_ADDRESSES.USDT,
    abi: TEST_TOKEN_ABI,
    functionName: "balanceOf",
    args: [address],
    blockNumber,
  });

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
      walletInput({ currency, network, address: custody }) as Parameters<typeof createWallet>[1],
      actor,
    );
  }
  const xpub = (await activeChains(db()))!.xpub;
  const users = await Promise.all([registerUser(), registerUser(), registerUser()]);
  alice = (await depositAddressOf(db(), xpub, users[0]!.user.id)).address;
  bob = (await depositAddressOf(db(), xpub, users[1]!.user.id)).address;
  // The third user has an address holding nothing: read, and not listed.
  await depositAddressOf(db(), xpub, users[2]!.user.id);
  // What users are owed: 1,000 USDT against the reserves below.
  await fund(db(), users[0]!.user.id, "USDT", 600_000_000n);
  await fund(db(), users[1]!.user.id, "USDT", 400_000_000n);
  await fund(db(), users[0]!.user.id, "XAUT", 2_000_000n);
}, 60_000);

describe("a snapshot on a followed chain", () => {
  it("publishes the balances of every custody and deposit address at one block, confirmations deep, not what was mined above it", async () => {
    await sendTestFunds(node().rpcUrl, custody, "900.000001", "USDT");
    await sendTestFunds(node().rpcUrl, alice, "55.5", "USDT");
    await sendTestFunds(node().rpcUrl, bob, "44.499999", "USDT");
    // 0.5 ether and 7 wei: Aurum's 8 decimals keep the 0.5.
    await sendTestFunds(node().rpcUrl, alice, "0.500000000000000007", "ETH");
    const pinned = await devClient(node().rpcUrl).getBlockNumber();
    // Two blocks above it: with 3 confirmations the snapshot reads `pinned`, without these.
    await sendTestFunds(node().rpcUrl, custody, "1000", "USDT");
    await sendTestFunds(node().rpcUrl, alice, "7", "USDT");

    const snapshot = (await takeSnapshot(db(), { trigger: "daily", now: new Date("2026-11-01T00:05:00Z") }))!;
    // And after it: the published block still says what it said.
    await sendTestFunds(node().rpcUrl, bob, "3", "USDT");

    const body = await published(snapshot.id);
    const usdt = body.chainReserves.find((r) => r.asset === "USDT")!;
    expect(usdt).toMatchObject({ status: "read", blockNumber: String(pinned), total: "1000.000000", addressesRead: 4 });
    expect(usdt.addresses).toEqual([
      { address: custody.toLowerCase(), role: "custody", amount: "900.000001" },
      { address: alice.toLowerCase(), role: "deposit", amount: "55.500000" },
      { address: bob.toLowerCase(), role: "deposit", amount: "44.499999" },
    ]);
    // The node agrees, at that block, address by address; and it has moved on since.
    for (const a of [custody, alice, bob])
      expect(formatUnits6(await balanceOf(a, pinned))).toBe(
        usdt.addresses!.find((x) => x.address === a.toLowerCase())!.amount,
      );
    expect(await balanceOf(custody, pinned + 2n)).toBe(1_900_000_001n);

    const eth = body.chainReserves.find((r) => r.asset === "ETH")!;
    expect(eth).toMatchObject({ status: "read", blockNumber: String(pinned), total: "0.50000000" });
    expect(eth.addresses).toEqual([
      { address: custody.toLowerCase(), role: "custody", amount: "0.000000000000000000" },
      { address: alice.toLowerCase(), role: "deposit", amount: "0.500000000000000007" },
    ]);

    // 1,000.000000 held against 1,000 owed: exactly covered, all of it read on chain.
    expect(body.coverage.find((c) => c.asset === "USDT")).toMatchObject({
      onChain: "1000.000000",
      declared: false,
      reserves: "1000.000000",
      ratioBps: 10_000,
    });
  });

  it("keeps an administrator's figure for what is held off chain, labelled declared, beside what the chain shows", async () => {
    await createReserve(
      db(),
      {
        asset: "XAUT",
        custodyAddress: "Vault 7, Zurich (allocated bars)",
        amount: "1.5",
        checkedAt: "2026-11-01T00:00:00Z",
      },
      actor,
      new Date("2026-11-02T00:00:00Z"),
    );
    const snapshot = (await takeSnapshot(db(), { trigger: "daily", now: new Date("2026-11-02T00:05:00Z") }))!;
    const xaut = (await published(snapshot.id)).coverage.find((c) => c.asset === "XAUT")!;
    // XAUt tokens at the addresses: none; 1.5 declared against 2 owed.
    expect(xaut).toMatchObject({
      onChain: "0.000000",
      declared: true,
      declaredReserves: "1.500000",
      reserves: "1.500000",
      ratioBps: 7_500,
    });
  });

  it("publishes the liabilities with the chain's reserves unavailable, never a figure, when its node does not answer", async () => {
    const closed = await closedPort();
    process.env.CHAIN_ETHEREUM_RPC_URL = `http://127.0.0.1:${closed}/`;
    try {
      const snapshot = (await takeSnapshot(db(), { trigger: "daily", now: new Date("2026-11-03T00:05:00Z") }))!;
      expect(snapshot.rootHash).not.toBe("");
      const body = await published(snapshot.id);
      expect(body.chainReserves.map((r) => [r.asset, r.status]).sort()).toEqual([
        ["ETH", "unavailable"],
        ["USDC", "unavailable"],
        ["USDT", "unavailable"],
        ["XAUT", "unavailable"],
      ]);
      expect(body.chainReserves[0]!.problem).toMatch(/^Ethereum could not be read/);
      // The declared XAUt does not stand in for the unread tokens: no ratio at all.
      expect(body.coverage.find((c) => c.asset === "XAUT")).toMatchObject({
        onChainUnavailable: true,
        declared: true,
        ratioBps: null,
      });
      expect(body.coverage.find((c) => c.asset === "USDT")).toMatchObject({ onChainUnavailable: true, ratioBps: null });
    } finally {
      process.env.CHAIN_ETHEREUM_RPC_URL = node().rpcUrl;
    }
  });
});

describe("several custody addresses", () => {
  it("are all read, the wallet's and those the settings list for the network", async () => {
    const more = privateKeyToAccount(generatePrivateKey()).address;
    await updateSettings(db(), { chain: { custody: `ERC20=${more}` } }, actor);
    await sendTestFunds(node().rpcUrl, more, "12.5", "USDT");
    await mineBlocks(node().rpcUrl, 2);
    const snapshot = (await takeSnapshot(db(), { trigger: "daily", now: new Date("2026-11-04T00:05:00Z") }))!;
    const usdt = (await published(snapshot.id)).chainReserves.find((r) => r.asset === "USDT")!;
    expect(usdt.addresses!.filter((a) => a.role === "custody")).toEqual([
      { address: custody.toLowerCase(), role: "custody", amount: "1900.000001" },
      { address: more.toLowerCase(), role: "custody", amount: "12.500000" },
    ]);
    // 1,912.500001 in custody, 62.5 at Alice's address and 47.499999 at Bob's.
    expect(usdt).toMatchObject({ total: "2022.500000", addressesRead: 5 });
  });
});

describe("one token that cannot be read", () => {
  it("is published unavailable alone: the chain's other assets are read as usual", async () => {
    // USDC pointed at an address with no contract: its calls answer nothing.
    const saved = process.env.CHAIN_ETHEREUM_TOKEN_USDC;
    process.env.CHAIN_ETHEREUM_TOKEN_USDC = privateKeyToAccount(generatePrivateKey()).address;
    try {
      const snapshot = (await takeSnapshot(db(), { trigger: "daily", now: new Date("2026-11-05T00:05:00Z") }))!;
      const body = await published(snapshot.id);
      expect(body.chainReserves.map((r) => [r.asset, r.status]).sort()).toEqual([
        ["ETH", "read"],
        ["USDC", "unavailable"],
        ["USDT", "read"],
        ["XAUT", "read"],
      ]);
      expect(body.chainReserves.find((r) => r.asset === "USDC")!.problem).toMatch(/^Ethereum USDC could not be read/);
      expect(body.chainReserves.find((r) => r.asset === "USDT")).toMatchObject({ total: "2022.500000" });
      expect(body.coverage.find((c) => c.asset === "USDT")).toMatchObject({
        onChainUnavailable: false,
        onChain: "2022.500000",
      });
    } finally {
      process.env.CHAIN_ETHEREUM_TOKEN_USDC = saved;
    }
  });
});

const formatUnits6 = (units: bigint) => `${units / 1_000_000n}.${String(units % 1_000_000n).padStart(6, "0")}`;

/** A loopback port nothing listens on: a node that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
