import type { Period } from "./input";

const PERIOD_MS: Record<Period, number> = { hourly: 3_600_000, daily: 86_400_000, weekly: 7 * 86_400_000 };

/**
 * The next round after the one due at `due`: one period on, or, when the service was down for
 * longer than that, the first slot on the same cadence after `now` (missed rounds are not bought
 * late, all at once, at one price).
 */
export function nextRound(due: Date, period: Period, now: Date): Date {
  const step = PERIOD_MS[period];
  const behind = Math.max(0, Math.floor((now.getTime() - due.getTime()) / step));
  return new Date(due.getTime() + (behind + 1) * step);
}
