/** Time as the ledger's rules count it: UTC days, from the Unix epoch. The one place these live. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The UTC day of `at`, as "YYYY-MM-DD". */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** Midnight UTC at the start of `day` ("YYYY-MM-DD") plus `days` days. */
export const dayStart = (day: string, days = 0): Date => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

/** Whole UTC days from `from` to `to` (both "YYYY-MM-DD"). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Midnight UTC at the start of the day `at` falls in. */
export const utcDayStart = (at: Date): Date => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
