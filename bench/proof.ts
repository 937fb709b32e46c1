/**
 * `npm run bench:proof`: a proof-of-liabilities snapshot over 1,000,000 synthetic accounts on PostgreSQL.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:proof
 *
 * Creates its own database on that server (dropped at the end), seeds BENCH_ACCOUNTS users (default
 * 1,000,000) straight in SQL, each with a USDT account, every third with XAUT, every tenth with savings,
 * all posted as one deposit journal so the ledger's entries explain every balance; then times:
 *  - takeSnapshot (the daily job's work), against issue 22's 60 s, with this process's peak RSS
 *    (VmHWM) against 500 MB, the time it waited per phase (its statements overlap its hashing, so
 *    the phases add up to the whole), and the CPU it and PostgreSQL's backends used;
 *  - one user's proof, served as the API does, for 1,000 random users: p50/p95/p99 against 20 ms,
 *    with the path's length and the file's size (O(log n));
 *  - rebuilding the root from the stored leaves (ledger:check's work).
 * Anchors measured in the same run: PostgreSQL scanning the same accounts (sum of balances per
 * asset), SHA-256 alone over as many leaves and nodes as the tree has, and a bare `select 1` round
 * trip interleaved with the proofs.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { rowsOf } from "@/db/rows";
import { checkSnapshot } from "@/lib/proof/check";
import { takeSnapshot } from "@/lib/proof/snapshot";
import { proofFor } from "@/lib/proof/snapshots";
import { benchDatabase } from "./database";
import { percentile } from "./load";

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1_000_000);
const PROOFS = 1_000;
const line = (label: string, figures: string) => console.log(`  ${label.padEnd(44)} ${figures}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const peakRssMb = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"))![1]) / 1024;

/**
 * CPU seconds used so far by this database's server processes (PostgreSQL runs on this machine: the
 * bench accepts 127.0.0.1 only), by pid: on a shared machine, the work done rather than the wait for it.
 */
async function backendCpu(db: Parameters<typeof takeSnapshot>[0]): Promise<Map<number, number>> {
  const pids = await rowsOf<{ pid: number }>(
    db,
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  const ticks = (pid: number) => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  return new Map(pids.map(({ pid }) => [pid, ticks(pid)]));
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await work();
  return [value, performance.now() - start];
}

async function seed(db: Parameters<typeof takeSnapshot>[0]) {
  await db.execute(sql`
    insert into users (id, username, email, password_hash, referral_code)
    select gen_random_uuid(), 'p' || i, 'p' || i || '@bench.local', 'x', 'P' || i from generate_series(1, ${ACCOUNTS}) i`);
  await db.execute(sql`
    insert into accounts (id, user_id, asset, kind, balance)
    select gen_random_uuid(), u.id, a.asset, a.kind::account_kind, 1 + (random() * 1e11)::bigint
    from (select id, row_number() over () as n from users where username like 'p%') u
    cross join lateral (values ('USDT', 'spot', true), ('XAUT', 'spot', u.n % 3 = 0), ('USDT', 'savings', u.n % 10 = 0)) a(asset, kind, wanted)
    where a.wanted`);
  // One deposit journal explains every balance, the external account's entry its opposite.
  await db.execute(
    sql`insert into journals (id, kind, memo) values ('00000000-0000-7000-8000-00000000beef', 'deposit', 'bench seed')`,
  );
  await db.execute(sql`
    insert into entries (journal_id, account_id, amount, balance_after)
    select '00000000-0000-7000-8000-00000000beef', id, balance, balance from accounts where user_id is not null`);
  await db.execute(
    sql`insert into accounts (id, user_id, asset, kind) select gen_random_uuid(), null, code, 'external' from assets on conflict do nothing`,
  );
  await db.execute(sql`
    insert into entries (journal_id, account_id, amount)
    select '00000000-0000-7000-8000-00000000beef', x.id, -t.total
    from (select asset, sum(balance) as total from accounts where user_id is not null group by asset) t
    join accounts x on x.asset = t.asset and x.kind = 'external' and x.user_id is null`);
  await db.execute(sql`analyze`);
}

async function main() {
  const bench = await benchDatabase("aurum_proof", 4);
  try {
    console.log(
      `Proof of liabilities over ${ACCOUNTS.toLocaleString("en-US")} users (${new Date().toISOString()}, load average ${(
        await import("node:os")
      )
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")})`,
    );
    const [, seedMs] = await timed(() => seed(bench.db));
    const [{ n: accountRows }] = (await rowsOf<{ n: string }>(
      bench.db,
      sql`select count(*)::text as n from accounts where user_id is not null`,
    )) as [{ n: string }];
    line(
      "seeded (not measured)",
      `${Number(accountRows).toLocaleString("en-US")} ledger accounts in ${seconds(seedMs)}`,
    );

    const [, scanMs] = await timed(() =>
      rowsOf(bench.db, sql`select asset, sum(balance) from accounts where user_id is not null group by asset`),
    );
    const rssBefore = peakRssMb();
    const phases: Record<string, number> = {};
    const serverBefore = await backendCpu(bench.db);
    const nodeBefore = process.cpuUsage();
    const [snapshot, snapMs] = await timed(async () => (await takeSnapshot(bench.db, { trigger: "daily", phases }))!);
    const nodeCpu = process.cpuUsage(nodeBefore);
    const serverCpu = [...(await backendCpu(bench.db))].reduce(
      (total, [pid, seconds]) => total + seconds - (serverBefore.get(pid) ?? 0),
      0,
    );
    const rssPeak = peakRssMb();
    line(
      "snapshot (target ≤ 60 s)",
      `${seconds(snapMs)} for ${snapshot.accountCount.toLocaleString("en-US")} leaves; anchor: PostgreSQL's sum over the accounts ${seconds(scanMs)}`,
    );
    line(
      "  time waited per phase",
      Object.entries(phases)
        .map(([phase, ms]) => `${phase} ${seconds(ms)}`)
        .join(", "),
    );
    line(
      "  CPU it used",
      `this process ${seconds((nodeCpu.user + nodeCpu.system) / 1000)}, PostgreSQL's backends ${serverCpu.toFixed(1)} s`,
    );
    line("peak RSS (target ≤ 500 MB)", `${rssPeak.toFixed(0)} MB (before the snapshot: ${rssBefore.toFixed(0)} MB)`);

    const nodes = 2 * snapshot.accountCount;
    const [, hashMs] = await timed(async () => {
      const bytes = Buffer.alloc(129);
      for (let i = 0; i < nodes; i++) createHash("sha256").update(bytes).digest();
    });
    line("anchor: SHA-256 alone, as many hashes", `${seconds(hashMs)} for ${nodes.toLocaleString("en-US")}`);

    const sample = await rowsOf<{ user_id: string }>(
      bench.db,
      sql`select user_id from proof_leaves where snapshot_id = ${snapshot.id} order by random() limit ${PROOFS}`,
    );
    const times: number[] = [];
    const trips: number[] = [];
    let steps = 0;
    let bytes = 0;
    for (const { user_id } of sample) {
      // The anchor, interleaved so both meet the same load: one bare round trip to PostgreSQL.
      trips.push((await timed(() => bench.db.execute(sql`select 1`)))[1]);
      const [proof, ms] = await timed(() => proofFor(bench.db, snapshot.id, user_id));
      times.push(ms);
      steps = Math.max(steps, proof.path.length);
      bytes = Math.max(bytes, JSON.stringify(proof).length);
    }
    times.sort((a, b) => a - b);
    trips.sort((a, b) => a - b);
    const figures = (t: number[]) =>
      `p50 ${percentile(t, 0.5).toFixed(1)} ms, p95 ${percentile(t, 0.95).toFixed(1)} ms, p99 ${percentile(t, 0.99).toFixed(1)} ms`;
    line(`one user's proof, ${PROOFS} users (target p95 ≤ 20 ms)`, figures(times));
    line("anchor: a bare `select 1`, interleaved", figures(trips));
    line(
      "proof size",
      `${steps} steps (⌈log2 n⌉ = ${Math.ceil(Math.log2(snapshot.accountCount))}), ${(bytes / 1024).toFixed(1)} KB of JSON at most`,
    );

    const [problems, checkMs] = await timed(() => checkSnapshot(bench.db, snapshot));
    line("ledger:check's rebuild of the root", `${seconds(checkMs)}, ${problems.length} problems`);
    if (problems.length) throw new Error(JSON.stringify(problems));
  } finally {
    await bench.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
