import { asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { proofChainReserves, type ProofChainReserve, type ProofSnapshot } from "@/db/schema";
import { formatAmount } from "@/lib/core/amount";
import { CHAINS, type ChainName } from "@/lib/chain/config";

/** What a snapshot read on chain, per chain and asset, in a fixed order. */
export async function chainReservesOf(db: Db, snapshotId: string): Promise<ProofChainReserve[]> {
  return db
    .select()
    .from(proofChainReserves)
    .where(eq(proofChainReserves.snapshotId, snapshotId))
    .orderBy(asc(proofChainReserves.chain), asc(proofChainReserves.asset));
}

/**
 * One reading as the snapshot publishes it: the block, the token, every address with its balance in
 * the token's own decimals (anyone can ask a node for the same figure at that block) and the sum in the
 * asset's, or `unavailable` with the problem.
 */
export function chainReserveView(r: ProofChainReserve, snapshot: Pick<ProofSnapshot, "assets">) {
  const decimals = snapshot.assets.find((a) => a.code === r.asset)?.decimals ?? 0;
  const chain = CHAINS[r.chain as ChainName];
  const base = { chain: r.chain, chainLabel: chain?.label ?? r.chain, asset: r.asset, token: r.token };
  if (r.problem !== null) return { ...base, status: "unavailable" as const, problem: r.problem };
  return {
    ...base,
    status: "read" as const,
    blockNumber: String(r.blockNumber),
    blockHash: r.blockHash,
    total: formatAmount(r.total!, decimals),
    addressesRead: r.addressesRead,
    addresses: r.addresses.map((a) => ({
      address: a.address,
      role: a.role,
      amount: formatAmount(BigInt(a.units), r.tokenDecimals!),
    })),
  };
}
export type ChainReserveView = ReturnType<typeof chainReserveView>;
