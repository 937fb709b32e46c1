"use client";

import {
  CandlestickSeries,
  createChart,
  HistogramSeries,
  TickMarkType,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from "lightweight-charts";
import { useEffect, useRef } from "react";
import type { CandleView } from "@/lib/market/views";

const UP = "#4ade80";
const DOWN = "#f87171";

const seconds = (iso: string) => (Date.parse(iso) / 1000) as UTCTimestamp;
// The chart draws; it never computes money, so numbers are fine here.
const bar = (c: CandleView) => ({ time: seconds(c.time), open: Number(c.open), high: Number(c.high), low: Number(c.low), close: Number(c.close) });
const volumeBar = (c: CandleView) => ({ time: seconds(c.time), value: Number(c.volume), color: Number(c.close) >= Number(c.open) ? `${UP}55` : `${DOWN}55` });

/** Labels in the viewer's time zone, except daily candles, which are UTC days. */
function formatters(interval: number) {
  const zone = interval >= 1440 ? "UTC" : undefined;
  const format = (time: Time, options: Intl.DateTimeFormatOptions) => new Date((time as number) * 1000).toLocaleString("en-GB", { ...options, timeZone: zone });
  return {
    tick: (time: Time, type: TickMarkType) =>
      type === TickMarkType.Year
        ? format(time, { year: "numeric" })
        : type === TickMarkType.Month
          ? format(time, { month: "short" })
          : type === TickMarkType.DayOfMonth
            ? format(time, { day: "numeric", month: "short" })
            : format(time, { hour: "2-digit", minute: "2-digit" }),
    crosshair: (time: Time) =>
      format(time, interval >= 1440 ? { day: "numeric", month: "short", year: "numeric" } : { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }),
  };
}

interface Props {
  candles: CandleView[];
  /** The running candle of this interval, as the latest price event has it. */
  live: CandleView | null;
  interval: number;
}

/** XAUt/USDT candles with volume, drawn by TradingView's lightweight-charts. */
export function PriceChart({ candles, live, interval }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<{ api: IChartApi; price: ISeriesApi<"Candlestick">; volume: ISeriesApi<"Histogram"> } | null>(null);
  const lastTime = useRef(0);

  useEffect(() => {
    const api = createChart(container.current!, {
      autoSize: true,
      layout: { background: { color: "transparent" }, textColor: "#a3a3ae", fontSize: 11 },
      grid: { vertLines: { color: "#2c2c3566" }, horzLines: { color: "#2c2c3566" } },
      rightPriceScale: { borderColor: "#2c2c35" },
      timeScale: { borderColor: "#2c2c35", timeVisible: true, rightOffset: 3 },
      crosshair: { vertLine: { labelBackgroundColor: "#a8841f" }, horzLine: { labelBackgroundColor: "#a8841f" } },
    });
    const price = api.addSeries(CandlestickSeries, {
      upColor: UP,
      downColor: DOWN,
      borderVisible: false,
      wickUpColor: UP,
      wickDownColor: DOWN,
      priceFormat: { type: "price", precision: 2, minMove: 0.01 },
    });
    const volume = api.addSeries(HistogramSeries, { priceScaleId: "volume", priceFormat: { type: "volume" }, lastValueVisible: false, priceLineVisible: false });
    api.priceScale("volume").applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
    price.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.22 } });
    chart.current = { api, price, volume };
    return () => {
      chart.current = null;
      api.remove();
    };
  }, []);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    const { tick, crosshair } = formatters(interval);
    c.api.applyOptions({ localization: { timeFormatter: crosshair }, timeScale: { tickMarkFormatter: tick, secondsVisible: false } });
  }, [interval]);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.price.setData(candles.map(bar));
    c.volume.setData(candles.map(volumeBar));
    lastTime.current = candles.length ? seconds(candles[candles.length - 1]!.time) : 0;
    container.current!.dataset.candleCount = String(candles.length);
  }, [candles]);

  useEffect(() => {
    const c = chart.current;
    // An event about a candle older than the last one drawn (it crossed an interval switch) is dropped.
    if (!c || !live || seconds(live.time) < lastTime.current) return;
    c.price.update(bar(live));
    c.volume.update(volumeBar(live));
    lastTime.current = seconds(live.time);
    const el = container.current!;
    el.dataset.candleCount = String(c.price.data().length);
    el.dataset.liveUpdates = String(Number(el.dataset.liveUpdates ?? 0) + 1);
  }, [live]);

  return <div ref={container} className="h-full w-full" data-testid="price-chart" role="figure" aria-label="XAUt/USDT candlestick chart" />;
}
