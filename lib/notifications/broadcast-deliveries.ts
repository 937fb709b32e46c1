import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications } from "@/db/schema";

export interface BroadcastDelivery {
  id: string;
  userId: string;
  title: string;
  message: string;
  antiPhishingCode: string | null;
}

// Users per query: the first batch arrives quickly, and each later one is read while the one
// before it is being delivered.
const BATCH = 2000;

function readBatch(db: Db, broadcastId: string, userIds: readonly string[]): Promise<BroadcastDelivery[]> {
  // One text parameter, however many users: a parameter per id costs time to build and plan.
  const ids = userIds.join(",");
  return db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      title: notifications.title,
      message: notifications.message,
      antiPhishingCode: notifications.antiPhishingCode,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.broadcastId, broadcastId),
        sql`${notifications.userId} = any(string_to_array(${ids}, ',')::uuid[])`,
      ),
    );
}

/**
 * The rows of one broadcast that belong to `userIds` (the users connected to one instance), in
 * batches; the next batch is already being read while the caller handles the current one.
 */
export async function* broadcastDeliveries(
  db: Db,
  broadcastId: string,
  userIds: readonly string[],
  batch = BATCH,
): AsyncGenerator<BroadcastDelivery[]> {
  const read = (from: number) =>
    from < userIds.length ? readBatch(db, broadcastId, userIds.slice(from, from + batch)) : null;
  let next = read(0);
  try {
    for (let from = 0; next; from += batch) {
      const rows = await next;
      next = read(from + batch);
      yield rows;
    }
  } finally {
    // A caller that stops early leaves a read in flight: its failure is nobody's to report.
    next?.catch(() => {});
  }
}
