import { percentile } from "./load";

/** What one open-loop run at a fixed arrival rate saw. */
export interface OpenRun {
  /** The arrival rate asked for, per second. */
  rate: number;
  sent: number;
  ok: number;
  failed: number;
  seconds: number;
  /** Milliseconds from each successful operation's intended start to its end, sorted. */
  latencies: number[];
  /** A few distinct failure messages. */
  failures: string[];
  /** The most an operation started after its intended time: the load generator's own lag. */
  startLagMax: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `op` at a fixed arrival rate for `seconds` (open loop, as wrk2 does): operation `i` is due
 * at `start + i / rate`, whether or not the ones before it have finished, and its latency counts
 * from that intended time, not from when it actually started. A closed loop (`runFor`) waits for
 * each answer before the next request, so a stalled server also stalls the arrivals it would have
 * queued, and their wait never shows in its figures (coordinated omission); here it does. An
 * operation still running after `timeoutMs` counts as failed.
 */
export async function runAtRate(
  rate: number,
  seconds: number,
  op: (i: number) => Promise<void>,
  timeoutMs = 10_000,
): Promise<OpenRun> {
  const interval = 1000 / rate;
  const total = Math.max(1, Math.floor(rate * seconds));
  const latencies: number[] = [];
  const failures = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  let failed = 0;
  let startLagMax = 0;

  const launch = (i: number, intended: number) => {
    startLagMax = Math.max(startLagMax, performance.now() - intended);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
    });
    const done = Promise.race([op(i), timedOut])
      .then(
        () => void latencies.push(performance.now() - intended),
        (err: unknown) => {
          failed++;
          if (failures.size < 5) failures.add(err instanceof Error ? err.message : String(err));
        },
      )
      .finally(() => {
        clearTimeout(timer);
        inFlight.delete(done);
      });
    inFlight.add(done);
  };

  const started = performance.now();
  for (let i = 0; i < total;) {
    // Everything due by now starts now, each timed from its own intended moment.
    for (const now = performance.now(); i < total && started + i * interval <= now; i++)
      launch(i, started + i * interval);
    if (i < total) await sleep(Math.max(0, started + i * interval - performance.now()));
  }
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  return {
    rate,
    sent: total,
    ok: latencies.length,
    failed,
    seconds: (performance.now() - started) / 1000,
    latencies,
    failures: [...failures],
    startLagMax,
  };
}

export function describeOpenRun(run: OpenRun): string {
  const ms = (p: number) => percentile(run.latencies, p).toFixed(1).padStart(6);
  const max = (run.latencies.at(-1) ?? NaN).toFixed(1).padStart(6);
  const errors = run.failed ? `${run.failed} (${run.failures.join("; ")})` : "0";
  return (
    // With fewer than a few hundred requests, the p99 is one of the last few: the count says so.
    `${run.rate.toFixed(0).padStart(5)}/s, ${String(run.sent).padStart(5)} sent   p50 ${ms(0.5)}  p90 ${ms(0.9)}  p99 ${ms(0.99)}  max ${max} ms` +
    `   errors ${errors}   start lag ≤ ${run.startLagMax.toFixed(0)} ms`
  );
}

/** The shares of the closed loop's throughput the open loop runs at, and issue 48's p99 target at each (ms). */
const SHARES: { share: number; p99Target?: number }[] = [
  { share: 0.25 },
  { share: 0.5, p99Target: 60 },
  { share: 0.75, p99Target: 150 },
];

/**
 * The open loop at each share of `capacity` (operations per second, as the closed loop measured it
 * in the same run), one after another, each printed with `print` as it ends.
 */
export async function openLoopAtShares(
  capacity: number,
  seconds: number,
  op: (i: number) => Promise<void>,
  print: (label: string, figures: string) => void,
): Promise<OpenRun[]> {
  const runs: OpenRun[] = [];
  for (const { share, p99Target } of SHARES) {
    const run = await runAtRate(Math.max(1, capacity * share), seconds, op);
    const p99 = percentile(run.latencies, 0.99);
    const verdict =
      p99Target === undefined
        ? ""
        : `   target p99 ≤ ${p99Target} ms, no error → ${p99 <= p99Target && !run.failed ? "met" : "MISSED"}`;
    print(`  open loop at ${(share * 100).toFixed(0)} % of it`, describeOpenRun(run) + verdict);
    runs.push(run);
  }
  return runs;
}
