/**
 * `npm run soak`: one production server under a steady, moderate mix of everything for a bounded
 * time, watched for leaks (issue 27, item 8).
 *
 *   npm run soak                      # about 10 minutes
 *   SOAK_MINUTES=2 npm run soak       # shorter
 *
 * Needs the production build in .next (`npm run build`) and a PostgreSQL server at
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres, 127.0.0.1 only), where
 * it creates aurum_soak_<time>_<hex> and drops it at the end. One server (server.ts,
 * NODE_ENV=production, WITHDRAW_HOLD_HOURS=0, sign-up and deposit limits raised: everything comes
 * from 127.0.0.1) serves, for the whole run:
 *  - 1,000 Socket.IO sockets held open and registered (bench/realtime-clients.ts, one child process);
 *  - market orders (buy and sell 0.001 XAUt) and limit orders far from the price, later cancelled,
 *    each with an Idempotency-Key, from those 1,000 users;
 *  - deposits (multipart, a 1×1 PNG proof) to a wallet the admin created through the API, about
 *    half of them approved by the admin; withdrawals with a withdrawal password, from 20 users
 *    who signed up through the API;
 *  - sign-ups, recurring-buy strategies and a few reads (balance, notifications, strategies).
 * About 9 requests a second in all: a leak test, not a throughput test.
 *
 * Every 5 s it reads the server process's VmRSS from /proc and the event loop's p99 from the
 * server's own /metrics (prom-client's aurum_nodejs_eventloop_lag_p99_seconds, over the interval
 * since the previous scrape), and it counts the server's log lines at pino level ≥ 50.
 * Targets: RSS growth over the second half < 5 % (the mean of the first 30 s of the second half
 * against the mean of the last 30 s), event-loop p99 < 100 ms throughout, no error logs; exit code
 * 1 if one is missed.
 */
import { fork } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkLedger } from "@/lib/ledger/check";
import { updateSettings } from "@/lib/settings";
import { benchDatabase } from "./database";
import type { ClientReply, ClientRequest } from "./realtime-clients";
import { seedTraders, type Trader } from "./seed";
import { startServer, type RunningServer } from "./server";

process.env.BENCH_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";
const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const SOCKETS = 1_000;
const FUNDERS = 20;
const SAMPLE_MS = 5_000;
const WINDOW_MS = 30_000;
const METRICS_TOKEN = randomBytes(16).toString("hex");
const PASSWORD = "soak-password-0123";
const WITHDRAW_PASSWORD = "soak-vault-0123";
// A real TRC20 address (checksum included), for the wallet and as the withdrawals' destination.
const TRC20 = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5a8f2b70000000049454e44ae426082",
  "hex",
);

/** Operations per second of each kind. */
const RATES = {
  "market order": 3,
  "limit order": 1,
  "cancel order": 0.9,
  deposit: 0.5,
  "deposit approval": 0.25,
  withdrawal: 0.3,
  "sign-up": 0.1,
  strategy: 1 / 30,
  "read balance": 1.5,
  "read notifications": 1,
  "read strategies": 0.3,
} as const;
type Kind = keyof typeof RATES;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const line = (label: string, figures: string) => console.log(`  ${label.padEnd(34)} ${figures}`);
const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
const txHash = () => randomBytes(32).toString("hex");

class HttpError extends Error {}

interface Api {
  (
    token: string | null,
    method: string,
    route: string,
    body?: unknown,
    extra?: Record<string, string>,
  ): Promise<Record<string, unknown>>;
}

function apiOf(base: string): Api {
  return async (token, method, route, body, extra = {}) => {
    const headers: Record<string, string> = { ...extra };
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${base}${route}`, { method, headers, body: payload, signal: AbortSignal.timeout(30_000) });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok)
      throw new HttpError(
        `${method} ${route.replace(/[0-9a-f-]{36}/, ":id")}: ${res.status} ${String(json.code ?? json.message ?? "")}`,
      );
    return json;
  };
}

const depositForm = (amount: string) => {
  const form = new FormData();
  for (const [k, v] of Object.entries({ currency: "USDT", network: "TRC20", amount, txHash: txHash() })) form.set(k, v);
  form.set("proof", new File([new Uint8Array(PNG)], "proof.png", { type: "image/png" }));
  return form;
};

// ---- the server process -------------------------------------------------------------------------

/** The node process actually serving: the largest one in the server's process group (tsx runs it as a child). */
function serverPid(group: number): number {
  let best = group;
  let bestRss = -1;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const pgrp = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      if (pgrp !== group) continue;
      const rss = rssOf(Number(entry));
      if (rss > bestRss) [best, bestRss] = [Number(entry), rss];
    } catch {
      // gone meanwhile
    }
  }
  return best;
}

/** VmRSS of `pid`, in bytes. */
function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return kb ? Number(kb) * 1024 : NaN;
}

/** From the server's /metrics: the event loop's p99 since the previous scrape (ms) and the V8 heap in use (bytes). */
async function scrape(base: string): Promise<{ loopP99: number; heap: number }> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  const gauge = (name: string) => {
    const value = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, "m").exec(text)?.[1];
    if (!res.ok || value === undefined) throw new Error(`/metrics: ${res.status}, no ${name}`);
    return Number(value);
  };
  return {
    loopP99: gauge("aurum_nodejs_eventloop_lag_p99_seconds") * 1000,
    heap: gauge("aurum_nodejs_heap_size_used_bytes"),
  };
}

interface LogCount {
  errors: number;
  warnings: number;
  samples: string[];
  warningSamples: string[];
}

function watchLog(count: LogCount) {
  return (text: string) => {
    let entry: { level?: number; msg?: string; err?: { message?: string } };
    try {
      entry = JSON.parse(text) as typeof entry;
    } catch {
      return;
    }
    if (typeof entry.level !== "number") return;
    if (entry.level >= 50) {
      count.errors++;
      if (count.samples.length < 5)
        count.samples.push(`${entry.msg ?? ""} ${entry.err?.message ?? ""}`.trim().slice(0, 200));
    } else if (entry.level >= 40) {
      count.warnings++;
      if (count.warningSamples.length < 3)
        count.warningSamples.push(`${entry.msg ?? ""} ${entry.err?.message ?? ""}`.trim().slice(0, 200));
    }
  };
}

// ---- sockets ------------------------------------------------------------------------------------

function socketClients(env: NodeJS.ProcessEnv) {
  const child = fork(path.join(import.meta.dirname, "realtime-clients.ts"), [], {
    execArgv: ["--import", "tsx"],
    env,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const ask = <T extends ClientReply["type"]>(message: ClientRequest, type: T) =>
    new Promise<Extract<ClientReply, { type: T }>>((resolve, reject) => {
      const onReply = (reply: ClientReply) => {
        if (reply.type !== type) return;
        child.off("message", onReply);
        resolve(reply as Extract<ClientReply, { type: T }>);
      };
      child.on("message", onReply);
      child.once("exit", (code) => reject(new Error(`realtime-clients exited with ${code}`)));
      child.send(message);
    });
  return { child, ask };
}

// ---- the steady mix -----------------------------------------------------------------------------

interface Tally {
  done: number;
  failed: number;
  errors: Map<string, number>;
}

async function main() {
  const minutes = MINUTES;
  if (!(minutes > 0)) throw new Error("SOAK_MINUTES must be a positive number");
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 12);
  const bench = await benchDatabase(`aurum_soak_${stamp}`, 5);
  let server: RunningServer | undefined;
  let clients: ReturnType<typeof socketClients> | undefined;
  const stopAll = async () => {
    if (clients?.child.exitCode === null) clients.child.kill("SIGKILL");
    await server?.stop();
    await bench.drop();
  };
  const onSignal = () => void stopAll().finally(() => process.exit(130));
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    const { db, client } = bench;
    const setUpStarted = Date.now();
    // Two administrators: a new wallet waits for a second one's approval.
    const [admin, checker] = await seedTraders(db, 2, "admin", { usdt: 0n, xaut: 0n });
    // Limits wide enough that the soak keeps trading and withdrawing all along.
    await updateSettings(
      db,
      { trading: { dailyLimit: "1000000000" }, withdrawals: { dailyLimit: "1000000000" } },
      { id: admin!.id, ip: null },
    );
    const traders: Trader[] = await seedTraders(db, SOCKETS, "user", { usdt: 1_000_000_000_000n, xaut: 100_000_000n });

    const log: LogCount = { errors: 0, warnings: 0, samples: [], warningSamples: [] };
    server = await startServer(
      bench.url,
      {
        AUTH_SECRET: process.env.AUTH_SECRET!,
        ADMIN_PASSWORD: randomBytes(12).toString("hex"),
        PRICE_FEED: "simulated",
        METRICS_TOKEN,
        WITHDRAW_HOLD_HOURS: "0",
        REGISTRATIONS_PER_IP_PER_HOUR: "100000",
        DEPOSITS_PER_IP_PER_HOUR: "100000",
        DEPOSITS_PENDING_PER_USER: "100000",
        LOG_LEVEL: "info",
      },
      watchLog(log),
    );
    const pid = serverPid(server.pid);
    const api = apiOf(server.base);
    const [version] = await client<{ v: string }[]>`select current_setting('server_version') as v`;
    console.log(
      `Aurum soak: ${minutes} min, one production server (pid ${pid}) on 127.0.0.1, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)}, ` +
        `Node ${process.version}, PostgreSQL ${version!.v}, database ${bench.name}`,
    );

    // The wallet, and 20 users who sign up through the API, set a withdrawal password and are credited a first deposit.
    const { proposal } = (await api(admin!.token, "POST", "/api/admin/wallets", {
      currency: "USDT",
      network: "TRC20",
      address: TRC20,
      memo: null,
      minDeposit: "10",
      withdrawFee: "1",
      minWithdraw: "10",
      depositEnabled: true,
      withdrawEnabled: true,
    })) as { proposal: { id: string } };
    await api(checker!.token, "POST", `/api/admin/approvals/${proposal.id}/approve`, {});
    const signUp = async () => {
      const username = `soak_${randomBytes(5).toString("hex")}`;
      const body = {
        username,
        email: `${username}@soak.local`,
        country: "DE",
        phoneCode: "+49",
        phoneNumber: "15123456789",
        password: PASSWORD,
        referralCode: "",
      };
      const res = await api(null, "POST", "/api/auth/register", body);
      return { token: res.token as string, id: (res.user as { id: string }).id };
    };
    const funders: Trader[] = [];
    for (let i = 0; i < FUNDERS; i++) {
      const user = await signUp();
      await api(user.token, "POST", "/api/user/withdraw-password", {
        password: PASSWORD,
        newWithdrawPassword: WITHDRAW_PASSWORD,
      });
      const { deposit } = (await api(user.token, "POST", "/api/deposits", depositForm("100000"))) as {
        deposit: { id: string };
      };
      await api(
        admin!.token,
        "POST",
        `/api/admin/deposits/${deposit.id}/approve`,
        {},
        { "idempotency-key": randomUUID() },
      );
      funders.push(user);
    }

    const clientEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production" };
    clients = socketClients(clientEnv);
    const connected = await clients.ask(
      {
        type: "connect",
        url: server.base,
        logins: traders.map((t) => ({ token: t.token, userId: t.id })),
        concurrency: 20,
      },
      "connected",
    );
    if (connected.ok !== SOCKETS)
      throw new Error(`only ${connected.ok} of ${SOCKETS} sockets registered: ${connected.failures.join("; ")}`);
    console.log(
      `  set-up: ${SOCKETS + 1} users seeded, ${FUNDERS} signed up and funded through the API, ${SOCKETS} sockets registered in ${((Date.now() - setUpStarted) / 1000).toFixed(1)} s`,
    );

    // What the mix keeps between operations.
    let lastPrice = 4000;
    const openLimits: { token: string; id: string }[] = [];
    const pendingDeposits: string[] = [];
    const tallies = new Map<Kind, Tally>(
      Object.keys(RATES).map((k) => [k as Kind, { done: 0, failed: 0, errors: new Map() }]),
    );
    let inFlight = 0;
    let skipped = 0;
    let n = 0;

    // An operation that finds nothing to do answers "idle" and is not counted.
    const operations: Record<Kind, () => Promise<void | "idle">> = {
      "market order": async () => {
        const res = await api(
          pick(traders).token,
          "POST",
          "/api/trades",
          { side: n++ % 2 ? "sell" : "buy", type: "market", quantity: "0.001" },
          { "idempotency-key": randomUUID() },
        );
        const price = Number((res.order as { price?: string }).price);
        if (price > 0) lastPrice = price;
      },
      "limit order": async () => {
        const trader = pick(traders);
        const buy = n++ % 2 === 0;
        // Far enough from the price that it stays open until cancelled.
        const price = (buy ? lastPrice * 0.7 : lastPrice * 1.3).toFixed(2);
        const res = await api(
          trader.token,
          "POST",
          "/api/trades",
          { side: buy ? "buy" : "sell", type: "limit", quantity: "0.001", price },
          { "idempotency-key": randomUUID() },
        );
        openLimits.push({ token: trader.token, id: (res.order as { id: string }).id });
      },
      "cancel order": async () => {
        // The oldest first, so about 10 s of limit orders stay open at any time.
        if (openLimits.length < 10) return "idle";
        const order = openLimits.shift()!;
        await api(order.token, "DELETE", `/api/trades/${order.id}`);
      },
      deposit: async () => {
        const { deposit } = (await api(pick(funders).token, "POST", "/api/deposits", depositForm("100"))) as {
          deposit: { id: string };
        };
        pendingDeposits.push(deposit.id);
      },
      "deposit approval": async () => {
        // About half the deposits: the rest stay pending.
        const id = pendingDeposits.shift();
        if (id === undefined) return "idle";
        pendingDeposits.shift();
        await api(admin!.token, "POST", `/api/admin/deposits/${id}/approve`, {}, { "idempotency-key": randomUUID() });
      },
      withdrawal: async () => {
        const body = {
          currency: "USDT",
          network: "TRC20",
          address: TRC20,
          amount: "11",
          withdrawPassword: WITHDRAW_PASSWORD,
        };
        await api(pick(funders).token, "POST", "/api/withdrawals", body, { "idempotency-key": randomUUID() });
      },
      "sign-up": async () => {
        await signUp();
      },
      strategy: async () => {
        const body = {
          type: "recurring",
          amount: "20",
          period: "hourly",
          priceCeiling: null,
          maxRounds: 24,
          acceptRisk: true,
        };
        await api(pick(traders).token, "POST", "/api/strategies", body, { "idempotency-key": randomUUID() });
      },
      "read balance": async () => {
        await api(pick(traders).token, "GET", "/api/auth/balance");
      },
      "read notifications": async () => {
        await api(pick(traders).token, "GET", "/api/notifications");
      },
      "read strategies": async () => {
        await api(pick(traders).token, "GET", "/api/strategies");
      },
    };

    const run = (kind: Kind) => {
      // A stalled server must not pile up requests without bound.
      if (inFlight >= 50) {
        skipped++;
        return;
      }
      inFlight++;
      const tally = tallies.get(kind)!;
      operations[kind]()
        .then(
          (outcome) => {
            if (outcome !== "idle") tally.done++;
          },
          (err: unknown) => {
            tally.failed++;
            const message = err instanceof Error ? err.message : String(err);
            tally.errors.set(message, (tally.errors.get(message) ?? 0) + 1);
          },
        )
        .finally(() => inFlight--);
    };

    // Steady: each kind on a timer of its own, at its rate, for the whole run.
    const started = Date.now();
    const end = started + minutes * 60_000;
    const timers = (Object.entries(RATES) as [Kind, number][]).map(([kind, rate]) =>
      setInterval(() => run(kind), 1000 / rate),
    );
    const samples: { at: number; rss: number; heap: number; loopP99: number }[] = [];
    let sampleFailures = 0;
    while (Date.now() < end) {
      await sleep(Math.min(SAMPLE_MS, end - Date.now()));
      try {
        samples.push({ at: Date.now() - started, rss: rssOf(pid), ...(await scrape(server.base)) });
      } catch (err) {
        sampleFailures++;
        if (sampleFailures === 1) console.error(`  sample failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      const last = samples.at(-1);
      if (last && samples.length % 12 === 0) {
        const done = [...tallies.values()].reduce((s, t) => s + t.done, 0);
        const failed = [...tallies.values()].reduce((s, t) => s + t.failed, 0);
        console.log(
          `  ${(last.at / 60_000).toFixed(1).padStart(4)} min  RSS ${(last.rss / 2 ** 20).toFixed(0)} MB  loop p99 ${last.loopP99.toFixed(1)} ms  requests ${done} done, ${failed} failed  error logs ${log.errors}  load ${os.loadavg()[0]!.toFixed(2)}`,
        );
      }
    }
    for (const timer of timers) clearInterval(timer);
    for (let waited = 0; inFlight > 0 && waited < 30_000; waited += 100) await sleep(100);
    const sockets = await clients.ask({ type: "count" }, "count");
    await clients.ask({ type: "close" }, "closed");
    clients.child.kill();
    await server.stop();
    const problems = await checkLedger(db);

    // ---- figures --------------------------------------------------------------------------------
    const durationMs = minutes * 60_000;
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const halfway = durationMs / 2;
    const rssStart = mean(samples.filter((s) => s.at >= halfway && s.at < halfway + WINDOW_MS).map((s) => s.rss));
    const rssEnd = mean(samples.filter((s) => s.at >= durationMs - WINDOW_MS).map((s) => s.rss));
    const growth = ((rssEnd - rssStart) / rssStart) * 100;
    const heapStart = mean(samples.filter((s) => s.at >= halfway && s.at < halfway + WINDOW_MS).map((s) => s.heap));
    const heapEnd = mean(samples.filter((s) => s.at >= durationMs - WINDOW_MS).map((s) => s.heap));
    const loopMax = Math.max(...samples.map((s) => s.loopP99));
    const loopWorst = samples.find((s) => s.loopP99 === loopMax);
    const rssMB = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

    console.log(
      `Results (${samples.length} samples every ${SAMPLE_MS / 1000} s${sampleFailures ? `, ${sampleFailures} failed` : ""}; load average at the end ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")})`,
    );
    line("RSS, first sample → halfway", `${rssMB(samples[0]?.rss ?? NaN)} → ${rssMB(rssStart)}`);
    line(
      "RSS over the second half",
      `${rssMB(rssStart)} → ${rssMB(rssEnd)} (30 s means)  growth ${growth.toFixed(2)} %   target < 5 % → ${verdict(growth < 5)}`,
    );
    line(
      "V8 heap used, same windows",
      `${rssMB(heapStart)} → ${rssMB(heapEnd)}  growth ${(((heapEnd - heapStart) / heapStart) * 100).toFixed(2)} %`,
    );
    line(
      "event-loop p99 (per 5 s), max",
      `${loopMax.toFixed(1)} ms at ${((loopWorst?.at ?? 0) / 60_000).toFixed(1)} min, median ${[...samples.map((s) => s.loopP99)].sort((a, b) => a - b)[Math.floor(samples.length / 2)]?.toFixed(1)} ms   target < 100 ms → ${verdict(loopMax < 100)}`,
    );
    line(
      "error-level log lines (pino ≥ 50)",
      `${log.errors}   target 0 → ${verdict(log.errors === 0)}   (warnings: ${log.warnings})`,
    );
    for (const sample of log.samples) line("", `error log: ${sample}`);
    for (const sample of log.warningSamples) line("", `warning: ${sample}`);
    line("sockets", `${SOCKETS} registered, ${sockets.disconnected} dropped during the run`);
    line(
      "ledger:check afterwards",
      problems.length === 0 ? "sound" : `${problems.length} problem(s): ${problems[0]!.detail}`,
    );
    console.log("Requests (done / failed), per kind");
    let total = 0;
    for (const [kind, tally] of tallies) {
      total += tally.done + tally.failed;
      line(`${kind} (${Number(RATES[kind].toFixed(2))}/s)`, `${tally.done} / ${tally.failed}`);
      for (const [message, count] of [...tally.errors].slice(0, 3)) line("", `${count} × ${message}`);
    }
    line(
      "all",
      `${total} in ${(durationMs / 1000).toFixed(0)} s (${(total / (durationMs / 1000)).toFixed(1)}/s)${skipped ? `, ${skipped} not sent (50 in flight)` : ""}`,
    );

    const met = growth < 5 && loopMax < 100 && log.errors === 0;
    if (!met || problems.length || Number.isNaN(growth)) process.exitCode = 1;
  } finally {
    await stopAll();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
