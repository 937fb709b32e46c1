import { afterEach, describe, expect, it } from "vitest";
import { candlePicture, labelGap, levelsBeside, priceLevels, withLive } from "@/lib/market/candle-picture";
import { axisTimeText, chartTimeParts } from "@/lib/market/chart-time";
import type { CandleView } from "@/lib/market/views";

const candle = (minute: number, open: string, high: string, low: string, close: string, volume = "1"): CandleView => ({
  time: new Date(Date.UTC(2026, 10, 24, 14, minute)).toISOString(),
  open,
  high,
  low,
  close,
  volume,
});

/** The rectangles of a path, as [x, y, width, height] each. */
const rects = (d: string) =>
  [...d.matchAll(/M([-\d.]+) ([-\d.]+)h([-\d.]+)v([-\d.]+)h[-\d.]+z/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
    Number(m[3]),
    Number(m[4]),
  ]);

describe("candlePicture", () => {
  // Prices 4000 to 4070: the candle area is 8 % to 78 % of the height, one percent per dollar.
  const candles = [candle(0, "4010", "4020", "4000", "4015", "2"), candle(1, "4015", "4070", "4005", "4010", "4")];

  it("draws each candle in its column, rising in one path and falling in the other, wick and body at their prices", () => {
    const picture = candlePicture(candles);
    expect(picture.width).toBe(2);
    const [upWick, upBody] = rects(picture.up);
    expect(upWick).toEqual([0.43, 8 + 50, 0.14, 20]); // 4020 .. 4000
    expect(upBody).toEqual([0.15, 8 + 55, 0.7, 5]); // 4015 .. 4010
    const [downWick, downBody] = rects(picture.down);
    expect(downWick).toEqual([1.43, 8, 0.14, 65]); // 4070 .. 4005
    expect(downBody).toEqual([1.15, 8 + 55, 0.7, 5]); // 4015 .. 4010
    expect(rects(picture.up)).toHaveLength(2);
    expect(rects(picture.down)).toHaveLength(2);
  });

  it("gives volume the bottom 18 %, the busiest candle all of it, each in its candle's colour", () => {
    const picture = candlePicture(candles);
    expect(rects(picture.upVolume)).toEqual([[0.15, 91, 0.7, 9]]);
    expect(rects(picture.downVolume)).toEqual([[0.15 + 1, 82, 0.7, 18]]);
  });

  it("a candle that did not move is a visible line, and a flat market sits mid-height", () => {
    const picture = candlePicture([candle(0, "4000", "4000", "4000", "4000", "0")]);
    const [wick, body] = rects(picture.up);
    expect(wick![1]).toBe(8 + 35);
    expect(body![3]).toBe(0.2);
    expect(picture.upVolume).toBe("");
    expect(picture.prices).toEqual([{ value: 4000, top: 43 }]);
  });

  it("marks the last price at its height, in the colour of its candle", () => {
    expect(candlePicture(candles).last).toEqual({ value: 4010, top: 8 + 60, rising: false });
    expect(candlePicture(candles.slice(0, 1)).last).toEqual({ value: 4015, top: 78 - 70 * 0.75, rising: true });
  });

  it("puts the price scale's levels where their prices are drawn", () => {
    expect(candlePicture(candles).prices).toEqual([
      { value: 4000, top: 78 },
      { value: 4020, top: 58 },
      { value: 4040, top: 38 },
      { value: 4060, top: 18 },
    ]);
  });

  it("names candles spread across the width, each at its column's middle", () => {
    const many = Array.from({ length: 8 }, (_, i) => candle(i, "4000", "4001", "3999", "4000"));
    expect(candlePicture(many).times).toEqual(
      [1, 3, 5, 7].map((i) => ({ at: many[i]!.time, left: ((i + 0.5) / 8) * 100 })),
    );
    expect(candlePicture(many.slice(0, 2)).times.map((t) => t.at)).toEqual([many[0]!.time, many[1]!.time]);
  });

  it("of no candles is an empty picture", () => {
    expect(candlePicture([])).toEqual({
      width: 1,
      up: "",
      down: "",
      upVolume: "",
      downVolume: "",
      prices: [],
      last: null,
      times: [],
    });
  });
});

describe("levelsBeside", () => {
  // Levels at 78, 58, 38 and 18 %; the last price, 4010, at 68 %.
  const picture = candlePicture([
    candle(0, "4010", "4020", "4000", "4015", "2"),
    candle(1, "4015", "4070", "4005", "4010", "4"),
  ]);

  it("drops the levels whose labels the last price's tag would cover, and no other", () => {
    // 4000 and 4020 are 10 points away, 4040 30 and 4060 50: a label a gap away only touches the tag.
    expect(levelsBeside(picture, 10).map((p) => p.value)).toEqual([4000, 4020, 4040, 4060]);
    expect(levelsBeside(picture, 10.01).map((p) => p.value)).toEqual([4040, 4060]);
    expect(levelsBeside(picture, 30.01).map((p) => p.value)).toEqual([4060]);
    expect(levelsBeside(picture, 0)).toEqual(picture.prices);
  });

  it("keeps every level when there is no last price to tag", () => {
    expect(levelsBeside({ prices: picture.prices, last: null }, 50)).toEqual(picture.prices);
  });

  it("measures the gap as a label's height in percent of the scale's, none for a scale not laid out", () => {
    expect(labelGap(16, 200)).toBe(8);
    expect(labelGap(16, 0)).toBe(0);
  });
});

describe("priceLevels", () => {
  it.each([
    [4000, 4070, [4000, 4020, 4040, 4060]],
    [4012.3, 4013.1, [4012.4, 4012.6, 4012.8, 4013]],
    [3990, 4010, [3990, 3995, 4000, 4005, 4010]],
    [0.5, 0.9, [0.5, 0.6, 0.7, 0.8, 0.9]],
    [100, 100, [100]],
  ])("from %d to %d: %j", (low, high, levels) => {
    expect(priceLevels(low, high)).toEqual(levels);
  });
});

describe("withLive", () => {
  const a = candle(0, "1", "1", "1", "1");
  const b = candle(1, "1", "2", "1", "2");
  it("replaces the running candle, appends a new one, and drops one older than the last", () => {
    const b2 = { ...b, close: "3", high: "3" };
    expect(withLive([a, b], b2)).toEqual([a, b2]);
    const c = candle(2, "3", "3", "3", "3");
    expect(withLive([a, b], c)).toEqual([a, b, c]);
    const list = [a, b];
    expect(withLive(list, a)).toBe(list);
    expect(withLive(list, null)).toBe(list);
    expect(withLive([], a)).toEqual([a]);
  });
});

describe("chart times", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    // Assigning undefined would set the text "undefined" for the files that share this worker.
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it("are the reader's for intraday candles and UTC days for daily ones", () => {
    process.env.TZ = "Asia/Tokyo";
    const at = Date.UTC(2026, 10, 24, 20, 5);
    expect(axisTimeText(at, 60)).toBe("05:05");
    expect(chartTimeParts(at, 60)).toEqual({ year: 2026, month: "Nov", day: 25, clock: "05:05" });
    expect(axisTimeText(at, 1440)).toBe("24 Nov");
    expect(chartTimeParts(Date.UTC(2026, 0, 1), 1440)).toEqual({ year: 2026, month: "Jan", day: 1, clock: "00:00" });
  });
});
