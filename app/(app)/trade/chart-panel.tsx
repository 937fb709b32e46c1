"use client";

import { MarketChart } from "@/components/market/market-chart";
import { DESKTOP_QUERY, useMediaQuery } from "@/components/hooks/use-media-query";
import { useBrowserValue } from "@/components/hooks/hydrated";
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

function setFolded(value: boolean) {
  if (value) localStorage.setItem(STORAGE_KEY, "collapsed");
  else localStorage.removeItem(STORAGE_KEY);
  for (const notify of listeners) notify();
}

/**
 * Trade's price chart: compact and foldable on a phone, always open beside the order form on a
 * desktop. Folded, it loads no chart code at all, so the order form is all a phone waits for.
 */
export function ChartPanel({ className = "" }: { className?: string }) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const collapsed = useBrowserValue(subscribe, folded, open) && !desktop;
  return (
    <section className={`card px-2 pb-2 pt-3 ${className}`} aria-labelledby="chart-heading">
      <div className="flex items-center justify-between gap-3 px-2 pb-2">
        <h2 id="chart-heading" className="font-semibold">
          Price chart
        </h2>
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
        {!collapsed && <MarketChart initialInterval={DEFAULT_INTERVAL} height="h-36 md:h-64 lg:h-[16rem]" />}
      </div>
    </section>
  );
}
