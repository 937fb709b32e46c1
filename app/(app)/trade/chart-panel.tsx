"use client";

import { useState } from "react";
import type { PriceAlerts } from "@/components/alerts/use-price-alerts";
import { DESKTOP_QUERY, useMediaQuery } from "@/components/hooks/use-media-query";
import { useBrowserValue } from "@/components/hooks/hydrated";
import { useImport } from "@/components/hooks/use-import";
import { DEFAULT_INTERVAL } from "@/lib/market/intervals";

// A phone user's choice to fold the chart away, kept for their next visit.
const STORAGE_KEY = "aurum.trade-chart";
const listeners = new Set<() => void>();

function subscribe(notify: () => void) {
  listeners.add(notify);
  window.addEventListener("storage", notify);
  return () => {
    listeners.delete(notify);
    window.removeEventListener("storage", notify);
  };
}
const folded = () => localStorage.getItem(STORAGE_KEY) === "collapsed";
const open = () => false;
const CHART_HEIGHT = "h-36 md:h-64 lg:h-[16rem]";

// Shut at first paint: the alerts' form and list are fetched the first time they are opened.
const loadAlertsPanel = () => import("@/components/alerts/price-alerts");
// Trade's chart has no candles in the page (it asks for its own once mounted), so its first paint is
// the loading state either way: its code (3 KB gzipped) comes after the page's, and never while folded.
const loadChart = () => import("@/components/market/market-chart");

function setFolded(value: boolean) {
  if (value) localStorage.setItem(STORAGE_KEY, "collapsed");
  else localStorage.removeItem(STORAGE_KEY);
  for (const notify of listeners) notify();
}

/**
 * Trade's price chart: compact and foldable on a phone, always open beside the order form on a
 * desktop. Folded, it loads no chart code at all, so the order form is all a phone waits for. The
 * price alerts open under it on demand (a click on the chart opens them with that price), so the
 * desktop screen still fits in one.
 */
export function ChartPanel({
  className = "",
  alerts,
  last,
}: {
  className?: string;
  alerts: PriceAlerts;
  /** The feed's last price (USDT). */
  last: string | null;
}) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const collapsed = useBrowserValue(subscribe, folded, open) && !desktop;
  const [alertsOpen, setAlertsOpen] = useState(false);
  const panel = useImport(alertsOpen, loadAlertsPanel);
  const chart = useImport(!collapsed, loadChart);
  const pick = (price: string) => {
    alerts.pick(price);
    setAlertsOpen(true);
  };
  return (
    <section className={`card px-2 pb-2 pt-3 ${className}`} aria-labelledby="chart-heading">
      <div className="flex items-center justify-between gap-3 px-2 pb-2">
        <h2 id="chart-heading" className="font-semibold">
          Price chart
        </h2>
        <button
          type="button"
          className="btn-ghost ms-auto px-3 py-1 text-xs"
          aria-expanded={alertsOpen}
          aria-controls="trade-alerts"
          onClick={() => setAlertsOpen(!alertsOpen)}
        >
          Price alerts{alerts.active.length ? ` (${alerts.active.length})` : ""}
        </button>
        <button
          type="button"
          className="btn-ghost px-3 py-1 text-xs lg:hidden"
          aria-expanded={!collapsed}
          aria-controls="trade-chart"
          onClick={() => setFolded(!collapsed)}
        >
          {collapsed ? "Show chart" : "Hide chart"}
        </button>
      </div>
      <div id="trade-chart" hidden={collapsed}>
        {!collapsed &&
          (chart ? (
            <chart.MarketChart
              initialInterval={DEFAULT_INTERVAL}
              height={CHART_HEIGHT}
              lines={alerts.active}
              onPick={pick}
            />
          ) : (
            // The chart's own loading state, in its place: the interval buttons' row, then the picture's box.
            <>
              <div className="mb-2 h-7" />
              <div className={`relative ${CHART_HEIGHT}`}>
                <div
                  className="absolute inset-0 flex items-center justify-center bg-panel/60"
                  role="status"
                  aria-label="Loading the chart"
                >
                  <span
                    className="h-8 w-8 animate-spin rounded-full border-4 border-gold/30 border-t-gold"
                    aria-hidden="true"
                  />
                </div>
              </div>
            </>
          ))}
      </div>
      <div id="trade-alerts" hidden={!alertsOpen} className="border-t border-line px-2 pt-3">
        {alertsOpen &&
          (panel ? (
            <panel.PriceAlertsPanel idPrefix="trade-alert" last={last} alerts={alerts} wide heading={false} />
          ) : (
            <p role="status" className="py-2 text-sm text-muted">
              Loading your alerts…
            </p>
          ))}
      </div>
    </section>
  );
}
