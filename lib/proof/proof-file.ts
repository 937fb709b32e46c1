/**
 * The proof file: what `GET /api/proof/snapshots/{id}/me` answers, what "Download my proof" saves,
 * and what the page and scripts/proof-verify.ts check. Amounts are decimal strings with the asset's
 * decimals; hashes and nonces are lowercase hex.
 */
export const SNAPSHOT_FORMAT = 2;
export const PROOF_FORMAT = `aurum-proof-of-liabilities/${SNAPSHOT_FORMAT}` as const;

export type Amounts = Record<string, string>;

export interface ProofStep {
  /** Which side of the running node the sibling sits on. */
  side: "left" | "right";
  /** The sibling's hash and per-asset sums. */
  hash: string;
  sums: Amounts;
  /** The hash of the parent this step makes (the last one is the tree's root, under the published root). */
  result: string;
}

export interface ProofFile {
  format: typeof PROOF_FORMAT;
  /** `auditHead`: the audit chain's head ("seq:hash") the root commits to, null when the chain was empty. */
  snapshot: {
    id: string;
    takenAt: string;
    rootHash: string;
    totals: Amounts;
    accountCount: number;
    auditHead: string | null;
  };
  /** The snapshot's assets in encoding order. */
  assets: { code: string; decimals: number }[];
  /** `leaf`: the leaf's opaque id in this snapshot (32 hex digits), not the user's id, which the file does not carry. */
  account: { leaf: string; nonce: string; balances: Amounts; hash: string };
  path: ProofStep[];
}
