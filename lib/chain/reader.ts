import { createPublicClient, http, parseAbiItem, type Address, type Hash } from "viem";
import type { ChainConfig } from "./config";

export const TRANSFER_EVENT = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
const DECIMALS_ABI = [
  { type: "function", name: "decimals", stateMutability: "view", inputs: [], outputs: [{ type: "uint8" }] },
] as const;

/** A transfer as the chain shows it: raw amounts in the token's (or wei's) own units. */
export interface SeenTransfer {
  /** The token contract, or null for the chain's native coin. */
  token: Address | null;
  txHash: Hash;
  /** The log's index in its block; -1 for native coin sent by the transaction itself. */
  logIndex: number;
  blockNumber: bigint;
  blockHash: Hash;
  from: Address;
  to: Address;
  value: bigint;
}

/** What the watcher asks of a chain; a fake in a test, viem over JSON-RPC otherwise. */
export interface ChainReader {
  chainId(): Promise<number>;
  head(): Promise<bigint>;
  /** The hash of the block at `number` on the chain as the node sees it now. */
  blockHash(number: bigint): Promise<Hash>;
  /** Transfer logs of `tokens` in [from, to]. */
  tokenTransfers(tokens: Address[], from: bigint, to: bigint): Promise<SeenTransfer[]>;
  /** Native coin sent to one of `to` by successful transactions in [from, to]. */
  nativeTransfers(
    from: bigint,
    to: bigint,
    recipients: (addresses: Address[]) => Promise<Set<string>>,
  ): Promise<SeenTransfer[]>;
  tokenDecimals(token: Address): Promise<number>;
  /** Where a transaction was mined and whether it succeeded; null when the chain does not have it (now). */
  receipt(hash: string): Promise<{ blockNumber: bigint; blockHash: Hash; success: boolean } | null>;
}

/** An answer the node gave that cannot be right: treated like an outage (back off, retry), never believed. */
export class ChainAnswerError extends Error {}

function check<T>(ok: boolean, value: T, what: string): T {
  if (!ok) throw new ChainAnswerError(`the node answered garbage for ${what}`);
  return value;
}

const HASH = /^0x[0-9a-fA-F]{64}$/;

/**
 * A reader over JSON-RPC with viem. No retries of its own (the watcher backs off a whole chain),
 * a short timeout (a slow node is an outage too), and every answer checked for shape.
 */
export function rpcReader(config: Pick<ChainConfig, "rpcUrl">): ChainReader {
  const client = createPublicClient({
    transport: http(config.rpcUrl, { timeout: 10_000, retryCount: 0 }),
    cacheTime: 0,
  });
  const decimals = new Map<string, number>();
  return {
    chainId: () => client.getChainId(),
    async head() {
      const n = await client.getBlockNumber({ cacheTime: 0 });
      return check(typeof n === "bigint" && n >= 0n, n, "the head");
    },
    async blockHash(number) {
      const block = await client.getBlock({ blockNumber: number });
      return check(
        typeof block.hash === "string" && HASH.test(block.hash) && block.number === number,
        block.hash!,
        `block ${number}`,
      );
    },
    async tokenTransfers(tokens, from, to) {
      if (!tokens.length) return [];
      const logs = await client.getLogs({
        address: tokens,
        event: TRANSFER_EVENT,
        fromBlock: from,
        toBlock: to,
        strict: true,
      });
      return logs
        .filter((log) => !log.removed)
        .map((log) =>
          check(
            log.blockNumber !== null &&
              log.blockNumber >= from &&
              log.blockNumber <= to &&
              HASH.test(log.transactionHash ?? "") &&
              typeof log.args.value === "bigint",
            {
              token: log.address,
              txHash: log.transactionHash!,
              logIndex: log.logIndex!,
              blockNumber: log.blockNumber!,
              blockHash: log.blockHash!,
              from: log.args.from,
              to: log.args.to,
              value: log.args.value,
            },
            `the logs of ${from}–${to}`,
          ),
        );
    },
    async nativeTransfers(from, to, recipients) {
      const seen: SeenTransfer[] = [];
      for (let n = from; n <= to; n++) {
        const block = await client.getBlock({ blockNumber: n, includeTransactions: true });
        const paying = block.transactions.filter((t) => t.to && t.value > 0n);
        if (!paying.length) continue;
        const ours = await recipients(paying.map((t) => t.to!));
        for (const t of paying.filter((p) => ours.has(p.to!.toLowerCase()))) {
          // A reverted transaction moved nothing, whatever its value said.
          const receipt = await client.getTransactionReceipt({ hash: t.hash });
          if (receipt.status !== "success") continue;
          seen.push({
            token: null,
            txHash: t.hash,
            logIndex: -1,
            blockNumber: n,
            blockHash: block.hash!,
            from: t.from,
            to: t.to!,
            value: t.value,
          });
        }
      }
      return seen;
    },
    async receipt(hash) {
      const receipt = await client.getTransactionReceipt({ hash: hash as Hash }).catch((err: unknown) => {
        if (err instanceof Error && err.name === "TransactionReceiptNotFoundError") return null;
        throw err;
      });
      if (!receipt) return null;
      return check(
        typeof receipt.blockNumber === "bigint" && HASH.test(receipt.blockHash),
        { blockNumber: receipt.blockNumber, blockHash: receipt.blockHash, success: receipt.status === "success" },
        `the receipt of ${hash}`,
      );
    },
    async tokenDecimals(token) {
      const known = decimals.get(token);
      if (known !== undefined) return known;
      const value = await client.readContract({ address: token, abi: DECIMALS_ABI, functionName: "decimals" });
      decimals.set(token, check(Number.isInteger(value) && value <= 36, value, `${token}'s decimals`));
      return value;
    },
  };
}
