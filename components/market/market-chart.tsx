"use client";

import { useEffect, useRef, useState } from "react";
import { CandlePictureChart } from "@/components/market/candle-picture";
import { useRealtimeEvent } from "@/components/realtime-provider";
import { api } from "@/components/hooks/session";
import { useImport } from "@/components/hooks/use-import";
import { PRICE_EVENT } from "@/lib/market/events";
import type { Interval } from "@/lib/market/intervals";
import type { MarketSnapshot } from "@/lib/market/snapshot";
import { withLive } from "@/lib/market/candle-picture";
import type { CandleView } from "@/lib/market/views";
import type { ChartLine } from "@/components/market/price-chart";

/**
 * lightweight-charts is most of a chart screen's JavaScript, and its making and first drawing are
 * long tasks on a phone's CPU: it is fetched when the reader reaches for the chart (a pointer over
 * it, a touch), with a plain import(), which, unlike next/dynamic, puts no script in the page's HTML.
 * Until then, and while it arrives, the same candles show as a picture (candle-picture.tsx).
 */
const loadPriceChart = () => import("@/components/market/price-chart");

export const INTERVAL_CHOICES: { interval: Interval; label: string; name: string }[] = [
  { interval: 1, label: "1m", name: "1 minute" },
  { interval: 5, label: "5m", name: "5 minutes" },
  { interval: 15, label: "15m", name: "15 minutes" },
  { interval: 30, label: "30m", name: "30 minutes" },
  { interval: 60, label: "1h", name: "1 hour" },
  { interval: 240, label: "4h", name: "4 hours" },
  { interval: 1440, label: "1D", name: "1 day" },
];

interface Props {
  /** Candles the server already read; without them the chart asks for its own once mounted. */
  initialCandles?: CandleView[];
  initialInterval: Interval;
  /** The chart's height (a Tailwind class): Market's full chart, Trade's and Home's smaller ones. */
  height?: string;
  /** Whether the interval buttons show (Home's small chart keeps one interval). */
  intervals?: boolean;
  /** Lines across the chart at the user's alert prices; with any, the interactive chart loads at once to draw them. */
  lines?: ChartLine[];
  /** Called with the price under a click on the interactive chart. */
  onPick?: (price: string) => void;
}

interface Series {
  candles: CandleView[];
  live: CandleView | null;
  loaded: number;
}

type Load = { state: "ready" } | { state: "loading" } | { state: "failed" };

/** The live XAUt/USDT candlestick chart with its interval choice, as Market, Trade and Home show it. */
export function MarketChart({
  initialCandles,
  initialInterval,
  height = "h-72",
  intervals = true,
  lines,
  onPick,
}: Props) {
  const [interval, setChosen] = useState(initialInterval);
  // The candles with every live one folded in, the latest live one, and which loaded set they grew
  // from (a chart made later starts from all of them; one made earlier takes each live one in turn).
  const [series, setSeries] = useState<Series>({ candles: initialCandles ?? [], live: null, loaded: 0 });
  const [load, setLoad] = useState<Load>(initialCandles ? { state: "ready" } : { state: "loading" });
  const request = useRef(0);
  const [explored, setExplored] = useState(false);
  const chart = useImport(explored || !!lines?.length, loadPriceChart);
  const explore = () => setExplored(true);

  useRealtimeEvent<MarketSnapshot>(PRICE_EVENT, (snapshot) => {
    const live = snapshot.candles[interval];
    if (live) setSeries((s) => ({ ...s, candles: withLive(s.candles, live), live }));
  });

  async function show(next: Interval) {
    const mine = ++request.current;
    setChosen(next);
    setLoad({ state: "loading" });
    const res = await api<{ candles: CandleView[] }>(`/api/xaut/kline?interval=${next}`).catch(() => null);
    if (mine !== request.current) return; // a later choice won
    if (res?.status !== 200) return setLoad({ state: "failed" });
    setSeries((s) => ({ candles: res.body.candles, live: null, loaded: s.loaded + 1 }));
    setLoad({ state: "ready" });
  }

  // A chart mounted without the server's candles reads its own, once.
  const fetchedOnMount = useRef(false);
  useEffect(() => {
    if (initialCandles || fetchedOnMount.current) return;
    fetchedOnMount.current = true;
    void show(initialInterval);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

  return (
    <>
      {intervals && (
        <div role="group" aria-label="Chart interval" className="mb-2 flex gap-1 px-2">
          {INTERVAL_CHOICES.map((c) => (
            <button
              key={c.interval}
              type="button"
              aria-pressed={c.interval === interval}
              onClick={() => void show(c.interval)}
              className={`flex-1 rounded-md py-1.5 text-xs font-medium ${c.interval === interval ? "bg-gold/20 text-gold-soft" : "text-muted hover:text-zinc-200"}`}
            >
              {c.label}
              <span className="sr-only"> ({c.name})</span>
            </button>
          ))}
        </div>
      )}
      <div className={`relative ${height}`} onPointerEnter={explore} onPointerDown={explore}>
        {chart ? (
          <chart.PriceChart
            key={series.loaded}
            candles={series.candles}
            live={series.live}
            interval={interval}
            lines={lines}
            onPick={onPick}
          />
        ) : (
          <CandlePictureChart candles={series.candles} live={series.live} interval={interval} />
        )}
        {load.state === "loading" && (
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
        )}
        {load.state === "failed" && (
          <div
            className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-panel/80 text-sm"
            role="alert"
          >
            <p>The chart could not be loaded.</p>
            <button type="button" className="btn-ghost" onClick={() => void show(interval)}>
              Try again
            </button>
          </div>
        )}
        {load.state === "ready" && series.candles.length === 0 && (
          <p className="absolute inset-0 flex items-center justify-center text-sm text-muted">No prices yet.</p>
        )}
      </div>
    </>
  );
}
