import type { Db } from "@/db/client";

/**
 * `db` as a job sees it, with `between` committed by another request after the job's reads chose
 * what to act on and before its first transaction starts (a race PostgreSQL allows): the job must
 * check again under its locks. `happened()` says the race was run.
 */
export function racingBeforeFirstTransaction(
  db: Db,
  between: () => Promise<void>,
): { db: Db; happened: () => boolean } {
  let done = false;
  const proxy = new Proxy(db, {
    get(target, prop) {
      if (prop === "transaction" && !done) {
        return async (work: Parameters<Db["transaction"]>[0]) => {
          done = true;
          await between();
          return target.transaction(work);
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: proxy, happened: () => done };
}
