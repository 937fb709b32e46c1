import type { Db } from "@/db/client";
import { and, count, eq, isNotNull, isNull } from "drizzle-orm";
import { chainCursors, withdrawals } from "@/db/schema";
import { chainSettings } from "./config";

/** A chain is "behind" past this many blocks unfinished: a deposit's credit is late by more than its confirmations' worth. */
export const BEHIND_WARNING_BLOCKS = 50n;

/** Per configured chain: the head its node last showed, the last block the watcher finished, and how far behind that is. */
export async function chainStatus(db: Db) {
  const configured = chainSettings()?.chains ?? [];
  if (!configured.length) return [];
  const cursors = new Map((await db.select().from(chainCursors)).map((c) => [c.chain, c]));
  return configured.map((c) => {
    const cursor = cursors.get(c.name);
    const behind = cursor ? (cursor.head > cursor.lastBlock ? cursor.head - cursor.lastBlock : 0n) : null;
    return {
      chain: c.name,
      label: c.label,
      head: cursor?.head.toString() ?? null,
      lastBlock: cursor?.lastBlock.toString() ?? null,
      behind: behind === null ? null : Number(behind),
      headAt: cursor?.headAt.toISOString() ?? null,
      lagging: behind === null || behind > BEHIND_WARNING_BLOCKS,
    };
  });
}

/**
 * How many sent withdrawals the payout follower flagged (their transaction left the chain or failed)
 * and nobody has resolved yet: each needs a person. One sent again is no longer flagged; one returned is done.
 */
export async function flaggedPayouts(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.status, "sent"), isNotNull(withdrawals.chainProblem), isNull(withdrawals.returnedAt)));
  return row?.n ?? 0;
}
