"use client";

import { useEffect, useRef, useState } from "react";
import { useRealtimeEvent } from "@/components/realtime-provider";
import { api } from "@/components/hooks/session";
import { PRICE_EVENT } from "@/lib/market/events";
import type { MarketSnapshot } from "@/lib/market/snapshot";
import type { Ticker } from "@/lib/market/ticker";

// Without a price event for this long, ask the server: it judges staleness by its own clock, and
// it answers even when the socket is down.
const WATCHDOG_MS = 15_000;

/** The live ticker, from the server's price events; `onSnapshot` also gets each event's candles. */
export function useLiveMarket(initial: Ticker | null, onSnapshot?: (snapshot: MarketSnapshot) => void): Ticker | null {
  const [ticker, setTicker] = useState(initial);
  const lastEvent = useRef(0);

  useRealtimeEvent<MarketSnapshot>(PRICE_EVENT, (snapshot) => {
    lastEvent.current = Date.now();
    setTicker(snapshot.ticker);
    onSnapshot?.(snapshot);
  });

  useEffect(() => {
    lastEvent.current = Date.now();
    const timer = setInterval(async () => {
      if (Date.now() - lastEvent.current < WATCHDOG_MS) return;
      const res = await api<{ ticker: Ticker | null }>("/api/xaut/ticker").catch(() => null);
      if (res?.status === 200 && res.body.ticker) setTicker(res.body.ticker);
    }, WATCHDOG_MS);
    return () => clearInterval(timer);
  }, []);

  return ticker;
}
