import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rowsOf } from "@/db/rows";
import type { ProofSnapshot } from "@/db/schema";
import { TreeBuilder } from "./blocks";
import { decodeSums, hexOf, parseAuditHead } from "./encoding";
import { latestSnapshot } from "./snapshots";
import { emptyRoot, leafIdOf, publishedRoot } from "./tree";

export interface SnapshotProblem {
  rule: string;
  detail: string;
}

const PAGE = 10_000;

/**
 * The published snapshot against what it stores and what the ledger said: the root's sums equal the
 * ledger's liabilities read in the same transaction, and the stored leaves, rebuilt in order, give the
 * published root, sums and account count. Returns what is wrong, none when it holds.
 */
export async function checkSnapshot(db: Db, snapshot: ProofSnapshot): Promise<SnapshotProblem[]> {
  const problems: SnapshotProblem[] = [];
  const codes = snapshot.assets.map((a) => a.code);
  if (snapshot.rootSums.some((s, i) => s !== snapshot.ledgerSums[i])) {
    problems.push({
      rule: "root sums equal the ledger's liabilities",
      detail: `snapshot ${snapshot.id}: root ${snapshot.rootSums.join("/")} vs ledger ${snapshot.ledgerSums.join("/")} (${codes.join("/")})`,
    });
  }
  // Format 1 (before the root committed to the audit head): leaves carried the user id, and the root was the tree's top.
  const firstFormat = snapshot.format === 1;
  const builder = new TreeBuilder(codes.length);
  for (let from = 0; ; from += PAGE) {
    const rows = await rowsOf<{ position: number; user_id: string; nonce: string; balances: string }>(
      db,
      sql`select position, user_id, encode(nonce, 'hex') as nonce, encode(balances, 'hex') as balances
          from proof_leaves where snapshot_id = ${snapshot.id} and position >= ${from} and position < ${from + PAGE} order by position`,
    );
    for (const r of rows) {
      if (r.position !== builder.count) {
        problems.push({
          rule: "leaves are numbered without gaps",
          detail: `snapshot ${snapshot.id}: leaf ${builder.count} is missing`,
        });
        return problems;
      }
      const nonce = new Uint8Array(Buffer.from(r.nonce, "hex"));
      builder.add({
        leafId: firstFormat ? r.user_id : leafIdOf(nonce, r.user_id),
        nonce,
        balances: decodeSums(new Uint8Array(Buffer.from(r.balances, "hex"))),
      });
    }
    if (rows.length < PAGE) break;
  }
  const { root } = builder.finish();
  if (builder.count !== snapshot.accountCount)
    problems.push({
      rule: "the snapshot holds every account it counts",
      detail: `snapshot ${snapshot.id}: ${builder.count} leaves stored, ${snapshot.accountCount} published`,
    });
  const published = hexOf(firstFormat ? root.hash : publishedRoot(root, parseAuditHead(snapshot.auditHead)));
  if (published !== snapshot.rootHash)
    problems.push({
      rule: "the stored leaves and audit head give the published root",
      detail: `snapshot ${snapshot.id}: they give ${published}, published ${snapshot.rootHash}`,
    });
  if (root.sums.some((s, i) => String(s) !== snapshot.rootSums[i]))
    problems.push({
      rule: "the stored leaves add up to the published totals",
      detail: `snapshot ${snapshot.id}: leaves sum to ${root.sums.join("/")}, published ${snapshot.rootSums.join("/")}`,
    });
  return problems;
}

/** The latest snapshot's problems (none when there is no snapshot yet), for npm run ledger:check. */
export async function checkLatestSnapshot(
  db: Db,
): Promise<{ snapshot: ProofSnapshot | null; problems: SnapshotProblem[] }> {
  const snapshot = await latestSnapshot(db);
  return { snapshot, problems: snapshot ? await checkSnapshot(db, snapshot) : [] };
}

/**
 * Whether the snapshot's root still commits to the audit head its row publishes: its stored top node
 * with that head gives the root (a handful of bytes, not the leaves). Null once its tree is pruned.
 * A head changed in the row alone no longer matches; changing the root too would not match the root
 * every user's proof file, and every copy of the page, holds. Null too for a snapshot of format 1,
 * whose root did not commit to its head.
 */
export async function auditHeadCommitted(db: Db, snapshot: ProofSnapshot): Promise<boolean | null> {
  const [top] = await rowsOf<{ hash: string; sums: string }>(
    db,
    sql`select encode(hash, 'hex') as hash, encode(sums, 'hex') as sums from proof_nodes where snapshot_id = ${snapshot.id} order by level desc limit 1`,
  );
  const tree = top
    ? {
        hash: new Uint8Array(Buffer.from(top.hash, "hex")),
        sums: decodeSums(new Uint8Array(Buffer.from(top.sums, "hex"))),
      }
    : snapshot.accountCount === 0
      ? emptyRoot(snapshot.assets.length)
      : null;
  if (!tree || snapshot.format === 1) return null;
  return hexOf(publishedRoot(tree, parseAuditHead(snapshot.auditHead))) === snapshot.rootHash;
}
