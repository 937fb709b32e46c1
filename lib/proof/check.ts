import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rowsOf } from "@/db/rows";
import type { ProofSnapshot } from "@/db/schema";
import { TreeBuilder } from "./blocks";
import { decodeSums, hexOf } from "./encoding";
import { latestSnapshot } from "./snapshots";

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
    problems.push({ rule: "root sums equal the ledger's liabilities", detail: `snapshot ${snapshot.id}: root ${snapshot.rootSums.join("/")} vs ledger ${snapshot.ledgerSums.join("/")} (${codes.join("/")})` });
  }
  const builder = new TreeBuilder(codes.length);
  for (let from = 0; ; from += PAGE) {
    const rows = await rowsOf<{ position: number; user_id: string; nonce: string; balances: string }>(
      db,
      sql`select position, user_id, encode(nonce, 'hex') as nonce, encode(balances, 'hex') as balances
          from proof_leaves where snapshot_id = ${snapshot.id} and position >= ${from} and position < ${from + PAGE} order by position`,
    );
    for (const r of rows) {
      if (r.position !== builder.count) {
        problems.push({ rule: "leaves are numbered without gaps", detail: `snapshot ${snapshot.id}: leaf ${builder.count} is missing` });
        return problems;
      }
      builder.add({ accountId: r.user_id, nonce: new Uint8Array(Buffer.from(r.nonce, "hex")), balances: decodeSums(new Uint8Array(Buffer.from(r.balances, "hex"))) });
    }
    if (rows.length < PAGE) break;
  }
  const { root } = builder.finish();
  if (builder.count !== snapshot.accountCount) problems.push({ rule: "the snapshot holds every account it counts", detail: `snapshot ${snapshot.id}: ${builder.count} leaves stored, ${snapshot.accountCount} published` });
  if (hexOf(root.hash) !== snapshot.rootHash) problems.push({ rule: "the stored leaves give the published root", detail: `snapshot ${snapshot.id}: leaves give ${hexOf(root.hash)}, published ${snapshot.rootHash}` });
  if (root.sums.some((s, i) => String(s) !== snapshot.rootSums[i])) problems.push({ rule: "the stored leaves add up to the published totals", detail: `snapshot ${snapshot.id}: leaves sum to ${root.sums.join("/")}, published ${snapshot.rootSums.join("/")}` });
  return problems;
}

/** The latest snapshot's problems (none when there is no snapshot yet), for npm run ledger:check. */
export async function checkLatestSnapshot(db: Db): Promise<{ snapshot: ProofSnapshot | null; problems: SnapshotProblem[] }> {
  const snapshot = await latestSnapshot(db);
  return { snapshot, problems: snapshot ? await checkSnapshot(db, snapshot) : [] };
}
