/**
 * `npm run bench:trades`: trade throughput on PostgreSQL, in one run.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run build && npm run bench:trades
 *
 * Creates its own database on that server (dropped at the end) and prints:
 *  (a) market orders through the HTTP API from many concurrent users, beside a trivial route
 *      handler on the same server (Next's per-request cost is the HTTP ceiling) and a signed-in one,
 *      with session tokens and with API keys' signed requests (issue 47: within 10 % of the tokens');
 *  (b) trades through the trading service in-process with 20 workers, beside
 *      `pgbench -b tpcb-like -c 20` on the same database server;
 * each for 1,000 users and for 1 user, with the lock waits sampled meanwhile: the house and fees
 * accounts are never locked, so only one user's own rows serialize that user's trades;
 *  (c) with 10,000 active price alerts, one tick checked against all of them (issue 46: ≤ 50 ms);
 *  (d) a price tick checked against 10,000 waiting stop orders (bench/stops.ts, the same target).
 * With the phase `open` (beside `http`), after the closed loops of the signed-in route and of the
 * orders from 1,000 users, the same requests at a fixed arrival rate (bench/open-loop.ts: latency
 * from each request's intended send time) at 25, 50 and 75 % of the throughput the closed loop
 * just measured (issue 48: p99 ≤ 60 ms at 50 %, ≤ 150 ms at 75 %, no error).
 * Everything stays on 127.0.0.1; BENCH_SECONDS (default 10) bounds each phase; BENCH_PHASES
 * (default "http,open,in-process,pgbench,alerts,stops") picks phases, e.g. "in-process,pgbench"
 * needs no build, "http,open" is the HTTP API alone.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import os from "node:os";
import type { Db, DbHandle } from "@/db/client";
import { runTransaction } from "@/db/transaction";
import { AurumClient } from "@/examples/aurum-client";
import { apiKeys } from "@/db/schema";
import { encryptApiSecret, newApiSecret } from "@/lib/api-keys/secret";
import { newId } from "@/lib/core/ids";
import { checkLedger } from "@/lib/ledger/check";
import { recordTick } from "@/lib/market/ticks";
import { updateSettings } from "@/lib/settings";
import { watchSettings } from "@/lib/settings/cache";
import { placeOrder } from "@/lib/trading/place-order";
import { alertsPhase } from "./alerts";
import { openLoopAtShares } from "./open-loop";
import { benchDatabase } from "./database";
import { cpuPer, describeRun, postgresCpuSeconds, runFor, sampleLockWaits } from "./load";
import { seedTraders, type Trader } from "./seed";
import { startServer } from "./server";
import { stopsPhase } from "./stops";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const HTTP_CONNECTIONS = 50;
const WORKERS = 20;
const USERS = 1_000;
// Each order is 0.001 XAUT (the default minimum), buys and sells alternating.
const QUANTITY = "0.001";

const PHASES = new Set((process.env.BENCH_PHASES ?? "http,open,in-process,pgbench,alerts,stops").split(","));

const line = (label: string, figures: string) => console.log(`  ${label.padEnd(40)} ${figures}`);

/** Keeps the feed's price fresh while the app's own feed is not running (phase b). */
function tickEverySecond(db: Db): () => void {
  const timer = setInterval(
    () => void recordTick(db, { price: 4_000_000_000n, at: new Date() }).catch(() => {}),
    1_000,
  );
  return () => clearInterval(timer);
}

/** A trade key for each trader, written straight to the database, and its secret. */
async function tradeKeys(db: Db, traders: Trader[]): Promise<{ id: string; secret: string }[]> {
  const keys = traders.map((t) => {
    const id = newId();
    const secret = newApiSecret();
    return {
      row: {
        id,
        userId: t.id,
        name: "bench",
        scopes: ["trade"],
        secretEncrypted: encryptApiSecret(secret, id),
        expiresAt: new Date(Date.now() + 86_400_000),
      },
      key: { id, secret },
    };
  });
  for (let i = 0; i < keys.length; i += 500) await db.insert(apiKeys).values(keys.slice(i, i + 500).map((k) => k.row));
  return keys.map((k) => k.key);
}

async function httpPhase(url: string, name: string, db: Db, many: Trader[], one: Trader) {
  // Each key's own limits are not what is measured.
  const server = await startServer(url, {
    AUTH_SECRET: process.env.AUTH_SECRET!,
    ADMIN_PASSWORD: randomBytes(12).toString("hex"),
    PRICE_FEED: "simulated",
    API_KEY_REQUESTS_PER_MINUTE: "1000000",
    API_KEY_ORDERS_PER_SECOND: "1000000",
  });
  // One client per key: it keeps that key's timestamps apart, so two orders in one millisecond are not a replay.
  const signers = (await tradeKeys(db, many)).map(
    (key) => new AurumClient({ baseUrl: server.base, keyId: key.id, secret: key.secret }),
  );
  try {
    const order = (t: Trader, i: number) =>
      fetch(`${server.base}/api/trades`, {
        method: "POST",
        headers: { authorization: `Bearer ${t.token}`, "content-type": "application/json" },
        body: JSON.stringify({ side: i % 2 ? "sell" : "buy", type: "market", quantity: QUANTITY }),
      }).then(async (res) => {
        const body = (await res.json()) as { message?: string };
        if (res.status !== 201) throw new Error(`${res.status} ${body.message}`);
      });
    // Warm the route handlers once, so compilation and first connections are not measured.
    await fetch(`${server.base}/api/health`);
    await order(one, 0);

    console.log(`(a) HTTP API, ${HTTP_CONNECTIONS} concurrent connections, production build on 127.0.0.1`);
    const trivial = await runFor(SECONDS, HTTP_CONNECTIONS, async () => {
      const res = await fetch(`${server.base}/api/health`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`health ${res.status}`);
    });
    line("trivial route (GET /api/health)", describeRun(trivial, "req"));
    // The session check every signed-in call pays (token decryption and the session row), alone.
    const profile = async (t: Trader) => {
      const res = await fetch(`${server.base}/api/auth/profile`, { headers: { authorization: `Bearer ${t.token}` } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`profile ${res.status}`);
    };
    const signedIn = await runFor(SECONDS, HTTP_CONNECTIONS, (w, i) => profile(many[(w * 997 + i) % many.length]!));
    line("signed-in route (GET /api/auth/profile)", describeRun(signedIn, "req"));
    if (PHASES.has("open"))
      await openLoopAtShares(signedIn.ok / signedIn.seconds, SECONDS, (i) => profile(many[i % many.length]!), line);
    const manyRun = await sampleLockWaits(url, name, () =>
      runFor(SECONDS, HTTP_CONNECTIONS, (w, i) => order(many[(w * 997 + i) % many.length]!, i)),
    );
    line(`market orders, ${many.length.toLocaleString("en")} users`, describeRun(manyRun.result, "orders"));
    line("", manyRun.waits);
    if (PHASES.has("open"))
      // Each user's orders alternate buy and sell, as in the closed loop.
      await openLoopAtShares(
        manyRun.result.ok / manyRun.result.seconds,
        SECONDS,
        (i) => order(many[i % many.length]!, Math.floor(i / many.length)),
        line,
      );
    const signedRun = await runFor(SECONDS, HTTP_CONNECTIONS, async (w, i) => {
      const res = await signers[(w * 997 + i) % signers.length]!.placeOrder({
        side: i % 2 ? "sell" : "buy",
        type: "market",
        quantity: QUANTITY,
      });
      if (res.status !== 201) throw new Error(`${res.status} ${res.body.message}`);
    });
    line(`  the same, signed with API keys`, describeRun(signedRun, "orders"));
    const oneRun = await sampleLockWaits(url, name, () => runFor(SECONDS, HTTP_CONNECTIONS, (_, i) => order(one, i)));
    line("market orders, 1 user", describeRun(oneRun.result, "orders"));
    line("", oneRun.waits);
  } finally {
    await server.stop();
  }
}

async function inProcessPhase(url: string, name: string, db: Db, handle: DbHandle, many: Trader[], one: Trader) {
  console.log(`(b) trading service in-process, ${WORKERS} workers, ${WORKERS} connections`);
  const stopTicks = tickEverySecond(db);
  // As the server does: settings are kept until an instance announces a change.
  const stopWatching = await watchSettings(handle);
  try {
    const trade = (t: Trader, i: number) =>
      runTransaction(db, (tx) =>
        placeOrder(tx, t.id, { side: i % 2 ? "sell" : "buy", type: "market", quantity: 1_000n }),
      ).then(() => {});
    const { result: manyRun, cpu } = await cpuPer(
      () =>
        sampleLockWaits(url, name, () =>
          runFor(SECONDS, WORKERS, (w, i) => trade(many[(w * 997 + i) % many.length]!, i)),
        ),
      (r) => r.result.ok,
    );
    line(`market orders, ${many.length.toLocaleString("en")} users`, describeRun(manyRun.result, "trades"));
    line("", manyRun.waits);
    line("", cpu);
    const oneRun = await sampleLockWaits(url, name, () => runFor(SECONDS, WORKERS, (_, i) => trade(one, i)));
    line("market orders, 1 user", describeRun(oneRun.result, "trades"));
    line("", oneRun.waits);
  } finally {
    stopTicks();
    await stopWatching();
  }
}

function pgbench(url: string) {
  try {
    execFileSync("pgbench", ["-i", "-s", "1", "-q", url], { stdio: "ignore" });
    const pg = postgresCpuSeconds();
    const out = execFileSync(
      "pgbench",
      ["-b", "tpcb-like", "-c", String(WORKERS), "-j", "2", "-T", String(SECONDS), url],
      { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
    );
    const pgMs =
      ((postgresCpuSeconds() - pg) * 1000) /
      Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1] ?? NaN);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1];
    const latency = /latency average = ([\d.]+) ms/.exec(out)?.[1];
    line(
      `pgbench -b tpcb-like -c ${WORKERS} -j 2`,
      `${Number(tps).toFixed(0).padStart(6)} tx/s       average ${latency} ms (same server, same database)`,
    );
    line("", `CPU per transaction: PostgreSQL ${pgMs.toFixed(2)} ms (pgbench's own client not counted)`);
  } catch (err) {
    line("pgbench", `not run: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`);
  }
}

async function main() {
  const { db, client, handle, url, name, drop } = await benchDatabase("aurum_bench", WORKERS);
  try {
    const started = Date.now();
    const [boss] = await seedTraders(db, 1, "admin", { usdt: 0n, xaut: 0n });
    // Limits wide enough that the benchmark measures trading, not refusals.
    await updateSettings(db, { trading: { dailyLimit: "1000000000" } }, { id: boss!.id, ip: null });
    const many = await seedTraders(db, USERS, "user", { usdt: 1_000_000_000_000n, xaut: 100_000_000n });
    const [one] = await seedTraders(db, 1, "user", { usdt: 1_000_000_000_000n, xaut: 100_000_000n });
    await recordTick(db, { price: 4_000_000_000n, at: new Date() });
    const [version] = await client<{ v: string }[]>`select current_setting('server_version') as v`;
    console.log(
      `Aurum trade benchmark: PostgreSQL ${version!.v} on 127.0.0.1, ${os.cpus().length} CPUs, ${SECONDS} s per phase, ${QUANTITY} XAUT market orders (buy, sell, buy, …)`,
    );
    console.log(`  set-up: ${USERS + 2} users signed in and funded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    if (PHASES.has("http")) await httpPhase(url, name, db, many, one!);
    if (PHASES.has("in-process")) await inProcessPhase(url, name, db, handle, many, one!);
    if (PHASES.has("pgbench")) pgbench(url);
    if (PHASES.has("alerts")) {
      console.log("(c) price alerts: the job's check of one tick");
      await alertsPhase(
        db,
        many.map((t) => t.id),
        line,
      );
    }
    if (PHASES.has("stops")) await stopsPhase(db, many);

    const problems = await checkLedger(db);
    const [orders] = await client<{ n: number }[]>`select count(*)::int as n from orders`;
    console.log(
      `ledger:check after ${orders!.n.toLocaleString("en")} trades: ${problems.length === 0 ? "sound" : `${problems.length} problem(s): ${problems[0]!.detail}`}`,
    );
    if (problems.length) process.exitCode = 1;
  } finally {
    await drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
