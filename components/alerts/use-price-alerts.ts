"use client";

import { useCallback, useEffect, useState } from "react";
import { api } from "@/components/hooks/session";
import { useRealtimeEvent } from "@/components/realtime-provider";
import type { AlertView } from "@/lib/alerts/views";

/** The user's alerts, or null when they could not be read. */
async function readAlerts(): Promise<AlertView[] | null> {
  const res = await api<{ success: boolean; alerts: AlertView[] }>("/api/alerts").catch(() => null);
  return res?.body.success ? res.body.alerts : null;
}

export type AlertsLoad = { state: "loading" } | { state: "failed" } | { state: "ready"; alerts: AlertView[] };

export interface PriceAlerts {
  load: AlertsLoad;
  /** The active alerts, for the chart's lines (none until loaded). */
  active: AlertView[];
  refresh(): Promise<void>;
  /** A price picked on the chart, for the form to take. `seq` tells two picks of the same price apart. */
  picked: { price: string; seq: number } | null;
  pick(price: string): void;
}

/**
 * The signed-in user's price alerts, shared by a screen's chart (its lines, its clicks) and its alert
 * panel. Read once on mount and again when a notification arrives (a fired alert sends one), so an
 * alert that fires while the screen is open moves to the fired ones at once.
 */
export function usePriceAlerts(): PriceAlerts {
  const [load, setLoad] = useState<AlertsLoad>({ state: "loading" });
  const [picked, setPicked] = useState<PriceAlerts["picked"]>(null);

  const apply = useCallback((alerts: AlertView[] | null) => {
    // A failed refresh keeps what is shown; only a first read that fails says so.
    setLoad((current) =>
      alerts ? { state: "ready", alerts } : current.state === "ready" ? current : { state: "failed" },
    );
  }, []);
  const refresh = useCallback(() => readAlerts().then(apply), [apply]);

  useEffect(() => {
    let mounted = true;
    void readAlerts().then((alerts) => mounted && apply(alerts));
    return () => {
      mounted = false;
    };
  }, [apply]);
  useRealtimeEvent("notification", () => void refresh());

  const pick = useCallback((price: string) => setPicked((p) => ({ price, seq: (p?.seq ?? 0) + 1 })), []);
  const active = load.state === "ready" ? load.alerts.filter((a) => a.status === "active") : [];
  return { load, active, refresh, picked, pick };
}
