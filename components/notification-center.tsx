"use client";

import { usePathname, useRouter } from "next/navigation";
import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import { NotificationDialog, type PushedNotification } from "@/components/notification-dialog";
import { useRealtimeEvent, useRealtimeStatus } from "@/components/realtime-provider";
import { useToast } from "@/components/toast";
import { api } from "@/lib/client/session";

interface Center {
  unread: number;
  /** The unread count as the server last reported it (after a mark-read call). */
  setUnread(count: number): void;
}

const CenterContext = createContext<Center>({ unread: 0, setUnread: () => {} });

/** Marks one notification read; resolves to the new unread count, or null when the call failed. */
export async function markNotificationRead(id: string): Promise<number | null> {
  const res = await api<{ success: boolean; unread?: number }>(`/api/notifications/${id}/read`, { method: "PATCH" }).catch(() => null);
  return res?.body.success && typeof res.body.unread === "number" ? res.body.unread : null;
}

/**
 * Live notifications of the signed-in user: each one pushed opens the floating dialog (one at a
 * time, in arrival order) and raises the unread count the header's badge shows.
 */
export function NotificationCenter({ initialUnread, children }: { initialUnread: number; children: React.ReactNode }) {
  const [unread, setUnread] = useState(initialUnread);
  // A refresh re-renders the layout with the database's count: take it as the truth again.
  const [serverUnread, setServerUnread] = useState(initialUnread);
  if (serverUnread !== initialUnread) {
    setServerUnread(initialUnread);
    setUnread(initialUnread);
  }
  const [queue, setQueue] = useState<PushedNotification[]>([]);
  const router = useRouter();
  const pathname = usePathname();
  const toast = useToast();

  // Pushes sent while the socket was reconnecting are lost: once it is back, take the
  // database's count again so the badge still shows what arrived meanwhile.
  const status = useRealtimeStatus();
  const wasLive = useRef(false);
  useEffect(() => {
    if (status !== "live") return;
    if (wasLive.current) router.refresh();
    wasLive.current = true;
  }, [status, router]);

  useRealtimeEvent<PushedNotification>("notification", (n) => {
    setQueue((q) => (q.some((x) => x.id === n.id) ? q : [...q, n]));
    setUnread((count) => count + 1);
    if (pathname === "/notifications") router.refresh();
  });

  // Cancel and View both mark it read (SPEC.md section 4); View then opens the notification centre.
  const close = useCallback(
    async (n: PushedNotification, view: boolean) => {
      setQueue((q) => q.filter((x) => x.id !== n.id));
      const count = await markNotificationRead(n.id);
      if (count === null) toast("Could not mark the notification as read", "error");
      else setUnread(count);
      if (view) router.push("/notifications");
      // The page on screen may list it (the notification centre itself): show it read there too.
      router.refresh();
    },
    [router, toast],
  );

  const current = queue[0];
  return (
    <CenterContext value={{ unread, setUnread }}>
      {children}
      {current && <NotificationDialog key={current.id} notification={current} onCancel={() => close(current, false)} onView={() => close(current, true)} />}
    </CenterContext>
  );
}

export const useNotificationCenter = (): Center => useContext(CenterContext);
