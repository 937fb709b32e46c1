import type { Notification } from "@/db/schema";

/** What the API says about a notification. */
export function notificationView(row: Notification) {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export type NotificationView = ReturnType<typeof notificationView>;
