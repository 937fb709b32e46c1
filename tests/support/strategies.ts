import { POST as createRoute, GET as listRoute } from "@/app/api/strategies/route";
import { GET as detailRoute } from "@/app/api/strategies/[id]/route";
import { POST as acceptRoute } from "@/app/api/strategies/[id]/accept/route";
import { POST as pauseRoute } from "@/app/api/strategies/[id]/pause/route";
import { POST as resumeRoute } from "@/app/api/strategies/[id]/resume/route";
import { POST as stopRoute } from "@/app/api/strategies/[id]/stop/route";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { accounts } from "@/db/schema";
import { call } from "./http";

let keys = 0;
const key = () => ({ "Idempotency-Key": `strategy-test-${++keys}-${Date.now()}` });

export const createStrategy = (token: string, body: Record<string, unknown>) =>
  call(createRoute, { token, body, headers: key() });
export const listStrategies = (token: string) => call(listRoute, { token });
export const strategyDetail = (token: string, id: string) => call(detailRoute, { token, params: { id } });
export const acceptSetup = (token: string, id: string, body: Record<string, unknown> = {}) =>
  call(acceptRoute, { token, params: { id }, body, headers: key() });
const verb = (route: typeof pauseRoute) => (token: string, id: string) =>
  call(route, { token, params: { id }, body: {} });
export const pauseStrategy = verb(pauseRoute);
export const resumeStrategy = verb(resumeRoute);
export const stopStrategy = verb(stopRoute);

/** A clock the test moves: ticks and runner passes at its time, never before the real now. */
export function testClock(start = new Date()) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    // Never behind the real clock: routes read the real time, and a tick set before a slow set-up (a
    // busy machine) would already be stale to them.
    advance: (ms: number) => new Date((at = Math.max(at + ms, Date.now()))),
  };
}

/** The balance of one strategy's reserve account in `asset` (0 when it has none). */
export async function reserveOf(db: Db, strategyId: string, asset: string): Promise<bigint> {
  const [row] = await db
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(and(eq(accounts.strategyId, strategyId), eq(accounts.asset, asset)));
  return row?.balance ?? 0n;
}
