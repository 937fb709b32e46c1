import { asc, desc, eq, gt, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { afterCommit } from "@/db/transaction";
import type { ChainedRow, Json } from "./encoding";
import type { ChainLink } from "./head";
import { noteHead } from "./seen";

/** A link with its row's time as the chain encodes it (UTC, six fractional digits). */
export interface ChainHead extends ChainLink {
  at: string;
}

/** created_at printed by the database to the microsecond, so no driver rounds it. */
const printedTime = sql<string>`to_char(${auditLogs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The chain's columns as the encoding reads them. */
export const chainedColumns = {
  seq: auditLogs.seq,
  id: auditLogs.id,
  createdAt: printedTime,
  actorId: auditLogs.actorId,
  action: auditLogs.action,
  targetType: auditLogs.targetType,
  targetId: auditLogs.targetId,
  ip: auditLogs.ip,
  detail: auditLogs.detail,
  prevHash: auditLogs.prevHash,
  hash: auditLogs.hash,
};

export type StoredRow = Awaited<ReturnType<typeof rowsAfter>>[number];

/** A stored row as the encoding takes it. */
export const chained = (row: StoredRow): ChainedRow => ({ ...row, seq: row.seq!, detail: row.detail as Json });

async function lastLink(db: Db): Promise<ChainHead | null> {
  const [head] = await db
    .select({ seq: auditLogs.seq, hash: auditLogs.hash, at: printedTime })
    .from(auditLogs)
    .where(isNotNull(auditLogs.seq))
    .orderBy(desc(auditLogs.seq))
    .limit(1);
  return head ? { seq: head.seq!, hash: head.hash!, at: head.at } : null;
}

/**
 * Appends one row at the chain's end; call it inside the caller's transaction. The database does the
 * chaining (migration 0025's trigger), whatever the INSERT says: it takes the chain's lock until the
 * transaction ends (appends from every instance queue into one chain, and a rolled-back one leaves
 * no gap), gives the row the next seq, the head's hash as prev_hash, a time no earlier than the
 * head's, and the hash of its canonical encoding. A row is never given a place later.
 */
export async function appendToChain(tx: Db, row: Omit<ChainedRow, "seq" | "createdAt">): Promise<ChainHead> {
  let link: ChainHead;
  try {
    const [inserted] = await tx
      .insert(auditLogs)
      .values(row)
      .returning({ seq: auditLogs.seq, hash: auditLogs.hash, at: printedTime });
    link = { seq: inserted!.seq!, hash: inserted!.hash!, at: inserted!.at };
  } catch (err) {
    throw staleHead(err) ?? err;
  }
  afterCommit(tx, async (db) => noteHead(db, link));
  return link;
}

/**
 * In a REPEATABLE READ or SERIALIZABLE transaction the head read under the lock is the one of the
 * transaction's snapshot, which an append committed since has passed: the insert then takes a seq
 * that is taken, and the unique index refuses it. That is a serialization failure (40001): the
 * whole transaction runs again (runTransaction retries it) on a fresh snapshot.
 */
function staleHead(err: unknown): Error | null {
  for (let e = err as { message?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.message === "string" && e.message.includes("audit_logs_seq_idx")) {
      return Object.assign(
        new Error("The audit chain moved on since this transaction's snapshot: run it again", { cause: err }),
        { code: "40001" },
      );
    }
  }
  return null;
}

/**
 * The chain's last row: `seq` is also how many rows it holds (they are numbered from 1 without a
 * gap). Read in a transaction, it is the head as of that transaction's snapshot. Null when empty.
 * Whoever publishes it (the proof of liabilities) lets anyone later check that the chain still
 * holds that hash at that seq, which a rewrite of the whole chain cannot fake.
 */
export async function auditChainHead(
  db: Db,
): Promise<{ seq: number; hash: string; at: string; entries: number } | null> {
  const head = await lastLink(db);
  return head ? { ...head, entries: head.seq } : null;
}

/** Chained rows after `seq`, in chain order, `limit` at a time. */
export function rowsAfter(db: Db, seq: number, limit: number) {
  return db
    .select(chainedColumns)
    .from(auditLogs)
    .where(gt(auditLogs.seq, seq))
    .orderBy(asc(auditLogs.seq))
    .limit(limit);
}

/** The chained row at `seq`, if there is one. */
export async function rowAt(db: Db, seq: number): Promise<StoredRow | undefined> {
  const [row] = await db.select(chainedColumns).from(auditLogs).where(eq(auditLogs.seq, seq)).limit(1);
  return row;
}
