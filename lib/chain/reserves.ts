import { asc, gt } from "drizzle-orm";
import { createPublicClient, http, type Address, type Hash, type PublicClient } from "viem";
import type { Db } from "@/db/client";
import { depositAddresses, type ChainReserveAddress, type FundingNetwork } from "@/db/schema";
import { listAssets } from "@/lib/ledger/assets";
import { activeChains, type ChainConfig, type ChainName } from "./config";
import { custodyAddressesOf } from "./custody";

const BALANCE_OF = [
  {
    type: "function",
    name: "balanceOf",
    stateMutability: "view",
    inputs: [{ name: "owner", type: "address" }],
    outputs: [{ type: "uint256" }],
  },
  { type: "function", name: "decimals", stateMutability: "view", inputs: [], outputs: [{ type: "uint8" }] },
] as const;

/** Deposit addresses read from the database per page, and balances asked of the node at once. */
const ADDRESS_PAGE = 2_000;
/** Calls per JSON-RPC batch (one HTTP request). */
const RPC_BATCH = 250;

/** One asset of one chain as the snapshot read it: figures at one block, or why there are none. */
export type ChainReserveReading = {
  chain: ChainName;
  asset: string;
  token: Address | null;
} & (
  | {
      blockNumber: bigint;
      blockHash: Hash;
      tokenDecimals: number;
      /** The sum in the asset's smallest units, rounded down from the token's. */
      total: bigint;
      addressesRead: number;
      /** Every custody address, and the deposit addresses that hold something. */
      addresses: ChainReserveAddress[];
      problem: null;
    }
  | { problem: string }
);

/** The sum of `units` of a token with `tokenDecimals` in an asset's smallest units, rounded down (never flattering). */
export function inAssetUnits(units: bigint, tokenDecimals: number, assetDecimals: number): bigint {
  return tokenDecimals >= assetDecimals
    ? units / 10n ** BigInt(tokenDecimals - assetDecimals)
    : units * 10n ** BigInt(assetDecimals - tokenDecimals);
}

/**
 * The block a snapshot reads: the newest one `confirmations` deep (its own included), the depth at
 * which deposits are credited. A block nearer the head may still be replaced, and the published
 * figures would then describe a chain nobody can read again.
 */
export const pinnedBlock = (head: bigint, confirmations: number) => {
  const block = head - BigInt(confirmations) + 1n;
  return block < 0n ? 0n : block;
};

/**
 * Every user's deposit address, a page at a time in index order. Read outside the snapshot's
 * transaction: a user given an address after this read has deposited nothing yet that is credited.
 */
async function* depositAddressPages(db: Db): AsyncGenerator<string[]> {
  let after = -1;
  for (;;) {
    const rows = await db
      .select({ index: depositAddresses.derivationIndex, address: depositAddresses.address })
      .from(depositAddresses)
      .where(gt(depositAddresses.derivationIndex, after))
      .orderBy(asc(depositAddresses.derivationIndex))
      .limit(ADDRESS_PAGE);
    if (!rows.length) return;
    yield rows.map((r) => r.address);
    after = rows[rows.length - 1]!.index;
  }
}

function balanceAt(client: PublicClient, token: Address | null, address: string, blockNumber: bigint) {
  return token === null
    ? client.getBalance({ address: address as Address, blockNumber })
    : client.readContract({
        address: token,
        abi: BALANCE_OF,
        functionName: "balanceOf",
        args: [address as Address],
        blockNumber,
      });
}

const problemOf = (what: string, err: unknown) =>
  `${what} could not be read: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`;

interface Route {
  asset: string;
  token: Address | null;
  network: FundingNetwork;
}

/** One asset of a chain at the pinned block: the balance of every custody and deposit address. */
async function readRoute(
  db: Db,
  client: PublicClient,
  chain: ChainConfig,
  route: Route,
  block: { blockNumber: bigint; blockHash: Hash },
  assetDecimals: Map<string, number>,
): Promise<ChainReserveReading> {
  const { blockNumber } = block;
  const tokenDecimals =
    route.token === null
      ? 18
      : await client.readContract({ address: route.token, abi: BALANCE_OF, functionName: "decimals", blockNumber });
  const custody = await custodyAddressesOf(db, route.asset, route.network);
  const addresses: ChainReserveAddress[] = [];
  let units = 0n;
  let addressesRead = 0;
  const readPage = async (page: string[], role: ChainReserveAddress["role"]) => {
    const balances = await Promise.all(page.map((a) => balanceAt(client, route.token, a, blockNumber)));
    balances.forEach((balance, i) => {
      units += balance;
      if (role === "custody" || balance > 0n) addresses.push({ address: page[i]!, role, units: balance.toString() });
    });
    addressesRead += page.length;
  };
  await readPage(custody, "custody");
  const custodySet = new Set(custody);
  for await (const page of depositAddressPages(db)) {
    // An address that is both is counted once, as custody.
    await readPage(
      page.filter((a) => !custodySet.has(a)),
      "deposit",
    );
  }
  return {
    chain: chain.name,
    asset: route.asset,
    token: route.token,
    ...block,
    tokenDecimals,
    total: inAssetUnits(units, tokenDecimals, assetDecimals.get(route.asset)!),
    addressesRead,
    addresses,
    problem: null,
  };
}

/**
 * Reads one chain's reserves at one pinned block: for each asset it carries (its tokens and its own
 * coin), the balance of every custody address and every user deposit address, asked in JSON-RPC
 * batches with that block number, so a transfer mined while reading changes nothing. The block's hash
 * is read again at the end: if the chain replaced it meanwhile, nothing read is believed.
 */
async function readChain(
  db: Db,
  chain: ChainConfig,
  assetDecimals: Map<string, number>,
): Promise<ChainReserveReading[]> {
  const client = createPublicClient({
    transport: http(chain.rpcUrl, { timeout: 30_000, retryCount: 1, batch: { batchSize: RPC_BATCH } }),
    cacheTime: 0,
  }) as PublicClient;
  const chainId = await client.getChainId();
  if (chainId !== chain.chainId)
    throw new Error(`the node is on chain id ${chainId}, not the configured ${chain.chainId}`);
  const blockNumber = pinnedBlock(await client.getBlockNumber({ cacheTime: 0 }), chain.confirmations);
  const { hash: blockHash } = await client.getBlock({ blockNumber });
  const routes = [
    ...[...chain.tokens].map(([asset, token]) => ({
      asset,
      token: token as Address | null,
      network: chain.tokenNetwork,
    })),
    ...(chain.native ? [{ asset: chain.native.asset, token: null, network: chain.native.network }] : []),
  ].filter((r) => assetDecimals.has(r.asset));

  const readings: ChainReserveReading[] = [];
  for (const route of routes) {
    try {
      readings.push(await readRoute(db, client, chain, route, { blockNumber, blockHash: blockHash! }, assetDecimals));
    } catch (err) {
      // One token that cannot be read (a contract that reverts, a call the node refuses) leaves the
      // chain's other assets as read: only this one is published as unavailable.
      readings.push({
        chain: chain.name,
        asset: route.asset,
        token: route.token,
        problem: problemOf(`${chain.label} ${route.asset}`, err),
      });
    }
  }
  const { hash: after } = await client.getBlock({ blockNumber });
  if (after !== blockHash) throw new Error(`block ${blockNumber} was replaced while it was read`);
  return readings;
}

/**
 * The reserves of every followed chain, read before a snapshot's transaction opens (network I/O
 * never holds one open). A chain that cannot be read (node down, wrong chain, a block replaced)
 * gives, for each asset it carries, the problem instead of figures: the snapshot then publishes
 * those reserves as unavailable, never a wrong figure.
 */
export async function readChainReserves(db: Db): Promise<ChainReserveReading[]> {
  const settings = await activeChains(db);
  if (!settings) return [];
  const assetDecimals = new Map((await listAssets(db)).map((a) => [a.code, a.decimals]));
  const all = await Promise.all(
    settings.chains.map((chain) =>
      readChain(db, chain, assetDecimals).catch((err: unknown): ChainReserveReading[] => {
        const problem = problemOf(chain.label, err);
        return [
          ...[...chain.tokens.entries()].map(([asset, token]) => ({ chain: chain.name, asset, token, problem })),
          ...(chain.native ? [{ chain: chain.name, asset: chain.native.asset, token: null, problem }] : []),
        ].filter((r) => assetDecimals.has(r.asset));
      }),
    ),
  );
  return all.flat();
}
