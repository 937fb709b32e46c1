import { count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { proofLeaves, proofNodes, proofSnapshots, type ProofSnapshot } from "@/db/schema";
import { readEnv } from "@/lib/core/env";
import { notFound } from "@/lib/core/errors";
import { onePage, type Pagination } from "@/lib/core/query";
import { DAY_MS } from "@/lib/core/time";
import { amountsOf, assembleProof, type SnapshotHeader } from "./assemble";
import { BLOCK_SIZE, upperSiblings } from "./blocks";
import { decodeSums, type TreeNode } from "./encoding";
import { type ProofFile, SNAPSHOT_FORMAT } from "./proof-file";
import { buildLevels, leafIdOf, leafNode, pathIn, type LeafInput } from "./tree";

export const headerOf = (s: ProofSnapshot): SnapshotHeader => ({
  id: s.id,
  takenAt: s.takenAt,
  rootHash: s.rootHash,
  totals: s.rootSums.map(BigInt),
  accountCount: s.accountCount,
  assets: s.assets,
  auditHead: s.auditHead,
});

/** A snapshot as anyone may see it: no user's data, only the root and the totals. */
export function snapshotView(s: ProofSnapshot) {
  return {
    id: s.id,
    takenAt: s.takenAt.toISOString(),
    trigger: s.trigger,
    rootHash: s.rootHash,
    accountCount: s.accountCount,
    assets: s.assets,
    totals: amountsOf(s.rootSums.map(BigInt), s.assets),
    auditHead: s.auditHead,
  };
}
export type SnapshotView = ReturnType<typeof snapshotView>;

export async function listSnapshots(db: Db, { page, pageSize }: Pagination) {
  const [rows, [total]] = await Promise.all([
    onePage(
      db.select().from(proofSnapshots).orderBy(desc(proofSnapshots.takenAt), desc(proofSnapshots.id)).$dynamic(),
      { page, pageSize },
    ),
    db.select({ n: count() }).from(proofSnapshots),
  ]);
  return { snapshots: rows, total: total?.n ?? 0 };
}

export async function latestSnapshot(db: Db): Promise<ProofSnapshot | null> {
  const [row] = await db
    .select()
    .from(proofSnapshots)
    .orderBy(desc(proofSnapshots.takenAt), desc(proofSnapshots.id))
    .limit(1);
  return row ?? null;
}

export async function snapshotById(db: Db, id: string): Promise<ProofSnapshot | null> {
  const [row] = await db.select().from(proofSnapshots).where(eq(proofSnapshots.id, id));
  return row ?? null;
}

export async function findSnapshot(db: Db, id: string): Promise<ProofSnapshot> {
  const row = await snapshotById(db, id);
  if (!row) throw notFound("No such snapshot");
  return row;
}

const bytesOf = (hex: string) => new Uint8Array(Buffer.from(hex, "hex"));

/**
 * One user's proof file for a snapshot: their leaf's block of at most 64 leaves read by position (in
 * the same statement that finds their leaf) and rebuilt, then one stored node per level above it. Two
 * round trips and a few index lookups at any size. The file names the leaf by its opaque id, never
 * by the user's (nor the block's other users').
 */
export async function proofFor(db: Db, snapshotId: string, userId: string, now = new Date()): Promise<ProofFile> {
  const [snapshot, block] = await Promise.all([
    findSnapshot(db, snapshotId),
    rowsOf<{ position: number; user_id: string; nonce: string; balances: string }>(
      db,
      // The bounds are scalar subqueries on purpose: the planner then scans the primary key's range,
      // whatever its statistics say about a table a million rows were just written to.
      sql`select position, user_id, encode(nonce, 'hex') as nonce, encode(balances, 'hex') as balances
          from proof_leaves
          where snapshot_id = ${snapshotId}
            and position >= (select position - position % ${BLOCK_SIZE} from proof_leaves where snapshot_id = ${snapshotId} and user_id = ${userId})
            and position < (select position - position % ${BLOCK_SIZE} + ${BLOCK_SIZE} from proof_leaves where snapshot_id = ${snapshotId} and user_id = ${userId})
          order by position`,
    ),
  ]);
  // A snapshot of the first format put user ids in its leaves (and so in every neighbour's file): no
  // file of it is served any more. Its root and totals stay published; ledger:check still checks it.
  if (snapshot.format !== SNAPSHOT_FORMAT) {
    throw notFound(
      "This snapshot was taken before proofs stopped naming users: its proofs are no longer served. Check the next one (there is one every day).",
      "PROOF_FORMAT_RETIRED",
    );
  }
  const index = block.findIndex((r) => r.user_id === userId);
  if (index < 0 && snapshot.takenAt.getTime() < prunedBefore(now).getTime()) {
    throw notFound(
      `The proofs of a snapshot are kept ${readEnv().PROOF_LEAVES_KEEP_DAYS} days: this one's are gone. Its root and totals stay published.`,
      "PROOF_PRUNED",
    );
  }
  if (index < 0)
    throw notFound(
      "You had no balances at Aurum when this snapshot was taken, so it holds nothing of yours",
      "NOT_IN_SNAPSHOT",
    );
  const position = block[index]!.position;
  const leaves: LeafInput[] = block.map((r) => {
    const nonce = bytesOf(r.nonce);
    return { leafId: leafIdOf(nonce, r.user_id), nonce, balances: decodeSums(bytesOf(r.balances)) };
  });
  const steps = pathIn(buildLevels(leaves.map(leafNode)), index);

  const above = upperSiblings(position, snapshot.accountCount);
  if (above.length) {
    const rows = await rowsOf<{ level: number; position: number; hash: string; sums: string }>(
      db,
      sql`select level, position, encode(hash, 'hex') as hash, encode(sums, 'hex') as sums from proof_nodes
          where snapshot_id = ${snapshot.id} and (level, position) in (${sql.join(
            above.map((a) => sql`(${a.level}::smallint, ${a.position}::int)`),
            sql`, `,
          )})`,
    );
    const stored = new Map(
      rows.map((r) => [
        `${r.level}:${r.position}`,
        { hash: bytesOf(r.hash), sums: decodeSums(bytesOf(r.sums)) } as TreeNode,
      ]),
    );
    for (const a of above) {
      const sibling = stored.get(`${a.level}:${a.position}`);
      if (!sibling)
        throw new Error(`snapshot ${snapshot.id} lacks its node at level ${a.level}, position ${a.position}`);
      steps.push({ side: a.side, sibling });
    }
  }
  return assembleProof(headerOf(snapshot), leaves[index]!, steps);
}

/** A day and a bit: the daily snapshot is late when the latest one is older than this. */
const LATE_AFTER_MS = 26 * 60 * 60_000;

/**
 * The latest snapshot for the dashboard: whether its root's sums equal the ledger's liabilities read
 * with it, and whether the daily job is late. (Rebuilding the root from the stored leaves is
 * npm run ledger:check's work: too slow for a page at a million accounts.)
 */
export async function proofStatus(db: Db, now = new Date()) {
  const latest = await latestSnapshot(db);
  if (!latest) return null;
  return {
    snapshot: snapshotView(latest),
    matchesLedger:
      latest.rootSums.length === latest.ledgerSums.length &&
      latest.rootSums.every((s, i) => s === latest.ledgerSums[i]),
    late: now.getTime() - latest.takenAt.getTime() > LATE_AFTER_MS,
  };
}

/** Snapshots taken before this keep their root and totals but no longer their leaves (PROOF_LEAVES_KEEP_DAYS). */
const prunedBefore = (now: Date) => new Date(now.getTime() - readEnv().PROOF_LEAVES_KEEP_DAYS * DAY_MS);

/**
 * Removes the leaves and stored nodes of snapshots older than PROOF_LEAVES_KEEP_DAYS (the daily job
 * runs it): a leaf holds one user's balances, kept no longer than a user needs to check them. The
 * snapshot's row (root, totals, audit head) stays for good. Returns how many leaves went.
 */
export async function pruneOldLeaves(db: Db, now = new Date()): Promise<number> {
  const old = db
    .select({ id: proofSnapshots.id })
    .from(proofSnapshots)
    .where(lt(proofSnapshots.takenAt, prunedBefore(now)));
  const gone = await db
    .delete(proofLeaves)
    .where(inArray(proofLeaves.snapshotId, old))
    .returning({ position: proofLeaves.position });
  await db.delete(proofNodes).where(inArray(proofNodes.snapshotId, old));
  return gone.length;
}
