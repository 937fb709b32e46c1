import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications } from "@/db/schema";

// Keeps each query's parameter list well inside PostgreSQL's limit.
const BATCH = 1000;

/** The rows of one broadcast that belong to `userIds` (the users connected to one instance). */
export async function broadcastDeliveries(db: Db, broadcastId: string, userIds: readonly string[]) {
  const rows: { id: string; userId: string; title: string; message: string; antiPhishingCode: string | null }[] = [];
  for (let i = 0; i < userIds.length; i += BATCH) {
    const batch = userIds.slice(i, i + BATCH);
    rows.push(
      ...(await db
        .select({ id: notifications.id, userId: notifications.userId, title: notifications.title, message: notifications.message, antiPhishingCode: notifications.antiPhishingCode })
        .from(notifications)
        .where(and(eq(notifications.broadcastId, broadcastId), inArray(notifications.userId, batch)))),
    );
  }
  return rows;
}
