"use client";

import { useCallback, useEffect, useMemo, useRef } from "react";
import { useBrowserShown, useBrowserValue } from "@/components/hooks/hydrated";
import { candlePicture, DOWN, labelGap, levelsBeside, UP } from "@/lib/market/candle-picture";
import { axisTimeText } from "@/lib/market/chart-time";
import type { CandleView } from "@/lib/market/views";
import { displayDecimal } from "@/lib/core/format";

interface Props {
  /** The candles, the live one folded in. */
  candles: CandleView[];
  /** The latest live candle: counted, for the tests that watch the chart follow the price. */
  live: CandleView | null;
  interval: number;
}

// About as many candles as the interactive chart shows at its default spacing in each width.
const NARROW = 60;
const WIDE = 120;
// The server's HTML, and the browser until the page is idle, label every level.
const noGap = () => 0;

function Picture({ candles, interval, className }: { candles: CandleView[]; interval: number; className: string }) {
  const picture = useMemo(() => candlePicture(candles), [candles]);
  // Times are the reader's own, which the server's HTML cannot know: they come once the page is idle.
  const local = useBrowserShown();
  // How near the last price's tag a level's label may sit is a label's height, which depends on the
  // chart's height at this width: the server's HTML shows every level, the browser drops the covered.
  const scale = useRef<HTMLDivElement>(null);
  const tag = useRef<HTMLSpanElement>(null);
  const watchScale = useCallback((notify: () => void) => {
    const observer = new ResizeObserver(notify);
    if (scale.current) observer.observe(scale.current);
    return () => observer.disconnect();
  }, []);
  const gap = useBrowserValue(
    watchScale,
    () => labelGap(tag.current?.offsetHeight ?? 0, scale.current?.clientHeight ?? 0),
    noGap,
  );
  return (
    <div className={`absolute inset-0 ${className}`}>
      <svg
        className="absolute left-0 top-0 h-[calc(100%-1.25rem)] w-[calc(100%-4rem)]"
        viewBox={`0 0 ${picture.width} 100`}
        preserveAspectRatio="none"
        aria-hidden="true"
      >
        {picture.prices.map((p) => (
          <path key={p.value} d={`M0 ${p.top}H${picture.width}`} stroke="#2c2c3566" vectorEffect="non-scaling-stroke" />
        ))}
        <path d={picture.upVolume} fill={`${UP}55`} />
        <path d={picture.downVolume} fill={`${DOWN}55`} />
        <path d={picture.up} fill={UP} data-candles="up" />
        <path d={picture.down} fill={DOWN} data-candles="down" />
        {picture.last && (
          <path
            d={`M0 ${picture.last.top}H${picture.width}`}
            stroke={picture.last.rising ? UP : DOWN}
            strokeDasharray="1 2"
            vectorEffect="non-scaling-stroke"
          />
        )}
      </svg>
      <div ref={scale} className="absolute bottom-5 right-0 top-0 w-16 border-l border-line text-[11px] text-muted">
        {levelsBeside(picture, gap).map((p) => (
          <span key={p.value} className="absolute right-1 -translate-y-1/2 tabular-nums" style={{ top: `${p.top}%` }}>
            {displayDecimal(p.value.toFixed(2))}
          </span>
        ))}
        {picture.last && (
          <span
            ref={tag}
            className="absolute left-0 right-0 -translate-y-1/2 px-1 text-right font-medium tabular-nums text-ink"
            style={{ top: `${picture.last.top}%`, background: picture.last.rising ? UP : DOWN }}
          >
            {displayDecimal(picture.last.value.toFixed(2))}
          </span>
        )}
      </div>
      <div className="absolute bottom-0 left-0 right-16 h-5 border-t border-line text-[11px] text-muted">
        {local &&
          picture.times.map((t) => (
            <span key={t.at} className="absolute top-1 -translate-x-1/2 tabular-nums" style={{ left: `${t.left}%` }}>
              {axisTimeText(Date.parse(t.at), interval)}
            </span>
          ))}
      </div>
    </div>
  );
}

/**
 * The candles as a picture drawn with the page (SVG), live, until the reader reaches for the chart
 * and the interactive one (price-chart.tsx) takes its place: a phone's first paint shows the candles
 * without the charting library's code, whose making and first drawing were the longest tasks left
 * on Trade and Market (docs/BENCHMARKS.md, issue 24).
 */
export function CandlePictureChart({ candles, live, interval }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const updates = useRef(0);
  useEffect(() => {
    if (live) container.current!.dataset.liveUpdates = String(++updates.current);
  }, [live]);

  return (
    <div
      ref={container}
      className="relative h-full w-full"
      data-testid="price-chart"
      data-chart="picture"
      data-candle-count={candles.length}
      role="figure"
      aria-label="XAUt/USDT candlestick chart"
    >
      <Picture candles={candles.slice(-NARROW)} interval={interval} className="lg:hidden" />
      <Picture candles={candles.slice(-WIDE)} interval={interval} className="hidden lg:block" />
    </div>
  );
}
