import { asc, desc, gt, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { ADVISORY_LOCKS } from "@/db/advisory-locks";
import type { Db } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { type ChainedRow, chainTime, GENESIS, type Json, rowHash } from "./encoding";

const CHAIN_LOCK = ADVISORY_LOCKS.auditChain;
const SEAL_BATCH = 1_000;

export interface ChainLink {
  seq: number;
  hash: string;
}

/** The chain's columns as the encoding reads them: created_at printed by the database to the microsecond, so no driver rounds it. */
export const chainedColumns = {
  seq: auditLogs.seq,
  id: auditLogs.id,
  createdAt: sql<string>`to_char(${auditLogs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  actorId: auditLogs.actorId,
  action: auditLogs.action,
  targetType: auditLogs.targetType,
  targetId: auditLogs.targetId,
  ip: auditLogs.ip,
  detail: auditLogs.detail,
  prevHash: auditLogs.prevHash,
  hash: auditLogs.hash,
};

type StoredRow = Awaited<ReturnType<typeof rowsAfter>>[number];

/** A stored row as the encoding takes it (a waiting row is given the seq it is about to take). */
export const chained = (row: StoredRow, seq = row.seq!): ChainedRow => ({ ...row, seq, detail: row.detail as Json });

/**
 * Takes the chain's lock for the rest of `tx`, so appends from every instance form one chain; it
 * is released at commit or rollback, and a rolled-back append leaves no gap.
 */
async function lockChain(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`);
}

async function lastLink(db: Db): Promise<ChainLink | null> {
  const [head] = await db.select({ seq: auditLogs.seq, hash: auditLogs.hash }).from(auditLogs).where(isNotNull(auditLogs.seq)).orderBy(desc(auditLogs.seq)).limit(1);
  return head ? { seq: head.seq!, hash: head.hash! } : null;
}

/**
 * Gives rows written without a place in the chain (before it existed, or by the previous version
 * during a rolling upgrade) theirs, in (created_at, id) order; the trigger lets an update set only
 * these three columns, and only on such a row. Call it holding the lock.
 */
async function sealWaiting(tx: Db, head: ChainLink | null): Promise<ChainLink | null> {
  const waiting = await tx.select(chainedColumns).from(auditLogs).where(isNull(auditLogs.seq)).orderBy(asc(auditLogs.createdAt), asc(auditLogs.id));
  let link = head;
  const sealed: SQL[] = [];
  for (const row of waiting) {
    const seq = (link?.seq ?? 0) + 1;
    const prevHash = link?.hash ?? GENESIS;
    const hash = rowHash(prevHash, chained(row, seq));
    sealed.push(sql`(${row.id}::uuid, ${seq}::bigint, ${prevHash}, ${hash})`);
    link = { seq, hash };
  }
  // A whole table of rows from before the chain takes its place in a few statements, not one per row.
  for (let i = 0; i < sealed.length; i += SEAL_BATCH) {
    await tx.execute(sql`
      update audit_logs set seq = v.seq, prev_hash = v.prev_hash, hash = v.hash
      from (values ${sql.join(sealed.slice(i, i + SEAL_BATCH), sql`, `)}) as v (id, seq, prev_hash, hash)
      where audit_logs.id = v.id and audit_logs.seq is null`);
  }
  return link;
}

/** Appends one row at the chain's end. Call it inside the caller's transaction. */
export async function appendToChain(tx: Db, row: Omit<ChainedRow, "seq" | "createdAt">): Promise<ChainLink> {
  await lockChain(tx);
  const head = await sealWaiting(tx, await lastLink(tx));
  // Taken under the lock, so the chain's order is also the order of its times on one clock; whole
  // milliseconds, so what is stored reads back exactly as it was hashed.
  const at = new Date();
  const seq = (head?.seq ?? 0) + 1;
  const prevHash = head?.hash ?? GENESIS;
  const hash = rowHash(prevHash, { ...row, seq, createdAt: chainTime(at) });
  try {
    await tx.insert(auditLogs).values({ ...row, createdAt: at, seq, prevHash, hash });
  } catch (err) {
    throw staleHead(err) ?? err;
  }
  return { seq, hash };
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
      return Object.assign(new Error("The audit chain moved on since this transaction's snapshot: run it again", { cause: err }), { code: "40001" });
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
export async function auditChainHead(db: Db): Promise<{ seq: number; hash: string; entries: number } | null> {
  const head = await lastLink(db);
  return head ? { ...head, entries: head.seq } : null;
}

/** Sealed rows after `seq`, in chain order, `limit` at a time. */
export function rowsAfter(db: Db, seq: number, limit: number) {
  return db.select(chainedColumns).from(auditLogs).where(gt(auditLogs.seq, seq)).orderBy(asc(auditLogs.seq)).limit(limit);
}
