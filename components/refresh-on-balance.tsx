"use client";

import { useRouter } from "next/navigation";
import { useRef } from "react";
import { useRealtimeEvent } from "@/components/realtime-provider";

/**
 * Re-renders the page's server data whenever the user's balances change anywhere (a credit, a
 * deposit approved, a fill, a payment of interest), so what a screen shows follows without a reload.
 * Bursts of events (a fill is several) come out as one refresh.
 */
export function RefreshOnBalance() {
  const router = useRouter();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useRealtimeEvent("balance", () => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(() => router.refresh(), 250);
  });
  return null;
}
