import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jobLeases } from "@/db/schema";
import { acquireLease } from "@/lib/jobs/lease";
import { startJobs, type Job, type JobRunner } from "@/lib/jobs/runner";
import { log } from "@/lib/core/log";
import { withTestDatabase } from "../support/db";

const db = withTestDatabase();

interface Run {
  instance: string;
  start: number;
  end?: number;
}

const EVERY_MS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const runners: JobRunner[] = [];

afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  vi.restoreAllMocks();
});

/** A job that logs which instance ran it and when, taking `takesMs` each time. */
function loggingJob(name: string, instance: string, runs: Run[], takesMs = 20): Job {
  return {
    name,
    everyMs: EVERY_MS,
    async run() {
      const run: Run = { instance, start: Date.now() };
      runs.push(run);
      await sleep(takesMs);
      run.end = Date.now();
    },
  };
}

function start(name: string, instance: string, runs: Run[], takesMs?: number): JobRunner {
  const runner = startJobs(db(), [loggingJob(name, instance, runs, takesMs)], instance);
  runners.push(runner);
  return runner;
}

const jobName = () => `test-job-${randomBytes(4).toString("hex")}`;
const overlapping = (runs: Run[]) =>
  runs.some((a) => runs.some((b) => a !== b && a.start < (b.end ?? Infinity) && b.start < (a.end ?? Infinity)));

describe("the job runner", () => {
  it("runs a job on one of two instances sharing a database, never on both at once", async () => {
    const name = jobName();
    const runs: Run[] = [];
    start(name, "a", runs);
    start(name, "b", runs);
    await expect.poll(() => runs.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(15);
    expect(new Set(runs.map((r) => r.instance)).size).toBe(1);
    expect(overlapping(runs)).toBe(false);
  });

  it("hands the job to the other instance when the holder stops, and the stopped one runs it no more", async () => {
    const name = jobName();
    const runs: Run[] = [];
    const a = start(name, "a", runs);
    await expect.poll(() => runs.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    start(name, "b", runs);
    await sleep(EVERY_MS * 4);
    expect(runs.every((r) => r.instance === "a")).toBe(true);

    await a.stop();
    const stoppedAt = Date.now();
    await expect
      .poll(() => runs.filter((r) => r.instance === "b").length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(3);
    expect(runs.filter((r) => r.instance === "a" && r.start >= stoppedAt)).toEqual([]);
    expect(overlapping(runs)).toBe(false);
  });

  it("takes over a lease whose holder vanished without releasing it, once it expires and not before", async () => {
    const name = jobName();
    const runs: Run[] = [];
    const expiresAt = Date.now() + 1_000;
    expect(await acquireLease(db(), name, "crashed-instance", 1_000)).toBe(true);
    start(name, "b", runs);
    await expect.poll(() => runs.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect(runs[0]!.start).toBeGreaterThanOrEqual(expiresAt);
  });

  it("on stop, waits for the running job to finish and releases the lease", async () => {
    const name = jobName();
    const runs: Run[] = [];
    const a = start(name, "a", runs, 400);
    await expect.poll(() => runs.length, { timeout: 10_000 }).toBe(1);
    await a.stop();
    expect(runs).toHaveLength(1);
    expect(runs[0]!.end).toBeDefined();
    expect(await db().select().from(jobLeases).where(eq(jobLeases.name, name))).toEqual([]);
  });

  it("logs a failed run and goes on with the next", async () => {
    const error = vi.spyOn(log, "error").mockImplementation(() => {});
    let calls = 0;
    const flaky: Job = {
      name: jobName(),
      everyMs: EVERY_MS,
      async run() {
        if (calls++ === 0) throw new Error("boom");
      },
    };
    const runner = startJobs(db(), [flaky]);
    runners.push(runner);
    await expect.poll(() => calls, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    expect(error).toHaveBeenCalledTimes(1);
  });

  it("logs a failure it could not record and a lease it could not release, never dropping either", async () => {
    const error = vi.spyOn(log, "error").mockImplementation(() => {});
    // PostgreSQL refuses a NUL in text: taking the lease, recording the failure and releasing all fail.
    const refused: Job = { name: `${jobName()}\u0000`, everyMs: EVERY_MS, run: async () => {} };
    const runner = startJobs(db(), [refused]);
    runners.push(runner);
    const messages = () => error.mock.calls.map((call) => call[1]);
    await expect.poll(messages, { timeout: 10_000 }).toContain("job failure could not be recorded");
    expect(messages()).toContain("job run failed");
    await runner.stop();
    expect(messages()).toContain("job lease could not be released");
  });
});
