import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { priceAlerts } from "@/db/schema";
import { fireReachedAlerts, reachedAlerts } from "@/lib/alerts/fire";
import { ALERT_DIRECTIONS } from "@/lib/alerts/input";
import { newId } from "@/lib/core/ids";
import { recordTick } from "@/lib/market/ticks";

/** The bar issue 46 set: one tick checked against every active alert. */
export const ALERT_CHECK_MS = 50;
const CHUNK = 1_000;

/**
 * `count` active alerts over `userIds`, half above and half below `price` (USDT units), spread over
 * ±10 % of it and none reached by it, as users set them: each waits for the price to come.
 */
export async function seedWaitingAlerts(db: Db, userIds: string[], count: number, price: bigint): Promise<void> {
  const spread = price / 10n;
  for (let start = 0; start < count; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, count - start) }, (_, k) => {
      const i = start + k;
      const offset = 1n + (spread * BigInt(i)) / BigInt(count);
      const above = i % 2 === 0;
      return {
        id: newId(),
        userId: userIds[i % userIds.length]!,
        direction: above ? ("above" as const) : ("below" as const),
        price: above ? price + offset : price - offset,
      };
    });
    await db.insert(priceAlerts).values(rows);
  }
  await db.execute(sql`analyze price_alerts`);
}

/** The plans PostgreSQL chooses for a tick's search of the reached alerts (both directions), one line per node. */
export async function reachedAlertsPlan(db: Db, price: bigint): Promise<string> {
  const lines = [];
  for (const direction of ALERT_DIRECTIONS) {
    const rows = await rowsOf<{ "QUERY PLAN": string }>(db, sql`explain ${reachedAlerts(db, direction, price)}`);
    lines.push(...rows.map((r) => r["QUERY PLAN"]));
  }
  return lines.join("\n");
}

/** Both directions read the partial index, neither scans the table. */
export const usesIndex = (plan: string) =>
  plan.match(/price_alerts_active_idx/g)?.length === 2 && !/Seq Scan/.test(plan);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * With 10,000 active alerts, the time of one check of the price against all of them (the job's
 * whole run on a tick that fires none), and of a tick that fires 50, with their notifications.
 */
export async function alertsPhase(db: Db, userIds: string[], line: (label: string, figures: string) => void) {
  const price = 4_000_000_000n;
  const alerts = 10_000;
  await recordTick(db, { price, at: new Date() });
  await seedWaitingAlerts(db, userIds, alerts, price);
  const plan = await reachedAlertsPlan(db, price);
  const runs: number[] = [];
  for (let i = 0; i < 30; i++) {
    const started = performance.now();
    if ((await fireReachedAlerts(db)) !== 0) throw new Error("a tick that reaches no alert fired one");
    runs.push(performance.now() - started);
  }
  const quiet = median(runs);
  line(
    `a tick against ${alerts.toLocaleString("en")} active alerts`,
    `${quiet.toFixed(2).padStart(6)} ms median of ${runs.length} (bar ${ALERT_CHECK_MS} ms: ${quiet <= ALERT_CHECK_MS ? "met" : "MISSED"})`,
  );
  line("", `plan: ${usesIndex(plan) ? "index on (direction, price) where active" : plan}`);
  // A rise past the nearest alerts above (every other one of the first 50 set).
  const moved = price + ((price / 10n) * 50n) / BigInt(alerts) + 1n;
  await recordTick(db, { price: moved, at: new Date() });
  const started = performance.now();
  const fired = await fireReachedAlerts(db);
  line(
    `a tick that fires ${fired} of them`,
    `${(performance.now() - started).toFixed(2).padStart(6)} ms, notifications included`,
  );
  if (quiet > ALERT_CHECK_MS) process.exitCode = 1;
}
