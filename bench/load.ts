import { readdirSync, readFileSync } from "node:fs";
import postgres from "postgres";

export interface Run {
  /** Completed operations that succeeded, and those that failed. */
  ok: number;
  failed: number;
  seconds: number;
  /** Milliseconds per successful operation, sorted. */
  latencies: number[];
  /** A few distinct failure messages, to tell a slow run from a broken one. */
  failures: string[];
}

/**
 * Runs `op` from `concurrency` loops for `seconds`: each loop starts its next operation when the
 * last one ends (closed loop), so the figure is throughput at that concurrency, not an open rate.
 */
export async function runFor(
  seconds: number,
  concurrency: number,
  op: (worker: number, i: number) => Promise<void>,
): Promise<Run> {
  const deadline = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  const failures = new Set<string>();
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const t0 = performance.now();
        try {
          await op(worker, i);
          latencies.push(performance.now() - t0);
        } catch (err) {
          failed++;
          if (failures.size < 5) failures.add(err instanceof Error ? err.message : String(err));
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    ok: latencies.length,
    failed,
    seconds: (performance.now() - started) / 1000,
    latencies,
    failures: [...failures],
  };
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : NaN;

export function describeRun(run: Run, unit: string): string {
  const rate = (run.ok / run.seconds).toFixed(0).padStart(6);
  const p50 = percentile(run.latencies, 0.5).toFixed(1).padStart(6);
  const p99 = percentile(run.latencies, 0.99).toFixed(1).padStart(6);
  const errors = run.failed ? `  ${run.failed} failed (${run.failures.join("; ")})` : "";
  return `${rate} ${unit}/s   p50 ${p50} ms   p99 ${p99} ms${errors}`;
}

/**
 * Samples pg_stat_activity every 100 ms while `work` runs: how many of the database's sessions,
 * on average, were waiting for a lock, and on what kind of lock. A row every transaction had to
 * lock would show here as sessions queued on `transactionid` or `tuple` locks.
 */
export async function sampleLockWaits<T>(
  url: string,
  database: string,
  work: () => Promise<T>,
): Promise<{ result: T; waits: string }> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const sampler = (async () => {
    while (running) {
      const rows = await sql<{ event: string; n: number }[]>`
        select wait_event as event, count(*)::int as n from pg_stat_activity
        where datname = ${database} and wait_event_type = 'Lock' group by 1`;
      samples++;
      for (const r of rows) counts.set(r.event, (counts.get(r.event) ?? 0) + r.n);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    const result = await work();
    return { result, waits: formatWaits(counts, samples) };
  } finally {
    running = false;
    await sampler;
    await sql.end();
  }
}

function formatWaits(counts: Map<string, number>, samples: number): string {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const parts = [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([event, n]) => `${event} ${(n / samples).toFixed(1)}`);
  return `sessions waiting on locks: ${(total / Math.max(samples, 1)).toFixed(1)} on average${parts.length ? ` (${parts.join(", ")})` : ""}`;
}

/**
 * CPU seconds used so far by every process on this machine whose /proc stat `counts` accepts (its
 * command name, and the stat's fields after it: `fields[2]` is the process group), the children it
 * reaped included.
 */
function cpuSecondsOf(counts: (name: string, fields: string[]) => boolean): number {
  const tick = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (!counts(name, fields)) continue;
      // utime and stime, and cutime and cstime: the children that ended (PostgreSQL's backends).
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / tick;
    } catch {
      // The process ended while being read.
    }
  }
  return total;
}

/** CPU seconds PostgreSQL's processes have used so far, ended backends included (every `postgres` process on this machine). */
export const postgresCpuSeconds = (): number => cpuSecondsOf((name) => name === "postgres");

/** CPU seconds the processes of process group `group` have used so far (a server started detached: its pid). */
export const processGroupCpuSeconds = (group: number): number =>
  cpuSecondsOf((_, fields) => Number(fields[2]) === group);

/**
 * Runs `work` and says how much CPU this Node process and PostgreSQL used per operation meanwhile:
 * which of the two a figure is bound by. PostgreSQL's is every `postgres` process on the machine
 * (backends, WAL writer, checkpointer), so run it on a quiet machine.
 */
export async function cpuPer<T>(
  work: () => Promise<T>,
  count: (result: T) => number,
): Promise<{ result: T; cpu: string }> {
  const node = process.cpuUsage();
  const pg = postgresCpuSeconds();
  const result = await work();
  const used = process.cpuUsage(node);
  const ops = Math.max(1, count(result));
  const nodeMs = (used.user + used.system) / 1000 / ops;
  const pgMs = ((postgresCpuSeconds() - pg) * 1000) / ops;
  return { result, cpu: `CPU per operation: Node ${nodeMs.toFixed(2)} ms, PostgreSQL ${pgMs.toFixed(2)} ms` };
}
