import { z } from "zod";
import type { Notification } from "@/db/schema";
import { isoTime } from "@/lib/core/answers";

/** A notification as the API lists it. */
export const notificationViewSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  message: z.string(),
  /** The recipient's anti-phishing code when it was sent; null without one. */
  antiPhishingCode: z.string().nullable(),
  createdAt: isoTime,
  readAt: isoTime.nullable(),
});

export type NotificationView = z.infer<typeof notificationViewSchema>;

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
export function notificationView(row: Notification): NotificationView {
  return {
    ...deliveredNotification(row),
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}
