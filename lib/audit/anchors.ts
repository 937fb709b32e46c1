import { and, desc, isNotNull, ne } from "drizzle-orm";
import type { Db } from "@/db/client";
import { proofSnapshots } from "@/db/schema";
import { type ChainLink, parseLink } from "./chain";

export interface Anchor {
  /** The proof-of-liabilities snapshot that published the head (its root commits to it). */
  snapshotId: string;
  takenAt: Date;
  link: ChainLink;
}

/**
 * The audit chain's head as the newest proof-of-liabilities snapshot published it: every user's proof
 * file of that snapshot commits to it through the root, so the chain must still hold it. Null before
 * the first snapshot with a chain. (The snapshot's row is append-only too; a superuser who rewrote it
 * would also have to rewrite the root every user's file holds.)
 */
export async function newestAnchor(db: Db): Promise<Anchor | null> {
  const [row] = await db
    .select({ id: proofSnapshots.id, takenAt: proofSnapshots.takenAt, auditHead: proofSnapshots.auditHead })
    .from(proofSnapshots)
    // A snapshot still being taken has no root yet.
    .where(and(isNotNull(proofSnapshots.auditHead), ne(proofSnapshots.rootHash, "")))
    .orderBy(desc(proofSnapshots.takenAt), desc(proofSnapshots.id))
    .limit(1);
  if (!row) return null;
  const link = parseLink(row.auditHead!);
  if (!link) throw new Error(`proof snapshot ${row.id} publishes an audit head that is not seq:hash (${row.auditHead})`);
  return { snapshotId: row.id, takenAt: row.takenAt, link };
}
