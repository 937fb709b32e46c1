"use client";

import Link from "next/link";
import { useNotificationCenter } from "@/components/notification-center";

/** The header's bell: links to the notification centre and shows how many are unread. */
export function UnreadBadge() {
  const { unread } = useNotificationCenter();
  const label = unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
  return (
    <Link
      href="/notifications"
      aria-label={label}
      className="relative inline-flex h-9 w-9 items-center justify-center rounded-lg border border-line text-zinc-200 hover:border-gold hover:text-gold-soft"
    >
      <svg
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0" />
      </svg>
      {unread > 0 && (
        <span
          data-testid="unread-badge"
          className="absolute -right-1.5 -top-1.5 min-w-5 rounded-full bg-gold px-1 text-center text-[11px] font-bold leading-5 text-ink"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </Link>
  );
}
