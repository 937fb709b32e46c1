"use client";

import { useRealtimeStatus } from "@/components/realtime-provider";

const LOOK = {
  live: { dot: "bg-success", text: "Live" },
  connecting: { dot: "bg-gold animate-pulse", text: "Connecting…" },
  offline: { dot: "bg-zinc-500", text: "Offline" },
} as const;

/** A small dot saying whether live updates (notifications, prices) are arriving. */
export function LiveIndicator() {
  const status = useRealtimeStatus();
  const look = LOOK[status];
  return (
    <span
      data-testid="live-status"
      data-status={status}
      title={`Live updates: ${look.text}`}
      className="inline-flex items-center"
    >
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${look.dot}`} />
      <span className="sr-only">Live updates: {look.text}</span>
    </span>
  );
}
