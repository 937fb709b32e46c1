import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications } from "@/db/schema";
import { notFound } from "@/lib/core/errors";
import { unreadCount } from "./list";
import { notificationView } from "./views";

/** Marks one of the user's own notifications read (again is fine: the first time is kept). Anyone else's is a 404. */
export async function markRead(db: Db, userId: string, id: string) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound("Notification not found");
  return { notification: notificationView(row), unread: await unreadCount(db, userId) };
}

/** Marks every unread notification of the user read; returns how many were. */
export async function markAllRead(db: Db, userId: string): Promise<{ updated: number }> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { updated: rows.length };
}
