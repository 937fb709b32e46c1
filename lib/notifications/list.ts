import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications } from "@/db/schema";
import { onePage, pageInfo, type Pagination } from "@/lib/core/query";
import { notificationView } from "./views";

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** A user's notifications, newest first, with how many are unread. */
export async function listNotifications(db: Db, userId: string, page: Pagination) {
  const mine = eq(notifications.userId, userId);
  const [rows, [total], unread] = await Promise.all([
    onePage(
      db
        .select()
        .from(notifications)
        .where(mine)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .$dynamic(),
      page,
    ),
    db.select({ n: count() }).from(notifications).where(mine),
    unreadCount(db, userId),
  ]);
  return { notifications: rows.map(notificationView), unread, ...pageInfo(page, total) };
}
