/** What a benchmark registers to undo (a server, a browser, a database), undone in reverse order. */
export type Cleanups = (() => Promise<void>)[];

/**
 * Runs a benchmark's `main` and undoes what it registered on every way out: its end, its error, a
 * signal, an error thrown outside its promise chain (a child process's error event), or
 * BENCH_TIMEOUT_SECONDS passing (default `defaultSeconds`). The process then exits without waiting:
 * a run abandoned by the deadline (a Lighthouse run, a browser) may keep handles open.
 */
export function runBench(main: (cleanups: Cleanups) => Promise<void>, defaultSeconds: number): void {
  const timeoutMs = Number(process.env.BENCH_TIMEOUT_SECONDS ?? defaultSeconds) * 1000;
  const cleanups: Cleanups = [];
  const cleanUp = async () => {
    for (const fn of cleanups.splice(0).reverse())
      await fn().catch((err) => console.error("clean-up:", err instanceof Error ? err.message : err));
  };
  process.once("uncaughtException", (err) => {
    console.error(err);
    void cleanUp().finally(() => process.exit(1));
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.error(`${signal}: cleaning up`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`gave up after ${timeoutMs / 1000} s (BENCH_TIMEOUT_SECONDS)`)),
      timeoutMs,
    );
  });
  Promise.race([main(cleanups), deadline])
    .catch((err) => {
      console.error(err);
      process.exitCode = 1;
    })
    .finally(async () => {
      clearTimeout(timer);
      await cleanUp();
      process.exit();
    });
}
