import type { Db } from "@/db/client";
import { log } from "@/lib/core/log";
import type { ChainHead } from "./chain";

// Per database handle (an instance has one; tests open several), on globalThis, as server.ts and
// Next's route bundles load this module separately.
const holder = globalThis as unknown as { __aurumAuditSeen?: WeakMap<Db, ChainHead> };
const seen = (holder.__aurumAuditSeen ??= new WeakMap());

/**
 * Remembers `head` as the newest this instance has seen of the chain (appended or verified), and logs
 * it when it moves: the chain alone cannot show its last rows cut off, but a head seen before can,
 * here until the instance stops and in its log after that.
 */
export function noteHead(db: Db, head: ChainHead): void {
  if (head.seq <= (seen.get(db)?.seq ?? 0)) return;
  seen.set(db, head);
  log.info({ auditHead: `${head.seq}:${head.hash}`, at: head.at }, "audit chain: newest head seen");
}

/** The newest head this instance has seen of the chain of `db`, if any. */
export const seenHead = (db: Db): ChainHead | null => seen.get(db) ?? null;
