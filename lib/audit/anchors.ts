import { and, desc, isNotNull, ne } from "drizzle-orm";
import type { Db } from "@/db/client";
import { proofSnapshots } from "@/db/schema";
import { type ChainLink, parseLink } from "./head";

export interface Anchor {
  /** The proof-of-liabilities snapshot that published the head (its root commits to it). */
  snapshotId: string;
  takenAt: Date;
  link: ChainLink;
}

/**
 * The audit chain's heads as the proof-of-liabilities snapshots published them, newest first: every
 * user's proof file of a snapshot commits to its head through the root, so the chain must still hold
 * each. All of them, not only the newest: a snapshot row forged later (INSERT is allowed) could name
 * a rewritten chain's head, but not the older ones. (A snapshot's row is append-only; a superuser who
 * rewrote old ones would also have to rewrite the root every user's file of them holds.)
 */
export async function publishedAnchors(db: Db): Promise<Anchor[]> {
  const rows = await db
    .select({ id: proofSnapshots.id, takenAt: proofSnapshots.takenAt, auditHead: proofSnapshots.auditHead })
    .from(proofSnapshots)
    // A snapshot still being taken has no root yet.
    .where(and(isNotNull(proofSnapshots.auditHead), ne(proofSnapshots.rootHash, "")))
    .orderBy(desc(proofSnapshots.takenAt), desc(proofSnapshots.id));
  return rows.map((row) => {
    const link = parseLink(row.auditHead!);
    if (!link)
      throw new Error(`proof snapshot ${row.id} publishes an audit head that is not seq:hash (${row.auditHead})`);
    return { snapshotId: row.id, takenAt: row.takenAt, link };
  });
}
