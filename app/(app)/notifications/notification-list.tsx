"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { markNotificationRead, useNotificationCenter } from "@/components/notification-center";
import { AntiPhishingLine } from "@/components/anti-phishing-line";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { useSubmit } from "@/components/hooks/use-submit";
import type { NotificationView } from "@/lib/notifications/views";
import { Time } from "@/components/time";

/**
 * The notification centre's list: unread ones stand out and can be marked read, one or all. What
 * Aurum support did to the account (`supportActions`, by id) links to its line in the account activity.
 */
export function NotificationList({
  notifications,
  unread,
  supportActions,
}: {
  notifications: NotificationView[];
  unread: number;
  supportActions: string[];
}) {
  const router = useRouter();
  const toast = useToast();
  const { markedRead } = useNotificationCenter();
  const { busy, run } = useSubmit(() => toast("Could not mark the notifications as read", "error"));

  const markAll = () =>
    run(async () => {
      const { body } = await api<{ success: boolean; message?: string }>("/api/notifications/read-all", {
        method: "POST",
      });
      if (!body.success) return toast(body.message ?? "Could not mark the notifications as read", "error");
      markedRead("all", 0);
      router.refresh();
    });

  async function markOne(id: string) {
    const count = await markNotificationRead(id);
    if (count === null) return toast("Could not mark the notification as read", "error");
    markedRead(id, count);
    router.refresh();
  }

  return (
    <>
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-xl font-semibold">Notifications</h1>
        {unread > 0 && (
          <button type="button" className="btn-ghost" onClick={() => void markAll()} disabled={busy}>
            {busy ? "Marking…" : "Mark all read"}
          </button>
        )}
      </div>
      <p className="text-sm text-muted" data-testid="unread-summary">
        {unread === 0 ? "You are all caught up." : `${unread} unread`}
      </p>
      {notifications.length === 0 ? (
        <p className="card py-10 text-center text-sm text-muted">
          No notifications yet. Messages from Aurum will appear here.
        </p>
      ) : (
        <ul className="card divide-y divide-line overflow-hidden p-0" aria-label="Notifications">
          {notifications.map((n) => {
            const isUnread = n.readAt === null;
            return (
              <li
                key={n.id}
                data-testid="notification"
                data-unread={isUnread}
                className={`flex items-start gap-3 px-4 py-3 border-l-2 ${isUnread ? "border-l-gold bg-raised/60" : "border-l-transparent"}`}
              >
                <span
                  aria-hidden="true"
                  className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${isUnread ? "bg-gold" : "bg-transparent"}`}
                />
                <div className="min-w-0 flex-1">
                  <p className={isUnread ? "font-semibold text-gold-soft" : "font-medium text-zinc-300"}>
                    {isUnread && <span className="sr-only">Unread: </span>}
                    {n.title}
                  </p>
                  <p
                    className={`mt-0.5 whitespace-pre-line break-words text-sm ${isUnread ? "text-zinc-200" : "text-muted"}`}
                  >
                    {n.message}
                  </p>
                  <AntiPhishingLine code={n.antiPhishingCode} />
                  {supportActions.includes(n.id) && (
                    <Link
                      href="/security-management#activity"
                      className="mt-1 inline-block text-sm text-gold hover:text-gold-soft"
                    >
                      See it in your account activity<span aria-hidden="true"> →</span>
                    </Link>
                  )}
                  <p className="mt-1 text-xs text-muted">
                    <Time at={n.createdAt} />
                  </p>
                </div>
                {isUnread && (
                  <button
                    type="button"
                    className="shrink-0 rounded-md px-2 py-1 text-xs text-gold hover:text-gold-soft"
                    onClick={() => markOne(n.id)}
                  >
                    Mark read<span className="sr-only">: {n.title}</span>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
