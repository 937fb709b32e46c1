"use client";

import { usePathname, useRouter } from "next/navigation";
import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import { NotificationDialog, type PushedNotification } from "@/components/notification-dialog";
import { useRealtimeEvent, useRealtimeStatus } from "@/components/realtime-provider";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";

interface Center {
  unread: number;
  /**
   * After a mark-read call: `which` (a notification id, or "all") is read and `unread` is the count
   * the server answered. Other tabs of this browser hear of it too, so none keeps showing it.
   */
  markedRead(which: string, unread: number): void;
}

const CenterContext = createContext<Center>({ unread: 0, markedRead: () => {} });

/** Adds (1) or removes (-1) a step during which pushed notifications wait. */
const HoldContext = createContext<(change: 1 | -1) => void>(() => {});

/**
 * While `active`, a pushed notification waits to open its dialog (the badge still counts it):
 * for the steps a dialog must not cover or interrupt, such as recovery codes shown once, a review
 * before money moves, or another dialog asking something. It opens when the last such step ends.
 */
export function useNotificationHold(active: boolean): void {
  const hold = useContext(HoldContext);
  useEffect(() => {
    if (!active) return;
    hold(1);
    return () => hold(-1);
  }, [active, hold]);
}

/** Tabs of one browser tell each other what was read, so a dialog read in one closes in all. */
const READ_CHANNEL = "aurum:notifications-read";
interface ReadMessage {
  which: string;
  unread: number;
}

/** Marks one notification read; resolves to the new unread count, or null when the call failed. */
export async function markNotificationRead(id: string): Promise<number | null> {
  const res = await api<{ success: boolean; unread?: number }>(`/api/notifications/${id}/read`, {
    method: "PATCH",
  }).catch(() => null);
  return res?.body.success && typeof res.body.unread === "number" ? res.body.unread : null;
}

/**
 * Live notifications of the signed-in user: each one pushed opens the floating dialog (one at a
 * time, in arrival order, once no step holds them back) and raises the unread count the header's
 * badge shows.
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
  const [holds, setHolds] = useState(0);
  const hold = useCallback((change: 1 | -1) => setHolds((count) => count + change), []);
  const router = useRouter();
  const pathname = usePathname();
  const toast = useToast();

  const apply = useCallback(({ which, unread: count }: ReadMessage) => {
    setQueue((q) => (which === "all" ? [] : q.filter((x) => x.id !== which)));
    setUnread(count);
  }, []);
  const channel = useRef<BroadcastChannel | null>(null);
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const ch = new BroadcastChannel(READ_CHANNEL);
    channel.current = ch;
    return () => {
      channel.current = null;
      ch.close();
    };
  }, []);
  useEffect(() => {
    const ch = channel.current;
    if (!ch) return;
    ch.onmessage = (e: MessageEvent<ReadMessage>) => {
      apply(e.data);
      if (pathname === "/notifications") router.refresh();
    };
  }, [apply, pathname, router]);
  const markedRead = useCallback(
    (which: string, count: number) => {
      apply({ which, unread: count });
      channel.current?.postMessage({ which, unread: count } satisfies ReadMessage);
    },
    [apply],
  );

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
      else markedRead(n.id, count);
      if (view) router.push("/notifications");
      // The page on screen may list it (the notification centre itself): show it read there too.
      router.refresh();
    },
    [router, toast, markedRead],
  );

  const current = holds === 0 ? queue[0] : undefined;
  return (
    <CenterContext value={{ unread, markedRead }}>
      <HoldContext value={hold}>{children}</HoldContext>
      {current && (
        <NotificationDialog
          key={current.id}
          notification={current}
          onCancel={() => close(current, false)}
          onView={() => close(current, true)}
        />
      )}
    </CenterContext>
  );
}

export const useNotificationCenter = (): Center => useContext(CenterContext);
