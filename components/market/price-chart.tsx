"use client";

import {
  CandlestickSeries,
  createChart,
  HistogramSeries,
  LineStyle,
  TickMarkType,
  type IPriceLine,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from "lightweight-charts";
import { useEffect, useRef } from "react";
import { DOWN, UP } from "@/lib/market/candle-picture";
import { chartTimeParts } from "@/lib/market/chart-time";
import type { CandleView } from "@/lib/market/views";

const seconds = (iso: string) => (Date.parse(iso) / 1000) as UTCTimestamp;
// The chart draws; it never computes money, so numbers are fine here.
const bar = (c: CandleView) => ({
  time: seconds(c.time),
  open: Number(c.open),
  high: Number(c.high),
  low: Number(c.low),
  close: Number(c.close),
});
const volumeBar = (c: CandleView) => ({
  time: seconds(c.time),
  value: Number(c.volume),
  color: Number(c.close) >= Number(c.open) ? `${UP}55` : `${DOWN}55`,
});

/**
 * Labels in the viewer's time zone, except daily candles, which are UTC days ("2026", "Nov",
 * "24 Nov", "14:09"; the crosshair "24 Nov 2026" or "24 Nov 14:09"), as lib/market/chart-time.ts reads them.
 */
function formatters(interval: number) {
  const utc = interval >= 1440;
  const parts = (time: Time) => chartTimeParts((time as number) * 1000, interval);
  return {
    tick: (time: Time, type: TickMarkType) => {
      const p = parts(time);
      return type === TickMarkType.Year
        ? String(p.year)
        : type === TickMarkType.Month
          ? p.month
          : type === TickMarkType.DayOfMonth
            ? `${p.day} ${p.month}`
            : p.clock;
    },
    crosshair: (time: Time) => {
      const p = parts(time);
      return utc ? `${p.day} ${p.month} ${p.year}` : `${p.day} ${p.month} ${p.clock}`;
    },
  };
}

/** A horizontal line across the chart at a price (the user's active alerts). */
export interface ChartLine {
  id: string;
  /** USDT per XAUt, a decimal string. */
  price: string;
  direction: "above" | "below";
}

interface Props {
  /** The candles when the chart is made; later ones come as `live`. */
  candles: CandleView[];
  /** The running candle of this interval, as the latest price event has it. */
  live: CandleView | null;
  interval: number;
  lines?: ChartLine[];
  /** Called with the price under a click (or tap) on the chart, to two decimals. */
  onPick?: (price: string) => void;
}

/** XAUt/USDT candles with volume, drawn by TradingView's lightweight-charts. */
export function PriceChart({ candles, live, interval, lines = [], onPick }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<{ api: IChartApi; price: ISeriesApi<"Candlestick">; volume: ISeriesApi<"Histogram"> } | null>(
    null,
  );
  const lastTime = useRef(0);
  const initial = useRef(candles);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  });

  useEffect(() => {
    const api = createChart(container.current!, {
      autoSize: true,
      // The page's own font stack (globals.css): the library's default list names five families a
      // phone mostly lacks, each looked up when the axes measure their labels.
      layout: {
        background: { color: "transparent" },
        textColor: "#a3a3ae",
        fontSize: 11,
        fontFamily: "ui-sans-serif, system-ui, sans-serif",
      },
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
    const volume = api.addSeries(HistogramSeries, {
      priceScaleId: "volume",
      priceFormat: { type: "volume" },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    api.priceScale("volume").applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
    price.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.22 } });
    // The candles go in with the chart's making, in the same task, so that the next frame draws it
    // once. (Set in a task of their own, the empty chart was drawn first: a drawing costs about the
    // same empty as with candles, axes and canvases more than candles, so that made two long tasks.)
    // Later candles come one by one, as `live`; a new set of candles makes a new chart (its key).
    const first = initial.current;
    price.setData(first.map(bar));
    volume.setData(first.map(volumeBar));
    lastTime.current = first.length ? seconds(first[first.length - 1]!.time) : 0;
    container.current!.dataset.candleCount = String(first.length);
    chart.current = { api, price, volume };
    // A click on the chart is a price picked (the vertical position read back on the price scale).
    api.subscribeClick((param) => {
      const at = param.point && price.coordinateToPrice(param.point.y);
      if (at !== null && at !== undefined && at > 0) pick.current?.(at.toFixed(2));
    });
    return () => {
      chart.current = null;
      api.remove();
    };
  }, []);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    const { tick, crosshair } = formatters(interval);
    c.api.applyOptions({
      localization: { timeFormatter: crosshair },
      timeScale: { tickMarkFormatter: tick, secondsVisible: false },
    });
  }, [interval]);

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

  // One dashed line per alert, redrawn whenever the alerts change.
  const lineKey = lines.map((l) => `${l.id}:${l.price}`).join(",");
  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    const drawn: IPriceLine[] = lines.map((l) =>
      c.price.createPriceLine({
        price: Number(l.price),
        color: "#d4af37",
        lineWidth: 1,
        lineStyle: LineStyle.Dashed,
        axisLabelVisible: true,
        title: l.direction === "above" ? "Alert ▲" : "Alert ▼",
      }),
    );
    container.current!.dataset.alertLines = String(drawn.length);
    return () => drawn.forEach((line) => chart.current?.price.removePriceLine(line));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- redrawn when the lines' ids or prices change
  }, [lineKey]);

  return (
    <div
      ref={container}
      className="h-full w-full"
      data-testid="price-chart"
      data-chart="interactive"
      role="figure"
      aria-label="XAUt/USDT candlestick chart"
    />
  );
}
