/**
 * The byte encoding of the proof-of-liabilities Merkle sum tree (docs/PROOF-OF-LIABILITIES.md). Pure
 * and framework-free: the server builds the tree with it and the browser checks a path with it, so
 * both hash exactly the same bytes. scripts/proof-verify.ts repeats it on purpose (it must run alone).
 */

export const HASH_BYTES = 32;
export const NONCE_BYTES = 32;
/** Every sum is an unsigned 64-bit integer: a negative sum cannot be encoded, a larger one is refused. */
export const MAX_SUM = (1n << 64n) - 1n;

const LEAF_TAG = 0x00;
const NODE_TAG = 0x01;

export interface TreeNode {
  hash: Uint8Array;
  /** One sum per asset, in the snapshot's asset order, in smallest units. */
  sums: bigint[];
}

export class ProofEncodingError extends Error {}

function u64(value: bigint): Uint8Array {
  if (value < 0n) throw new ProofEncodingError(`a sum may not be negative (${value})`);
  if (value > MAX_SUM) throw new ProofEncodingError(`a sum may not exceed 2^64 - 1 (${value})`);
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value);
  return out;
}

/** The sums as 8 bytes each, big-endian, in asset order. */
export function encodeSums(sums: readonly bigint[]): Uint8Array {
  const out = new Uint8Array(8 * sums.length);
  sums.forEach((s, i) => out.set(u64(s), 8 * i));
  return out;
}

export function hexOf(bytes: Uint8Array): string {
  let hex = "";
  for (const b of bytes) hex += b.toString(16).padStart(2, "0");
  return hex;
}

export function bytesOfHex(hex: string, length: number): Uint8Array {
  if (!new RegExp(`^[0-9a-f]{${2 * length}}$`).test(hex)) throw new ProofEncodingError(`expected ${length} bytes as ${2 * length} lowercase hex digits`);
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** A UUID's 16 bytes ("0190f5c2-…" → 0x01 0x90 0xf5 0xc2 …). */
export function uuidBytes(id: string): Uint8Array {
  return bytesOfHex(id.toLowerCase().replace(/-/g, ""), 16);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** 0x00 ‖ nonce (32) ‖ account id (16) ‖ balance per asset (8 each). */
export function leafPreimage(nonce: Uint8Array, accountId: string, balances: readonly bigint[]): Uint8Array {
  if (nonce.length !== NONCE_BYTES) throw new ProofEncodingError(`a nonce is ${NONCE_BYTES} bytes`);
  return concat([Uint8Array.of(LEAF_TAG), nonce, uuidBytes(accountId), encodeSums(balances)]);
}

/** 0x01 ‖ left hash (32) ‖ left sums ‖ right hash (32) ‖ right sums. */
export function nodePreimage(left: TreeNode, right: TreeNode): Uint8Array {
  return concat([Uint8Array.of(NODE_TAG), left.hash, encodeSums(left.sums), right.hash, encodeSums(right.sums)]);
}

/** A parent's sums: the children's, asset by asset; refused when either is negative or the total overflows. */
export function addSums(left: readonly bigint[], right: readonly bigint[]): bigint[] {
  if (left.length !== right.length) throw new ProofEncodingError("both children must carry one sum per asset");
  return left.map((l, i) => {
    const r = right[i]!;
    if (l < 0n || r < 0n) throw new ProofEncodingError("a sum may not be negative");
    const total = l + r;
    if (total > MAX_SUM) throw new ProofEncodingError("a sum may not exceed 2^64 - 1");
    return total;
  });
}

/**
 * How many nodes each level of a tree over `leafCount` leaves has, from the leaves (level 0) up to
 * the root. Pairs are (0,1), (2,3), …; an odd last node moves up a level unchanged.
 */
export function levelSizes(leafCount: number): number[] {
  const sizes = [leafCount];
  while (sizes[sizes.length - 1]! > 1) sizes.push(Math.ceil(sizes[sizes.length - 1]! / 2));
  return sizes;
}

/** The root of a tree with no leaves: SHA-256 of the single byte 0x02, every sum zero. */
export const EMPTY_TREE_PREIMAGE = Uint8Array.of(0x02);

/** `encodeSums` read back: 8 bytes per asset, unsigned big-endian. */
export function decodeSums(bytes: Uint8Array): bigint[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: bytes.length / 8 }, (_, i) => view.getBigUint64(8 * i));
}
