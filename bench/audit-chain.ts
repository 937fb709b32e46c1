/**
 * How long checking the audit chain takes at 100,000 rows (AUDIT_ROWS), on an in-memory PGlite, or
 * on PostgreSQL with BENCH_DATABASE_URL (a database of its own, dropped at the end):
 *
 *   npx tsx bench/audit-chain.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/audit-chain.ts
 *
 * Prints a full walk (npm run audit:verify, an instance's first dashboard look, the periodic
 * re-walk) and a dashboard look after the checkpoint, with nothing and with ten rows added.
 */
import { performance } from "node:perf_hooks";
import { openDatabase, type Db } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { audit } from "@/lib/audit";
import { auditChainStatus } from "@/lib/audit/status";
import { verifyAuditChain } from "@/lib/audit/verify";
import { insertUser } from "@/lib/auth/register";
import { newId } from "@/lib/core/ids";
import { benchDatabase } from "./database";

const ROWS = Number(process.env.AUDIT_ROWS ?? 100_000);
const BATCH = 1_000;

/** ROWS rows shaped like real ones (a balance adjustment's detail), written in batches: the database chains each. */
async function seed(db: Db, actorId: string) {
  for (let first = 1; first <= ROWS; first += BATCH) {
    const rows = [];
    for (let n = first; n < Math.min(first + BATCH, ROWS + 1); n++) {
      rows.push({
        id: newId(),
        actorId,
        action: "user.balance.adjust",
        targetType: "user",
        targetId: newId(),
        ip: "198.51.100.7",
        detail: {
          asset: "USDT",
          amount: `${n}.500000`,
          operation: "credit",
          reason: `Goodwill credit for ticket #${n}`,
          balanceAfter: `${n * 3}.250000`,
        },
      });
    }
    await db.insert(auditLogs).values(rows);
  }
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const began = performance.now();
  const result = await work();
  console.log(`  ${label.padEnd(52)} ${(performance.now() - began).toFixed(0).padStart(6)} ms`);
  return result;
}

async function main() {
  const onPostgres = Boolean(process.env.BENCH_DATABASE_URL);
  const bench = onPostgres ? await benchDatabase("aurum_bench_audit", 4) : null;
  const handle = bench ? null : await openDatabase("memory://");
  const db = bench?.db ?? handle!.db;
  try {
    const actor = await insertUser(db, {
      username: "bench-admin",
      email: "bench-admin@aurum.local",
      password: "bench-password",
      role: "admin",
    });
    console.log(`audit chain, ${ROWS.toLocaleString("en")} rows, ${onPostgres ? "PostgreSQL" : "PGlite (in memory)"}`);
    await timed("seed", () => seed(db, actor.id));
    const full = await timed("full walk (audit:verify)", () => verifyAuditChain(db));
    if (!full.intact || full.entries !== ROWS) throw new Error(`unexpected: ${JSON.stringify(full)}`);
    await timed("dashboard, an instance's first look (full walk)", () => auditChainStatus(db));
    await timed("dashboard, next look, nothing added", () => auditChainStatus(db));
    for (let i = 0; i < 10; i++)
      await audit(db, { actorId: actor.id, action: "bench.append", target: { type: "bench" }, detail: { i } });
    const after = await timed("dashboard, next look, 10 rows added", () => auditChainStatus(db));
    if (after.state !== "intact" || after.entries !== ROWS + 10)
      throw new Error(`unexpected: ${JSON.stringify(after)}`);
    await timed("one audited append at this length", () =>
      audit(db, { actorId: actor.id, action: "bench.append", target: { type: "bench" } }),
    );
  } finally {
    await (bench ? bench.drop() : handle!.close());
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
