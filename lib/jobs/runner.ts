import { randomUUID } from "node:crypto";
import type { Db } from "@/db/client";
import { log } from "@/lib/core/log";
import { acquireLease, releaseLease } from "./lease";
import { recordRun } from "./runs";

export interface Job {
  name: string;
  everyMs: number;
  run(db: Db): Promise<void>;
}

export interface JobRunner {
  readonly holder: string;
  /** Seconds since this instance last completed each job it ran (the least over instances is the job's lag). */
  lagSeconds(): Record<string, number>;
  stop(): Promise<void>;
}

/**
 * Runs each job every `everyMs` on whichever instance holds its lease, so with several app
 * instances a job runs on one at a time. Runs never overlap on one instance; a failed run is
 * logged and the next one goes ahead. Jobs must still be idempotent: a lease can expire while
 * a slow run goes on. Nothing fails unheard: a failure that could not be recorded for the
 * dashboard, or a lease that could not be released on stop, is logged too.
 */
export function startJobs(db: Db, jobs: Job[], holder: string = randomUUID()): JobRunner {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  const completed = new Map<string, number>();
  let stopped = false;

  for (const job of jobs) {
    let busy = false;
    const tick = async () => {
      if (busy || stopped) return;
      busy = true;
      try {
        if (await acquireLease(db, job.name, holder, Math.max(job.everyMs * 3, 5_000))) {
          await job.run(db);
          completed.set(job.name, Date.now());
          await recordRun(db, job.name, null);
        }
      } catch (err) {
        log.error({ err, job: job.name }, "job run failed");
        await recordRun(db, job.name, err).catch((recordErr: unknown) =>
          log.error({ err: recordErr, job: job.name }, "job failure could not be recorded"),
        );
      } finally {
        busy = false;
      }
    };
    timers.push(
      setInterval(() => {
        const run = tick();
        running.add(run);
        void run.finally(() => running.delete(run));
      }, job.everyMs),
    );
  }

  return {
    holder,
    lagSeconds: () => Object.fromEntries([...completed].map(([name, at]) => [name, (Date.now() - at) / 1000])),
    async stop() {
      stopped = true;
      timers.forEach(clearInterval);
      await Promise.allSettled([...running]);
      // An unreleased lease only delays the next holder until it expires, but say so.
      await Promise.all(
        jobs.map((job) =>
          releaseLease(db, job.name, holder).catch((err: unknown) =>
            log.error({ err, job: job.name }, "job lease could not be released"),
          ),
        ),
      );
    },
  };
}
