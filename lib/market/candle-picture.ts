import type { CandleView } from "./views";

/**
 * The candle chart as a picture: paths for an SVG whose box is `candles.length` steps wide and 100
 * high, stretched to its container (`preserveAspectRatio="none"`), and where its labels go, in
 * percent of that box. Drawn on the server and in the browser alike, so a screen's first paint shows
 * the candles, without the charting library's code (components/market/candle-picture.tsx).
 * It draws; it never computes money, so numbers are fine here.
 */
export interface CandlePicture {
  /** The box's width: one step per candle. */
  width: number;
  up: string;
  down: string;
  upVolume: string;
  downVolume: string;
  /** Price levels for the right-hand scale: the value and its distance from the top, in percent. */
  prices: { value: number; top: number }[];
  /** The last price, marked across the picture and on the scale, in its candle's colour. */
  last: { value: number; top: number; rising: boolean } | null;
  /** Candles to name under the picture: the open time and its distance from the left, in percent. */
  times: { at: string; left: number }[];
}

/** Rising and falling candles, in both charts. */
export const UP = "#4ade80";
export const DOWN = "#f87171";

// The interactive chart's layout (price-chart.tsx): candles between 8 % and 78 % of the height,
// volume in the bottom 18 %.
const PRICE_TOP = 8;
const PRICE_HEIGHT = 70;
const VOLUME_HEIGHT = 18;
const BODY = 0.7;
const WICK = 0.14;

const rect = (x: number, y: number, width: number, height: number) =>
  `M${round(x)} ${round(y)}h${round(width)}v${round(Math.max(height, 0.2))}h${round(-width)}z`;
const round = (n: number) => Math.round(n * 1000) / 1000;

/** Round levels about a quarter of the range apart: steps of 1, 2 or 5 times a power of ten. */
export function priceLevels(low: number, high: number): number[] {
  if (!(high > low)) return [low];
  const rough = (high - low) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
  const levels: number[] = [];
  for (let level = Math.ceil(low / step) * step; level <= high; level += step)
    levels.push(Math.round(level * 1e6) / 1e6);
  return levels;
}

/**
 * The scale's levels that the last price's tag leaves readable: a level within `gap` (a label's
 * height, in percent of the scale's) of the last price would be half covered by the tag.
 */
export function levelsBeside(picture: Pick<CandlePicture, "prices" | "last">, gap: number): CandlePicture["prices"] {
  const last = picture.last;
  return last ? picture.prices.filter((p) => Math.abs(p.top - last.top) >= gap) : picture.prices;
}

/** A label's height in percent of its scale's; 0 for a scale not laid out (hidden at this width). */
export function labelGap(labelPx: number, scalePx: number): number {
  return scalePx > 0 ? (labelPx / scalePx) * 100 : 0;
}

/** The candles with the running one on the end: it replaces the last when it is the same candle, follows it when newer. */
export function withLive(candles: CandleView[], live: CandleView | null): CandleView[] {
  const last = candles.at(-1);
  if (!live || (last && Date.parse(live.time) < Date.parse(last.time))) return candles;
  return last?.time === live.time ? [...candles.slice(0, -1), live] : [...candles, live];
}

/** The picture of `candles` (oldest first), naming `labels` of them along the bottom. */
export function candlePicture(candles: CandleView[], labels = 4): CandlePicture {
  const bars = candles.map((c) => ({
    open: Number(c.open),
    high: Number(c.high),
    low: Number(c.low),
    close: Number(c.close),
    volume: Number(c.volume),
  }));
  const low = Math.min(...bars.map((b) => b.low));
  const high = Math.max(...bars.map((b) => b.high));
  const most = Math.max(...bars.map((b) => b.volume), 0);
  // A flat range sits in the middle, not on an edge.
  const y = (price: number) =>
    high > low ? PRICE_TOP + ((high - price) / (high - low)) * PRICE_HEIGHT : PRICE_TOP + PRICE_HEIGHT / 2;
  const paths = { up: "", down: "", upVolume: "", downVolume: "" };
  bars.forEach((b, i) => {
    const rising = b.close >= b.open;
    const top = y(Math.max(b.open, b.close));
    const candle =
      rect(i + (1 - WICK) / 2, y(b.high), WICK, y(b.low) - y(b.high)) +
      rect(i + (1 - BODY) / 2, top, BODY, y(Math.min(b.open, b.close)) - top);
    const volume =
      most > 0 && b.volume > 0
        ? rect(i + (1 - BODY) / 2, 100 - (b.volume / most) * VOLUME_HEIGHT, BODY, (b.volume / most) * VOLUME_HEIGHT)
        : "";
    if (rising) {
      paths.up += candle;
      paths.upVolume += volume;
    } else {
      paths.down += candle;
      paths.downVolume += volume;
    }
  });
  const times = candles.length
    ? Array.from({ length: Math.min(labels, candles.length) }, (_, k) => {
        const i = Math.floor(((k + 0.5) * candles.length) / Math.min(labels, candles.length));
        return { at: candles[i]!.time, left: ((i + 0.5) / candles.length) * 100 };
      })
    : [];
  const final = bars.at(-1);
  return {
    width: Math.max(candles.length, 1),
    ...paths,
    last: final ? { value: final.close, top: y(final.close), rising: final.close >= final.open } : null,
    prices: candles.length ? priceLevels(low, high).map((value) => ({ value, top: y(value) })) : [],
    times,
  };
}
