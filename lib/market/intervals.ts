/** Chart intervals in minutes: 1 is stored as ticks land, the others are rolled up from it. */
export const INTERVALS = [1, 5, 15, 30, 60, 240, 1440] as const;
export const ROLLUP_INTERVALS = [5, 15, 30, 60, 240, 1440] as const;
export type Interval = (typeof INTERVALS)[number];

export const DEFAULT_INTERVAL: Interval = 5;

export const MINUTE_MS = 60_000;

export const isInterval = (n: number): n is Interval => (INTERVALS as readonly number[]).includes(n);

/** The start of the `interval`-minute bucket holding `at`, buckets counted from the Unix epoch (days start at 00:00 UTC). */
export function bucketStart(at: Date, interval: number): Date {
  const size = interval * MINUTE_MS;
  return new Date(Math.floor(at.getTime() / size) * size);
}
