/**
 * The byte encoding of the proof-of-liabilities Merkle sum tree (docs/PROOF-OF-LIABILITIES.md). Pure
 * and framework-free: the server builds the tree with it and the browser checks a path with it, so
 * both hash exactly the same bytes. scripts/proof-verify.ts repeats it on purpose (it must run alone).
 */
import { type ChainLink, parseLink } from "@/lib/audit/head";

export const HASH_BYTES = 32;
export const NONCE_BYTES = 32;
/** Every sum is an unsigned 64-bit integer: a negative sum cannot be encoded, a larger one is refused. */
export const MAX_SUM = (1n << 64n) - 1n;

const LEAF_TAG = 0x00;
const NODE_TAG = 0x01;
const ROOT_TAG = 0x03;
const LEAF_ID_TAG = 0x04;
/** A leaf's id: opaque, fresh in every snapshot, and a commitment to its owner's user id (leafIdPreimage). */
export const LEAF_ID_BYTES = 16;

export interface TreeNode {
  hash: Uint8Array;
  /** One sum per asset, in the snapshot's asset order, in smallest units. */
  sums: bigint[];
}

export class ProofEncodingError extends Error {}

function checkedSum(value: bigint): bigint {
  if (value < 0n) throw new ProofEncodingError(`a sum may not be negative (${value})`);
  if (value > MAX_SUM) throw new ProofEncodingError(`a sum may not exceed 2^64 - 1 (${value})`);
  return value;
}

/**
 * `sums(v)` written into `view` at `at`; returns where it ends. The preimages are written in place,
 * one allocation each: a snapshot encodes millions of them.
 */
export function writeSums(view: DataView, at: number, sums: readonly bigint[]): number {
  for (const s of sums) {
    view.setBigUint64(at, checkedSum(s));
    at += 8;
  }
  return at;
}

/** The sums as 8 bytes each, big-endian, in asset order. */
export function encodeSums(sums: readonly bigint[]): Uint8Array {
  const out = new Uint8Array(8 * sums.length);
  writeSums(new DataView(out.buffer), 0, sums);
  return out;
}

export function hexOf(bytes: Uint8Array): string {
  let hex = "";
  for (const b of bytes) hex += b.toString(16).padStart(2, "0");
  return hex;
}

const HEX_DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) HEX_DIGIT["0123456789abcdef".charCodeAt(i)] = i;

/** Writes `2 * length` lowercase hex digits of `hex` from `from` as bytes at `at`; false when one is not a digit. */
function writeHex(out: Uint8Array, at: number, hex: string, from: number, length: number): boolean {
  for (let i = 0; i < length; i++) {
    const hi = HEX_DIGIT[hex.charCodeAt(from + 2 * i)] ?? -1;
    const lo = HEX_DIGIT[hex.charCodeAt(from + 2 * i + 1)] ?? -1;
    if (hi < 0 || lo < 0) return false;
    out[at + i] = (hi << 4) | lo;
  }
  return true;
}

export function bytesOfHex(hex: string, length: number): Uint8Array {
  const out = new Uint8Array(length);
  if (hex.length !== 2 * length || !writeHex(out, 0, hex, 0, length))
    throw new ProofEncodingError(`expected ${length} bytes as ${2 * length} lowercase hex digits`);
  return out;
}

/** 16 bytes written at `at` from 32 hex digits, a UUID's dashes left out ("0190f5c2-…" → 0x01 0x90 0xf5 0xc2 …). */
function writeId(out: Uint8Array, at: number, id: string): void {
  const hex = id.toLowerCase().replace(/-/g, "");
  if (hex.length !== 32 || !writeHex(out, at, hex, 0, 16))
    throw new ProofEncodingError("expected 16 bytes as 32 lowercase hex digits");
}

/**
 * 0x04 ‖ nonce (32) ‖ user id (16): the first LEAF_ID_BYTES of its SHA-256 are the leaf's id. The
 * proof file carries only that id; its owner, who knows their user id, can check the leaf is theirs
 * (so two users with the same balances cannot be shown one leaf), and nobody else can tell whose it is.
 */
export function leafIdPreimage(nonce: Uint8Array, userId: string): Uint8Array {
  if (nonce.length !== NONCE_BYTES) throw new ProofEncodingError(`a nonce is ${NONCE_BYTES} bytes`);
  const bytes = new Uint8Array(1 + NONCE_BYTES + 16);
  bytes[0] = LEAF_ID_TAG;
  bytes.set(nonce, 1);
  writeId(bytes, 1 + NONCE_BYTES, userId);
  return bytes;
}

/** How long a leaf's preimage is, with `assetCount` balances. */
export const leafPreimageLength = (assetCount: number) => 1 + NONCE_BYTES + 16 + 8 * assetCount;

/** How long a node's preimage is, with `assetCount` sums per child. */
export const nodePreimageLength = (assetCount: number) => 1 + 2 * (HASH_BYTES + 8 * assetCount);

function target(out: Uint8Array | undefined, length: number): Uint8Array {
  if (!out) return new Uint8Array(length);
  if (out.length !== length) throw new ProofEncodingError(`a ${length}-byte preimage does not fit ${out.length} bytes`);
  return out;
}

/**
 * 0x00 ‖ nonce (32) ‖ leaf id (16) ‖ balance per asset (8 each): written into `out` when given
 * (the server reuses one buffer for every leaf of a snapshot), else into a new array.
 */
export function leafPreimage(
  nonce: Uint8Array,
  leafId: string,
  balances: readonly bigint[],
  out?: Uint8Array,
): Uint8Array {
  if (nonce.length !== NONCE_BYTES) throw new ProofEncodingError(`a nonce is ${NONCE_BYTES} bytes`);
  const bytes = target(out, leafPreimageLength(balances.length));
  bytes[0] = LEAF_TAG;
  bytes.set(nonce, 1);
  writeId(bytes, 1 + NONCE_BYTES, leafId);
  writeSums(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), 1 + NONCE_BYTES + 16, balances);
  return bytes;
}

/** 0x01 ‖ left hash (32) ‖ left sums ‖ right hash (32) ‖ right sums: into `out` when given, like a leaf's. */
export function nodePreimage(left: TreeNode, right: TreeNode, out?: Uint8Array): Uint8Array {
  if (left.hash.length !== HASH_BYTES || right.hash.length !== HASH_BYTES)
    throw new ProofEncodingError(`a hash is ${HASH_BYTES} bytes`);
  if (left.sums.length !== right.sums.length)
    throw new ProofEncodingError("both children must carry one sum per asset");
  const bytes = target(out, nodePreimageLength(left.sums.length));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  bytes[0] = NODE_TAG;
  bytes.set(left.hash, 1);
  const at = writeSums(view, 1 + HASH_BYTES, left.sums);
  bytes.set(right.hash, at);
  writeSums(view, at + HASH_BYTES, right.sums);
  return bytes;
}

/** The audit chain's head a snapshot commits to: its seq and hash (64 hex digits). */
export type AuditAnchor = ChainLink;

/**
 * 0x03 ‖ tree root hash (32) ‖ sums(tree root) ‖ u64(audit seq) ‖ audit hash (32): its SHA-256 is the
 * published root. So the root, and with it every user's proof file, commits to the audit chain's head
 * when the snapshot was taken (seq 0 and 32 zero bytes when the chain was empty): a rewrite of the
 * chain up to that head, or of the head a snapshot publishes, no longer matches what users hold.
 */
export function rootPreimage(tree: TreeNode, audit: AuditAnchor | null): Uint8Array {
  if (tree.hash.length !== HASH_BYTES) throw new ProofEncodingError(`a hash is ${HASH_BYTES} bytes`);
  const bytes = new Uint8Array(1 + HASH_BYTES + 8 * tree.sums.length + 8 + HASH_BYTES);
  const view = new DataView(bytes.buffer);
  bytes[0] = ROOT_TAG;
  bytes.set(tree.hash, 1);
  const at = writeSums(view, 1 + HASH_BYTES, tree.sums);
  if (audit) {
    if (!Number.isSafeInteger(audit.seq) || audit.seq < 1)
      throw new ProofEncodingError("an audit head's seq is a positive integer");
    view.setBigUint64(at, BigInt(audit.seq));
    bytes.set(bytesOfHex(audit.hash, HASH_BYTES), at + 8);
  }
  return bytes;
}

/** "1234:ab…" as a snapshot publishes its audit head; null for none, and an error for anything else. */
export function parseAuditHead(text: string | null): AuditAnchor | null {
  if (text === null) return null;
  const link = parseLink(text);
  if (!link)
    throw new ProofEncodingError(`an audit head is seq:hash (64 lowercase hex digits), not ${JSON.stringify(text)}`);
  return link;
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
