import { asc, count, gt, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { chained, type ChainHead, rowAt, rowsAfter, type StoredRow } from "./chain";
import type { ChainLink } from "./head";
import { GENESIS, rowHash } from "./encoding";

const BATCH = 10_000;
/** How many rows outside the chain a check names (it counts them all). */
const OUTSIDE_NAMED = 20;

/**
 * What is wrong at the first row that does not fit, by its place in the chain (and its id, when
 * there is such a row). `cut`: rows at the end that were there before are gone; `rewritten`: the row
 * at a place held before has another hash.
 */
export type BreakKind = "missing" | "repeated" | "moved" | "edited" | "time" | "cut" | "rewritten";

export interface ChainBreak {
  kind: BreakKind;
  seq: number;
  id: string | null;
  reason: string;
}

/** A row with no place in the chain: nothing the app writes (every version sets seq), so put there by hand. */
export interface OutsideEntry {
  id: string;
  createdAt: string;
  actorId: string;
  action: string;
}

export interface Outside {
  count: number;
  /** The first of them by time, OUTSIDE_NAMED at most. */
  named: OutsideEntry[];
}

export type ChainCheck =
  | { intact: true; entries: number; head: ChainHead | null; outside: Outside }
  | { intact: false; break: ChainBreak; outside: Outside };

export interface VerifyOptions {
  /** Start after this row, verified before: only that it is still there, unchanged, is checked again. */
  from?: ChainLink | null;
  /**
   * Rows the chain must still hold, each with that very hash (heads verified, seen or published
   * earlier): catch the chain's end cut off, or the chain rewritten up to there.
   */
  expect?: ChainLink[];
}

async function outsideRows(db: Db): Promise<Outside> {
  const [[{ n } = { n: 0 }], named] = await Promise.all([
    db.select({ n: count() }).from(auditLogs).where(isNull(auditLogs.seq)),
    db
      .select({
        id: auditLogs.id,
        createdAt: auditLogs.createdAt,
        actorId: auditLogs.actorId,
        action: auditLogs.action,
      })
      .from(auditLogs)
      .where(isNull(auditLogs.seq))
      .orderBy(asc(auditLogs.createdAt), asc(auditLogs.id))
      .limit(OUTSIDE_NAMED),
  ]);
  return { count: n, named: named.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}

/** The row's hash from its contents; null when they have no encoding (a number jsonb keeps but no double holds, put there by hand). */
function hashOf(prevHash: string, row: StoredRow): string | null {
  try {
    return rowHash(prevHash, chained(row));
  } catch {
    return null;
  }
}

/** Whether the chain still holds `link`, and the row there still hashes to it: the row (as a head) when it does. */
async function stillHolds(db: Db, link: ChainLink): Promise<ChainHead | ChainBreak> {
  const row = await rowAt(db, link.seq);
  if (!row) {
    const [later] = await db.select({ n: count() }).from(auditLogs).where(gt(auditLogs.seq, link.seq));
    return later?.n
      ? {
          kind: "missing",
          seq: link.seq,
          id: null,
          reason: `entry #${link.seq} is missing, though the chain held it before (hash ${link.hash})`,
        }
      : {
          kind: "cut",
          seq: link.seq,
          id: null,
          reason: `entry #${link.seq} is gone, though the chain held it before (hash ${link.hash}): its end was cut off`,
        };
  }
  if (row.hash !== link.hash || hashOf(row.prevHash ?? "", row) !== link.hash) {
    return {
      kind: "rewritten",
      seq: link.seq,
      id: row.id,
      reason: `entry #${link.seq} is not the row the chain held before (hash ${link.hash}): it was changed, or the chain rewritten up to here`,
    };
  }
  return { seq: link.seq, hash: link.hash, at: row.createdAt };
}

/**
 * Walks the chain in seq order and names the first row that does not fit: a seq missing or twice,
 * a prev_hash that is not the previous row's hash (a row removed, added or moved before it), a hash
 * that its own contents do not give (the row was changed), a time before the previous row's (times
 * never go backwards along the chain), or a row expected at a place that is not there with that
 * hash. Rows outside the chain (no seq) are named beside the result: no version of the app writes one.
 */
export async function verifyAuditChain(db: Db, { from = null, expect = [] }: VerifyOptions = {}): Promise<ChainCheck> {
  const outside = await outsideRows(db);
  const broken = (b: ChainBreak): ChainCheck => ({ intact: false, break: b, outside });
  let prev: ChainHead = { seq: 0, hash: GENESIS, at: "" };
  if (from) {
    const held = await stillHolds(db, from);
    if ("kind" in held) return broken(held);
    prev = held;
  }
  const expected = new Map(expect.filter((e) => e.seq > prev.seq).map((e) => [e.seq, e.hash]));
  for (const e of expect) {
    if (e.seq <= prev.seq) {
      const held = await stillHolds(db, e);
      if ("kind" in held) return broken(held);
    }
  }
  for (;;) {
    const rows = await rowsAfter(db, prev.seq, BATCH);
    for (const row of rows) {
      const seq = row.seq!;
      if (seq !== prev.seq + 1) {
        return broken(
          seq > prev.seq + 1
            ? {
                kind: "missing",
                seq: prev.seq + 1,
                id: null,
                reason: `entry #${prev.seq + 1} is missing: the chain goes from #${prev.seq} to #${seq}`,
              }
            : { kind: "repeated", seq, id: row.id, reason: `entry #${seq} appears more than once` },
        );
      }
      if (row.prevHash !== prev.hash) {
        return broken({
          kind: "moved",
          seq,
          id: row.id,
          reason: `its prev_hash is not the hash of entry #${prev.seq}: a row before it was removed, added or moved`,
        });
      }
      if (hashOf(prev.hash, row) !== row.hash) {
        return broken({
          kind: "edited",
          seq,
          id: row.id,
          reason: "its hash does not match its contents: the row was changed",
        });
      }
      // The encoded times have one fixed width, so they compare as text.
      if (row.createdAt < prev.at) {
        return broken({
          kind: "time",
          seq,
          id: row.id,
          reason: `its time ${row.createdAt} is before entry #${prev.seq}'s (${prev.at}): times never go backwards along the chain`,
        });
      }
      const hash = expected.get(seq);
      if (hash !== undefined && row.hash !== hash) {
        return broken({
          kind: "rewritten",
          seq,
          id: row.id,
          reason: `its hash is ${row.hash}, not ${hash} as held before: the chain was rewritten up to here`,
        });
      }
      expected.delete(seq);
      prev = { seq, hash: row.hash!, at: row.createdAt };
    }
    if (rows.length < BATCH) break;
  }
  const [beyond] = [...expected].sort(([a], [b]) => a - b);
  if (beyond) {
    const [seq, hash] = beyond;
    return broken({
      kind: "cut",
      seq,
      id: null,
      reason: `entry #${seq} is gone, though the chain held it before (hash ${hash}): its end was cut off after entry #${prev.seq}`,
    });
  }
  return { intact: true, entries: prev.seq, head: prev.seq === 0 ? null : prev, outside };
}
