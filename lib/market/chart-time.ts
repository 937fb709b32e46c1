const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");

export interface ChartTimeParts {
  year: number;
  month: string;
  day: number;
  clock: string;
}

/**
 * A candle's open time as the charts name it: in the reader's time zone, except daily candles
 * (`interval` ≥ 1440 minutes), which are UTC days. Read from Date's own getters, not
 * Intl.DateTimeFormat: making the formatters cost more than the rest of the chart's first drawing
 * on a phone's CPU (the profile of /market), and `toLocaleString` makes one per call.
 */
export function chartTimeParts(ms: number, interval: number): ChartTimeParts {
  const d = new Date(ms);
  return interval >= 1440
    ? {
        year: d.getUTCFullYear(),
        month: MONTHS[d.getUTCMonth()]!,
        day: d.getUTCDate(),
        clock: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
      }
    : {
        year: d.getFullYear(),
        month: MONTHS[d.getMonth()]!,
        day: d.getDate(),
        clock: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
      };
}

/** A label along the time axis: "24 Nov" for daily candles, "14:09" for the others. */
export function axisTimeText(ms: number, interval: number): string {
  const p = chartTimeParts(ms, interval);
  return interval >= 1440 ? `${p.day} ${p.month}` : p.clock;
}
