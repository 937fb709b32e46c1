"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useLatestRealtimeEvent, useRealtimeEvent } from "@/components/realtime-provider";

/** Bursts of events (a fill is several) come out as one refresh. */
const BURST_MS = 250;

type BalanceEvent = { at?: number };

/**
 * Re-renders the page's server data whenever the user's balances change anywhere (a credit, a
 * deposit approved, a fill, a payment of interest), so what a screen shows follows without a reload:
 * on each `balance` event, and on arrival when one came (while this page was on its way, or before
 * its socket had joined) after the page began reading its data. Events' `at` and `readAt` are the
 * servers' clocks (kept in step, as several instances need anyway).
 */
export function FollowBalances({ readAt }: { readAt: number }) {
  const router = useRouter();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The last change acted on, so the refresh it caused is not a reason for another.
  const handled = useRef(0);
  const latest = useLatestRealtimeEvent();

  const follow = (event: BalanceEvent | undefined) => {
    const at = event?.at;
    if (at === undefined || at <= handled.current || at <= readAt) return;
    handled.current = at;
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(() => router.refresh(), BURST_MS);
  };
  useRealtimeEvent<BalanceEvent>("balance", follow);
  useEffect(() => {
    follow(latest("balance") as BalanceEvent | undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per render of the page's data, with the event last heard then
  }, [readAt]);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );
  return null;
}
