import { formatAmount } from "@/lib/core/amount";
import { hexOf } from "./encoding";
import { PROOF_FORMAT, type Amounts, type ProofFile } from "./proof-file";
import { foldPath, leafNode, type LeafInput, type PathStep } from "./tree";

export interface SnapshotHeader {
  id: string;
  takenAt: Date;
  rootHash: string;
  /** The root's sums, in asset order. */
  totals: bigint[];
  accountCount: number;
  assets: { code: string; decimals: number }[];
  auditHead: string | null;
}

export const amountsOf = (sums: readonly bigint[], assets: SnapshotHeader["assets"]): Amounts =>
  Object.fromEntries(assets.map((a, i) => [a.code, formatAmount(sums[i]!, a.decimals)]));

/** The proof file for one leaf and its path, with the hash each step makes, as the verifiers read it. */
export function assembleProof(snapshot: SnapshotHeader, leaf: LeafInput, steps: PathStep[]): ProofFile {
  const node = leafNode(leaf);
  const results = foldPath(node, steps);
  const { assets } = snapshot;
  return {
    format: PROOF_FORMAT,
    snapshot: {
      id: snapshot.id,
      takenAt: snapshot.takenAt.toISOString(),
      rootHash: snapshot.rootHash,
      totals: amountsOf(snapshot.totals, assets),
      accountCount: snapshot.accountCount,
      auditHead: snapshot.auditHead,
    },
    assets,
    account: {
      leaf: leaf.leafId,
      nonce: hexOf(leaf.nonce),
      balances: amountsOf(leaf.balances, assets),
      hash: hexOf(node.hash),
    },
    path: steps.map((s, i) => ({
      side: s.side,
      hash: hexOf(s.sibling.hash),
      sums: amountsOf(s.sibling.sums, assets),
      result: hexOf(results[i]!.hash),
    })),
  };
}
