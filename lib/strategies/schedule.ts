import type { Period } from "./input";
import { DAY_MS, HOUR_MS } from "@/lib/core/time";

const PERIOD_MS: Record<Period, number> = { hourly: HOUR_MS, daily: DAY_MS, weekly: 7 * DAY_MS };

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
