import type { Notification, NotificationCategory } from "@/db/schema";

/** The screen a tap on a push opens, by what the notification is about. */
export const SCREEN_OF: Record<NotificationCategory, string> = {
  money: "/records",
  security: "/security-management",
  alerts: "/market",
  messages: "/notifications",
};

/**
 * What the service worker (public/sw.js) receives: the notification as the in-app list shows it,
 * with the anti-phishing code the user chose (a push without it is not from Aurum), and where a tap goes.
 */
export function pushPayload(n: Pick<Notification, "id" | "title" | "message" | "category" | "antiPhishingCode">) {
  return {
    id: n.id,
    title: n.title,
    body: n.message,
    category: n.category,
    antiPhishingCode: n.antiPhishingCode ?? null,
    url: SCREEN_OF[n.category],
  };
}

export type PushPayload = ReturnType<typeof pushPayload>;
