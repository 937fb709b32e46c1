import { count, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { chained, chainedColumns, type ChainLink, rowsAfter } from "./chain";
import { GENESIS, rowHash } from "./encoding";

const BATCH = 10_000;

/** The first row that does not fit, by its place in the chain (and its id, when there is such a row). */
export interface ChainBreak {
  seq: number;
  id: string | null;
  reason: string;
}

export type ChainCheck =
  | { intact: true; entries: number; head: ChainLink | null; waiting: number }
  | { intact: false; break: ChainBreak; waiting: number };

export interface VerifyOptions {
  /** Start after this row, verified before: only that it is still there, unchanged, is checked again. */
  from?: ChainLink | null;
  /** A row the chain must still hold (a head verified or published earlier): catches the chain's end cut off or rewritten. */
  expect?: ChainLink | null;
}

async function rowAt(db: Db, seq: number) {
  const [row] = await db.select(chainedColumns).from(auditLogs).where(eq(auditLogs.seq, seq)).limit(2);
  return row;
}

/** The row's hash from its contents; null when they have no encoding (a number jsonb keeps but no double holds, put there by hand). */
function hashOf(prevHash: string, row: Awaited<ReturnType<typeof rowsAfter>>[number]): string | null {
  try {
    return rowHash(prevHash, chained(row));
  } catch {
    return null;
  }
}

/** Whether the chain still holds `link`, and the row there still hashes to it. */
async function stillHolds(db: Db, link: ChainLink): Promise<ChainBreak | null> {
  const row = await rowAt(db, link.seq);
  if (!row) return { seq: link.seq, id: null, reason: `entry #${link.seq} is gone, though the chain held it before (hash ${link.hash})` };
  if (row.hash !== link.hash || hashOf(row.prevHash ?? "", row) !== link.hash) {
    return { seq: link.seq, id: row.id, reason: `entry #${link.seq} is not the row the chain held before (hash ${link.hash})` };
  }
  return null;
}

/**
 * Walks the chain in seq order and names the first row that does not fit: a seq missing or twice,
 * a prev_hash that is not the previous row's hash (a row removed, added or moved before it), or a
 * hash that its own contents do not give (the row was changed). Rows still waiting for their place
 * (written by a version before the chain) are counted, not judged.
 */
export async function verifyAuditChain(db: Db, { from = null, expect = null }: VerifyOptions = {}): Promise<ChainCheck> {
  const [{ n: waiting } = { n: 0 }] = await db.select({ n: count() }).from(auditLogs).where(isNull(auditLogs.seq));
  const broken = (b: ChainBreak): ChainCheck => ({ intact: false, break: b, waiting });
  if (from) {
    const gone = await stillHolds(db, from);
    if (gone) return broken(gone);
  }
  let prev: ChainLink = from ?? { seq: 0, hash: GENESIS };
  let passedExpected = !expect || expect.seq <= prev.seq;
  for (;;) {
    const rows = await rowsAfter(db, prev.seq, BATCH);
    for (const row of rows) {
      const seq = row.seq!;
      if (seq !== prev.seq + 1) {
        const reason = seq > prev.seq + 1 ? `entry #${prev.seq + 1} is missing: the chain goes from #${prev.seq} to #${seq}` : `entry #${seq} appears more than once`;
        return broken({ seq: Math.min(seq, prev.seq + 1), id: seq > prev.seq + 1 ? null : row.id, reason });
      }
      if (row.prevHash !== prev.hash) {
        return broken({ seq, id: row.id, reason: `its prev_hash is not the hash of entry #${prev.seq}: a row before it was removed, added or moved` });
      }
      if (hashOf(prev.hash, row) !== row.hash) {
        return broken({ seq, id: row.id, reason: "its hash does not match its contents: the row was changed" });
      }
      if (expect && seq === expect.seq) {
        if (row.hash !== expect.hash) return broken({ seq, id: row.id, reason: `its hash is ${row.hash}, not ${expect.hash} as held before: the chain was rewritten up to here` });
        passedExpected = true;
      }
      prev = { seq, hash: row.hash! };
    }
    if (rows.length < BATCH) break;
  }
  if (!passedExpected) {
    return broken({ seq: expect!.seq, id: null, reason: `entry #${expect!.seq} is gone, though the chain held it before (hash ${expect!.hash}): its end was cut off` });
  }
  return { intact: true, entries: prev.seq, head: prev.seq === 0 ? null : prev, waiting };
}
