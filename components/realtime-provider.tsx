"use client";

import { createContext, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useBrowserValue } from "@/components/hooks/hydrated";
import { storedToken, storedUserId, subscribeSession } from "@/components/hooks/session";
import { HANDSHAKE_REFUSED } from "@/lib/realtime/handshake";

type Listener = (data: unknown) => void;
type Subscribe = (event: string, listener: Listener) => () => void;
type Latest = (event: string) => unknown;
/** "live" once the server confirmed this user's registration; "connecting" while (re)connecting. */
export type RealtimeStatus = "live" | "connecting" | "offline";

const RealtimeContext = createContext<{ subscribe: Subscribe; latest: Latest; status: RealtimeStatus } | null>(null);

function listenerHub() {
  const listeners = new Map<string, Set<Listener>>();
  // The last payload of each event, for a screen that mounts after it arrived (one still loading then).
  const last = new Map<string, unknown>();
  const latest: Latest = (event) => last.get(event);
  const subscribe: Subscribe = (event, listener) => {
    const set = listeners.get(event) ?? new Set<Listener>();
    listeners.set(event, set);
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  };
  const dispatch = (event: string, data: unknown) => {
    last.set(event, data);
    listeners.get(event)?.forEach((listener) => listener(data));
  };
  return { subscribe, latest, dispatch };
}

const none = () => null;

/**
 * Holds the signed-in page's real-time socket and hands its events to `useRealtimeEvent`.
 * Listeners live here, not on the socket, so they survive the socket being rebuilt for a new token.
 */
export function RealtimeProvider({ children }: { children: React.ReactNode }) {
  const token = useBrowserValue(subscribeSession, storedToken, none);
  const userId = useBrowserValue(subscribeSession, storedUserId, none);
  const [hub] = useState(listenerHub);
  const [status, setStatus] = useState<RealtimeStatus>("connecting");

  useEffect(() => {
    let current = true;
    let detach: (() => void) | null = null;
    // socket.io-client is no part of the first paint: it is fetched once the page is interactive.
    void import("@/components/hooks/realtime-socket").then(({ realtimeSocket, closeRealtimeSocket }) => {
      if (!current) return;
      const socket = realtimeSocket({ token, userId }, { onRegistered: () => setStatus("live") });
      if (!socket) return;
      const reconnecting = () => setStatus("connecting");
      // A refused handshake (socket no longer active) or spent reconnection attempts: nothing more will
      // come, unless the server's database was away, when the socket tries again by itself.
      const refused = (err: Error) => {
        if (!socket.active) setStatus(err.message === HANDSHAKE_REFUSED.unavailable ? "connecting" : "offline");
      };
      const gaveUp = () => setStatus("offline");
      socket.onAny(hub.dispatch);
      socket.on("disconnect", reconnecting);
      socket.on("connect_error", refused);
      socket.io.on("reconnect_failed", gaveUp);
      detach = () => {
        socket.offAny(hub.dispatch);
        socket.off("disconnect", reconnecting);
        socket.off("connect_error", refused);
        socket.io.off("reconnect_failed", gaveUp);
        closeRealtimeSocket();
      };
    });
    return () => {
      current = false;
      detach?.();
    };
  }, [token, userId, hub]);

  const value = useMemo(
    () => ({ subscribe: hub.subscribe, latest: hub.latest, status: token && userId ? status : ("offline" as const) }),
    [hub, status, token, userId],
  );
  return <RealtimeContext value={value}>{children}</RealtimeContext>;
}

/**
 * Calls `handler` with the payload of every `event` the server sends this user, while the
 * component is mounted. The latest handler is used, so it need not be memoised. Outside a
 * RealtimeProvider it does nothing.
 */
export function useRealtimeEvent<T>(event: string, handler: (data: T) => void): void {
  const subscribe = useContext(RealtimeContext)?.subscribe;
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribe?.(event, (data) => latest.current(data as T)), [subscribe, event]);
}

/** The last payload of `event` this page's socket received, if any (outside a RealtimeProvider, none). */
export function useLatestRealtimeEvent(): Latest {
  return useContext(RealtimeContext)?.latest ?? noLatest;
}
const noLatest: Latest = () => undefined;

/** Whether live updates are flowing; "offline" outside a RealtimeProvider. */
export function useRealtimeStatus(): RealtimeStatus {
  return useContext(RealtimeContext)?.status ?? "offline";
}
