import { log } from "@/lib/core/log";

// Route handlers and server.ts load this module separately: one set of pending work for the process.
const holder = globalThis as unknown as { __aurumMailWork?: Set<Promise<void>> };
const pending = (holder.__aurumMailWork ??= new Set());

/**
 * Runs `work` after the caller has answered, so how long it takes (whether there was anything to
 * send, how slow the SMTP server is) never shows in a response time. Failures are logged.
 */
export function inBackground(what: string, work: () => Promise<void>): void {
  const run = Promise.resolve()
    .then(work)
    .catch((err: unknown) => log.error({ err }, `background mail work failed: ${what}`))
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Resolves once every piece of background mail work started so far has finished (tests, shutdown). */
export async function mailSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
