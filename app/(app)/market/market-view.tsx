"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useRef, useState } from "react";
import { Amount } from "@/components/amount";
import { DetailList } from "@/components/detail-list";
import { PriceHeadline } from "@/components/market/price-headline";
import { StaleNotice } from "@/components/market/stale-notice";
import { useLiveMarket } from "@/components/market/use-live-market";
import { api } from "@/lib/client/session";
import type { Interval } from "@/lib/market/intervals";
import type { Ticker } from "@/lib/market/ticker";
import type { CandleView } from "@/lib/market/views";

// lightweight-charts is most of this screen's JavaScript and draws nothing on the server: it loads
// after the page is interactive, in a box of the chart's size so nothing moves when it arrives.
const PriceChart = dynamic(() => import("@/components/market/price-chart").then((m) => m.PriceChart), {
  ssr: false,
  loading: () => <div className="h-72 w-full" aria-hidden="true" />,
});

const CHOICES: { interval: Interval; label: string; name: string }[] = [
  { interval: 1, label: "1m", name: "1 minute" },
  { interval: 5, label: "5m", name: "5 minutes" },
  { interval: 15, label: "15m", name: "15 minutes" },
  { interval: 30, label: "30m", name: "30 minutes" },
  { interval: 60, label: "1h", name: "1 hour" },
  { interval: 240, label: "4h", name: "4 hours" },
  { interval: 1440, label: "1D", name: "1 day" },
];

interface Props {
  initialTicker: Ticker | null;
  initialCandles: CandleView[];
  initialInterval: Interval;
}

type Load = { state: "ready" } | { state: "loading" } | { state: "failed" };

/** The Tether Gold market: last price and its day, and a live candlestick chart at a chosen interval. */
export function MarketView({ initialTicker, initialCandles, initialInterval }: Props) {
  const [interval, setChosen] = useState(initialInterval);
  const [candles, setCandles] = useState(initialCandles);
  const [live, setLive] = useState<CandleView | null>(null);
  const [load, setLoad] = useState<Load>({ state: "ready" });
  const request = useRef(0);
  const ticker = useLiveMarket(initialTicker, (snapshot) => setLive(snapshot.candles[interval] ?? null));

  async function show(next: Interval) {
    const mine = ++request.current;
    setChosen(next);
    setLoad({ state: "loading" });
    const res = await api<{ candles: CandleView[] }>(`/api/xaut/kline?interval=${next}`).catch(() => null);
    if (mine !== request.current) return; // a later choice won
    if (res?.status !== 200) return setLoad({ state: "failed" });
    setLive(null);
    setCandles(res.body.candles);
    setLoad({ state: "ready" });
  }

  return (
    <div className="space-y-4">
      <div className="flex items-baseline justify-between">
        <h1 className="text-xl font-semibold">Tether Gold Market</h1>
        <span className="text-sm text-muted">XAUt / USDT</span>
      </div>
      <Link href="/trade" className="btn-gold">Trade XAUt</Link>

      <section className="card" aria-label="Price">
        {ticker ? (
          <>
            <PriceHeadline price={ticker.price} change24h={ticker.change24h} size="large" testId="last-price" />
            <div className="mt-2">
              <DetailList
                items={[
                  ["24h high", <Amount key="high" value={ticker.high24h} asset="USDT" />],
                  ["24h low", <Amount key="low" value={ticker.low24h} asset="USDT" />],
                  ["24h volume", <Amount key="volume" value={ticker.volume24h} asset="XAUt" />],
                ]}
              />
            </div>
            {ticker.stale && <StaleNotice className="mt-3" />}
          </>
        ) : (
          <p className="text-sm text-muted">Waiting for the first price…</p>
        )}
      </section>

      <section className="card px-2 pb-2" aria-label="Chart">
        <div role="group" aria-label="Chart interval" className="mb-2 flex gap-1 px-2">
          {CHOICES.map((c) => (
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
        <div className="relative">
          <PriceChart candles={candles} live={live} interval={interval} />
          {load.state === "loading" && (
            <div className="absolute inset-0 flex items-center justify-center bg-panel/60" role="status" aria-label="Loading the chart">
              <span className="h-8 w-8 animate-spin rounded-full border-4 border-gold/30 border-t-gold" aria-hidden="true" />
            </div>
          )}
          {load.state === "failed" && (
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-panel/80 text-sm" role="alert">
              <p>The chart could not be loaded.</p>
              <button type="button" className="btn-ghost" onClick={() => void show(interval)}>Try again</button>
            </div>
          )}
          {load.state === "ready" && candles.length === 0 && !live && (
            <p className="absolute inset-0 flex items-center justify-center text-sm text-muted">No prices yet.</p>
          )}
        </div>
      </section>
    </div>
  );
}
