import { levelSizes, type TreeNode } from "./encoding";
import { buildLevels, emptyRoot, leafNode, type LeafInput, type PathStep } from "./tree";

/**
 * The tree is stored from this level up: below it, a path is rebuilt from its block of 2^6 = 64
 * leaves, read by position. Building keeps one block in memory, never the whole tree's lower levels.
 */
export const BLOCK_LEVEL = 6;
export const BLOCK_SIZE = 1 << BLOCK_LEVEL;

/** Takes the leaves in order and gives the root and the levels from the blocks' roots up. */
export class TreeBuilder {
  private block: TreeNode[] = [];
  private readonly blockRoots: TreeNode[] = [];
  count = 0;

  constructor(private readonly assetCount: number) {}

  add(leaf: LeafInput): void {
    this.block.push(leafNode(leaf));
    this.count++;
    if (this.block.length === BLOCK_SIZE) this.closeBlock();
  }

  /** The root, and every level of the tree from level BLOCK_LEVEL (the blocks' roots) to the root. */
  finish(): { root: TreeNode; upper: TreeNode[][] } {
    if (this.block.length) this.closeBlock();
    if (this.blockRoots.length === 0) return { root: emptyRoot(this.assetCount), upper: [] };
    const upper = buildLevels(this.blockRoots);
    return { root: upper[upper.length - 1]![0]!, upper };
  }

  private closeBlock() {
    const levels = buildLevels(this.block);
    this.blockRoots.push(levels[levels.length - 1]![0]!);
    this.block = [];
  }
}

/** Where the stored nodes a path needs above its block are: (level, position, side) from the block up. */
export function upperSiblings(
  position: number,
  leafCount: number,
): { level: number; position: number; side: PathStep["side"] }[] {
  const sizes = levelSizes(Math.ceil(leafCount / BLOCK_SIZE));
  const out: { level: number; position: number; side: PathStep["side"] }[] = [];
  for (let l = 0, i = position >> BLOCK_LEVEL; l < sizes.length - 1; l++, i >>= 1) {
    const sibling = i ^ 1;
    if (sibling < sizes[l]!)
      out.push({ level: BLOCK_LEVEL + l, position: sibling, side: sibling < i ? "left" : "right" });
  }
  return out;
}
