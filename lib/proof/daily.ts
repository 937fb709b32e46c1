import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { proofSnapshots, type ProofSnapshot } from "@/db/schema";
import type { Job } from "@/lib/jobs/runner";
import { utcDay } from "@/lib/core/time";
import { takeSnapshot } from "./snapshot";
import { pruneOldLeaves } from "./snapshots";

/**
 * Today's snapshot, once per UTC day across instances: the job lease lets one instance run it, and the
 * unique day key written in the snapshot's own transaction keeps a second runner (an expired lease, a
 * restart) from publishing another. Null when the day already has one.
 */
export async function takeDailySnapshot(db: Db, now = new Date()): Promise<ProofSnapshot | null> {
  const [taken] = await db
    .select({ id: proofSnapshots.id })
    .from(proofSnapshots)
    .where(and(eq(proofSnapshots.day, utcDay(now)), eq(proofSnapshots.trigger, "daily")));
  if (taken) return null;
  return takeSnapshot(db, { trigger: "daily", now });
}

/** Each day's snapshot, and then (once a day, with it) the leaves of snapshots past their keeping pruned. */
export const proofSnapshotJob: Job = {
  name: "proof.snapshot",
  everyMs: 60_000,
  run: async (db) => {
    if (await takeDailySnapshot(db)) await pruneOldLeaves(db);
  },
};
