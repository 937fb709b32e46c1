import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { isDraining } from "@/lib/core/lifecycle";
import { isStale, lastTick } from "@/lib/market/ticks";

export interface Readiness {
  ready: boolean;
  checks: { database: boolean; migrations: boolean; priceFeed: boolean; accepting: boolean };
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

/** How many migrations this build ships (drizzle-kit's journal beside them). */
function shippedMigrations(): number {
  const journal = JSON.parse(
    readFileSync(path.join(process.cwd(), "db", "migrations", "meta", "_journal.json"), "utf8"),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * Whether this instance should get traffic: the database answers, every migration this build
 * ships is applied there, prices are fresh (trading halts without them), and it is not shutting
 * down. A load balancer takes it out of rotation otherwise; liveness is a separate, bare check.
 */
export async function readiness(db: Db): Promise<Readiness> {
  const checks = { database: false, migrations: false, priceFeed: false, accepting: !isDraining() };
  try {
    await db.execute(sql`select 1`);
    checks.database = true;
    const [applied] = rowsOf<{ n: number | string }>(
      await db.execute(sql`select count(*) as n from drizzle.__drizzle_migrations`),
    );
    checks.migrations = Number(applied?.n ?? 0) >= shippedMigrations();
    const tick = await lastTick(db);
    checks.priceFeed = tick !== null && !isStale(tick.at);
  } catch {
    // An unreachable database leaves its checks false: that is the answer.
  }
  return { ready: Object.values(checks).every(Boolean), checks };
}
