import type { Notification } from "@/db/schema";

/**
 * A notification as it is delivered, on every path (the API's lists, the socket push, a
 * broadcast's push): with the recipient's anti-phishing code as it was when it was sent, so the
 * screens show it the same way everywhere ("Code: …").
 */
export function deliveredNotification(row: Pick<Notification, "id" | "title" | "message" | "antiPhishingCode">) {
  return { id: row.id, title: row.title, message: row.message, antiPhishingCode: row.antiPhishingCode ?? null };
}

export type DeliveredNotification = ReturnType<typeof deliveredNotification>;

/** What the API says about a notification. */
export function notificationView(row: Notification) {
  return {
    ...deliveredNotification(row),
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export type NotificationView = ReturnType<typeof notificationView>;
