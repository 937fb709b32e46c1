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

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Labels in the viewer's time zone, except daily candles, which are UTC days ("2026", "Nov",
 * "24 Nov", "14:09"; the crosshair "24 Nov 2026" or "24 Nov 14:09"). Read from Date's own getters,
 * not Intl.DateTimeFormat: making the five formatters cost more than the rest of the chart's first
 * drawing on a phone's CPU (the profile of /market), and `toLocaleString` makes one per call.
 */
function formatters(interval: number) {
  const utc = interval >= 1440;
  const parts = (time: Time) => {
    const d = new Date((time as number) * 1000);
    return utc
      ? { year: d.getUTCFullYear(), month: MONTHS[d.getUTCMonth()]!, day: d.getUTCDate(), clock: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}` }
      : { year: d.getFullYear(), month: MONTHS[d.getMonth()]!, day: d.getDate(), clock: `${pad(d.getHours())}:${pad(d.getMinutes())}` };
  };
  return {
    tick: (time: Time, type: TickMarkType) => {
      const p = parts(time);
      return type === TickMarkType.Year ? String(p.year) : type === TickMarkType.Month ? p.month : type === TickMarkType.DayOfMonth ? `${p.day} ${p.month}` : p.clock;
    },
    crosshair: (time: Time) => {
      const p = parts(time);
      return utc ? `${p.day} ${p.month} ${p.year}` : `${p.day} ${p.month} ${p.clock}`;
    },
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
      // The page's own font stack (globals.css): the library's default list names five families a
      // phone mostly lacks, each looked up when the axes measure their labels.
      layout: { background: { color: "transparent" }, textColor: "#a3a3ae", fontSize: 11, fontFamily: "ui-sans-serif, system-ui, sans-serif" },
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

  // The candles go in with the chart's making, in the same task, so that the next frame draws it
  // once. (Set in a task of their own, the empty chart was drawn first: a drawing costs about the
  // same empty as with candles, axes and canvases more than candles, so that made two long tasks.)
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
