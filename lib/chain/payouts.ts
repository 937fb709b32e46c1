import { createPublicClient, decodeEventLog, http, type Hash } from "viem";
import type { Db } from "@/db/client";
import { activeChains, chainRoute } from "./config";
import { TRANSFER_EVENT } from "./reader";
import type { FundingNetwork } from "@/db/schema";

/** What a withdrawal says was sent: its pair, where to, how much (in the asset's units) and from which custody addresses. */
export interface Payout {
  currency: string;
  network: FundingNetwork;
  address: string;
  amount: bigint;
  decimals: number;
  custody: string[];
  txHash: string;
}

/**
 * What the chain shows of a transaction, or what stops it being checked at all; with the block it was
 * mined in, once it is found, so the withdrawal's confirmations count from the moment it is marked sent.
 */
export type PayoutCheck =
  { checked: false } | { checked: true; problems: string[]; block: { number: bigint; hash: string } | null };

const eq = (a: string | null | undefined, b: string) => !!a && a.toLowerCase() === b.toLowerCase();

/**
 * Checks on chain that `txHash` pays the withdrawal: the transaction exists and succeeded, and moves
 * the asset (that token's Transfer, or ether sent by the transaction itself) from one of the custody
 * addresses to the withdrawal's address, exactly its amount. `checked: false` where the network is
 * not followed (the proof flow's trust in the administrator stays); otherwise the list of what does
 * not match, empty when it all does. A node that cannot answer throws: nothing is marked sent unchecked.
 */
export async function checkPayout(db: Db, p: Payout): Promise<PayoutCheck> {
  const route = chainRoute(await activeChains(db), p.currency, p.network);
  if (!route) return { checked: false };
  const client = createPublicClient({ transport: http(route.chain.rpcUrl, { timeout: 10_000, retryCount: 1 }) });
  const hash = p.txHash as Hash;
  const receipt = await client.getTransactionReceipt({ hash }).catch((err: unknown) => {
    if (err instanceof Error && err.name === "TransactionReceiptNotFoundError") return null;
    throw err;
  });
  if (!receipt)
    return { checked: true, problems: [`Transaction ${p.txHash} is not on ${route.chain.label}`], block: null };
  const block = { number: receipt.blockNumber, hash: receipt.blockHash.toLowerCase() };
  if (receipt.status !== "success")
    return { checked: true, problems: ["The transaction failed on chain: it moved nothing"], block };
  const problems: string[] = [];
  const fromCustody = (from: string) => p.custody.some((c) => eq(c, from));
  if (route.token === null) {
    const tx = await client.getTransaction({ hash });
    const expected = p.amount * 10n ** BigInt(18 - p.decimals);
    if (!eq(tx.to, p.address)) problems.push(`It pays ${tx.to ?? "no address"}, not the withdrawal's ${p.address}`);
    if (tx.value !== expected) problems.push(`It sends ${tx.value} wei, not the ${expected} of the withdrawal`);
    if (!fromCustody(tx.from)) problems.push(`It is sent from ${tx.from}, which is no custody address`);
    return { checked: true, problems, block };
  }
  const token = route.token;
  const transfers = receipt.logs.flatMap((log) => {
    try {
      const decoded = decodeEventLog({ abi: [TRANSFER_EVENT], data: log.data, topics: log.topics });
      return [{ token: log.address, ...decoded.args }];
    } catch {
      return [];
    }
  });
  const ofToken = transfers.filter((t) => eq(t.token, token));
  if (!ofToken.length) {
    problems.push(`It moves no ${p.currency} (token ${token})${transfers.length ? `, only other tokens` : ""}`);
    return { checked: true, problems, block };
  }
  const decimals = await client.readContract({
    address: token,
    abi: [{ type: "function", name: "decimals", stateMutability: "view", inputs: [], outputs: [{ type: "uint8" }] }],
    functionName: "decimals",
  });
  const expected =
    decimals >= p.decimals
      ? p.amount * 10n ** BigInt(decimals - p.decimals)
      : p.amount / 10n ** BigInt(p.decimals - decimals);
  const paying = ofToken.filter((t) => eq(t.to, p.address));
  if (!paying.length)
    problems.push(`It pays ${ofToken.map((t) => t.to).join(", ")}, not the withdrawal's ${p.address}`);
  const exact = paying.filter((t) => t.value === expected);
  if (paying.length && !exact.length)
    problems.push(
      `It sends ${paying.map((t) => t.value).join(", ")} token units, not the ${expected} of the withdrawal`,
    );
  const candidates = exact.length ? exact : paying.length ? paying : ofToken;
  if (!candidates.some((t) => fromCustody(t.from)))
    problems.push(`It is sent from ${candidates.map((t) => t.from).join(", ")}, which is no custody address`);
  return { checked: true, problems, block };
}
