/**
 * What a notification is about, which decides whether it is pushed and mailed (the user's choice per
 * category): money moved (deposits credited, withdrawals sent, orders filled, interest, rewards),
 * the account's security, price alerts, and messages from Aurum (administrators, support replies).
 */
export const NOTIFICATION_CATEGORIES = ["money", "security", "alerts", "messages"] as const;

export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** Mail about security always comes: whoever took over an account must not be able to silence it. */
export const MUTABLE_MAIL_CATEGORIES = [
  "money",
  "alerts",
  "messages",
] as const satisfies readonly NotificationCategory[];
