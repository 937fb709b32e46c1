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

type Content = Pick<BroadcastDelivery, "title" | "message">;

// Users per query: the first batch arrives quickly, and each later one is read while the one
// before it is being delivered.
const BATCH = 2000;

/** What every row of a broadcast says (they are written from one input), read once. */
async function readContent(db: Db, broadcastId: string): Promise<Content | undefined> {
  const [row] = await db
    .select({ title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(eq(notifications.broadcastId, broadcastId))
    .limit(1);
  return row;
}

/** Sends the query at once: a drizzle query left unawaited is not sent at all, so this is what lets the next batch be read during the delivery of the one before. */
function readBatch(db: Db, broadcastId: string, userIds: readonly string[]) {
  // One text parameter, however many users: a parameter per id costs time to build and plan.
  const ids = userIds.join(",");
  return db
    .select({ id: notifications.id, userId: notifications.userId, antiPhishingCode: notifications.antiPhishingCode })
    .from(notifications)
    .where(
      and(
        eq(notifications.broadcastId, broadcastId),
        sql`${notifications.userId} = any(string_to_array(${ids}, ',')::uuid[])`,
      ),
    )
    .execute();
}

/**
 * The rows of one broadcast that belong to `userIds` (the users connected to one instance), in
 * batches; the next batch is already being read while the caller handles the current one. The
 * title and message are read once and shared by every row: read with each row, they were the bulk
 * of what the instance parsed and then collected as garbage (10,000 copies of the same text).
 */
export async function* broadcastDeliveries(
  db: Db,
  broadcastId: string,
  userIds: readonly string[],
  batch = BATCH,
): AsyncGenerator<BroadcastDelivery[]> {
  const read = (from: number) =>
    from < userIds.length ? readBatch(db, broadcastId, userIds.slice(from, from + batch)) : null;
  const content = readContent(db, broadcastId);
  let next = read(0);
  try {
    const shared = await content;
    if (!shared) return;
    for (let from = 0; next; from += batch) {
      const rows = await next;
      next = read(from + batch);
      yield rows.map((row) => ({
        id: row.id,
        userId: row.userId,
        title: shared.title,
        message: shared.message,
        antiPhishingCode: row.antiPhishingCode,
      }));
    }
  } finally {
    // A caller that stops early leaves a read in flight: its failure is nobody's to report.
    next?.catch(() => {});
  }
}
