import * as crypto from "node:crypto";
import {
  addSums,
  type AuditAnchor,
  EMPTY_TREE_PREIMAGE,
  hexOf,
  LEAF_ID_BYTES,
  leafIdPreimage,
  leafPreimage,
  leafPreimageLength,
  nodePreimage,
  nodePreimageLength,
  rootPreimage,
  type TreeNode,
} from "./encoding";

export interface LeafInput {
  nonce: Uint8Array;
  /** The leaf's opaque id (32 hex digits), leafIdOf(nonce, its owner's user id). */
  leafId: string;
  balances: bigint[];
}

/** One step of a path: the sibling met at a level, on its side of the running node. */
export interface PathStep {
  side: "left" | "right";
  sibling: TreeNode;
}

// A snapshot hashes two million preimages: crypto.hash (Node 20.12 and later) does it without a Hash
// object each, which the garbage collector would otherwise spend more time on than SHA-256 itself.
const sha256: (bytes: Uint8Array) => Uint8Array =
  typeof crypto.hash === "function"
    ? (bytes) => crypto.hash("sha256", bytes, "buffer")
    : (bytes) => crypto.createHash("sha256").update(bytes).digest();

// For the same reason the preimages are written into one buffer per size, reused (hashing is synchronous).
const scratch = new Map<number, Uint8Array>();
function scratchOf(length: number): Uint8Array {
  let bytes = scratch.get(length);
  if (!bytes) scratch.set(length, (bytes = new Uint8Array(length)));
  return bytes;
}

export function leafNode(leaf: LeafInput): TreeNode {
  return {
    hash: sha256(
      leafPreimage(leaf.nonce, leaf.leafId, leaf.balances, scratchOf(leafPreimageLength(leaf.balances.length))),
    ),
    sums: leaf.balances,
  };
}

/** A leaf's id from its nonce and its owner's user id: nothing stores it, it is recomputed where it is needed. */
export const leafIdOf = (nonce: Uint8Array, userId: string): string =>
  hexOf(sha256(leafIdPreimage(nonce, userId)).subarray(0, LEAF_ID_BYTES));

/** The published root: the tree's root with the audit chain's head it commits to. */
export const publishedRoot = (tree: TreeNode, audit: AuditAnchor | null): Uint8Array =>
  sha256(rootPreimage(tree, audit));

export function parentNode(left: TreeNode, right: TreeNode): TreeNode {
  const sums = addSums(left.sums, right.sums);
  return { hash: sha256(nodePreimage(left, right, scratchOf(nodePreimageLength(left.sums.length)))), sums };
}

export function emptyRoot(assetCount: number): TreeNode {
  return { hash: sha256(EMPTY_TREE_PREIMAGE), sums: Array.from({ length: assetCount }, () => 0n) };
}

/**
 * Every level of the tree over `nodes`, from `nodes` itself up to the single root: pairs (0,1),
 * (2,3), … are hashed together, an odd last node moves up unchanged.
 */
export function buildLevels(nodes: TreeNode[]): TreeNode[][] {
  const levels = [nodes];
  for (let level = nodes; level.length > 1;) {
    const next: TreeNode[] = [];
    for (let i = 0; i < level.length; i += 2)
      next.push(i + 1 < level.length ? parentNode(level[i]!, level[i + 1]!) : level[i]!);
    levels.push(next);
    level = next;
  }
  return levels;
}

/** The siblings from node `index` of the lowest level up to the root; a level where it has none adds no step. */
export function pathIn(levels: TreeNode[][], index: number): PathStep[] {
  const steps: PathStep[] = [];
  for (let l = 0, i = index; l < levels.length - 1; l++, i >>= 1) {
    const siblingIndex = i ^ 1;
    const sibling = levels[l]![siblingIndex];
    if (sibling) steps.push({ side: siblingIndex < i ? "left" : "right", sibling });
  }
  return steps;
}

/** The running node after each step, starting from `from`: the last one is the root. */
export function foldPath(from: TreeNode, steps: PathStep[]): TreeNode[] {
  const out: TreeNode[] = [];
  let node = from;
  for (const step of steps) {
    node = step.side === "left" ? parentNode(step.sibling, node) : parentNode(node, step.sibling);
    out.push(node);
  }
  return out;
}
