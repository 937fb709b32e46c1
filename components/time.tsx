"use client";

import { countdownText, dateText, fullTimeText, timeText, utcText } from "@/lib/core/format";
import { useBrowserValue } from "@/components/hooks/hydrated";

// One clock for every <Time> on the page: a single interval while any is mounted, ticking each second.
const listeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | undefined;
function subscribe(listener: () => void) {
  listeners.add(listener);
  ticker ??= setInterval(() => listeners.forEach((l) => l()), 1000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };
}
// The snapshot only changes when what is shown can change (a second for a countdown, a minute for
// a moment), so a page full of times re-renders once a minute, not every second.
const nowToTheSecond = () => Math.floor(Date.now() / 1000) * 1000;
const nowToTheMinute = () => Math.floor(Date.now() / 60_000) * 60_000;
// The server does not know the reader's zone: it renders UTC, labelled, and so does the browser while
// it hydrates (so both render the same text: no mismatch), then the reader's zone (components/hooks/hydrated.ts).
const onTheServer = () => null;

/**
 * A moment in the reader's own time zone: "today 14:09", "yesterday 09:12", "24 Nov 14:09", the full
 * date and zone on hover; with `date`, only the day ("24 Nov 2026"). With `countdown`, something is
 * waiting for it: "today 14:09 (in 23 h 58 min)", live to the second, and `ended` (default "now")
 * once it has passed.
 */
export function Time({
  at,
  date = false,
  countdown = false,
  ended = "now",
  className,
}: {
  at: string;
  date?: boolean;
  countdown?: boolean;
  ended?: string;
  className?: string;
}) {
  const now = useBrowserValue(subscribe, countdown ? nowToTheSecond : nowToTheMinute, onTheServer);
  const left = now === null ? null : Date.parse(at) - now;
  const shown = now === null ? (date ? dateText(at, "UTC") : utcText(at)) : date ? dateText(at) : timeText(at, now);
  return (
    <time dateTime={at} title={now === null ? undefined : fullTimeText(at)} className={className}>
      {shown}
      {countdown && left !== null && ` (${left > 0 ? countdownText(left) : ended})`}
    </time>
  );
}
