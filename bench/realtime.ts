/**
 * `npm run bench:realtime`: 10,000 signed-in sockets on one instance, in one run.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:realtime
 *
 * Creates its own database on that server (dropped at the end) with 10,000 users, each with a
 * session row and its token minted directly (no argon2 sign-in), and measures:
 *  (a) a send-to-all notification through the admin's path (`sendNotification`: a row per user,
 *      one `notification-broadcast` NOTIFY, each instance looking up its users' rows), from the
 *      commit to each socket's receipt, and the server's CPU time per broadcast (which, unlike
 *      the latency, other load on the machine hardly moves), beside a bare Socket.IO server (no auth, no database)
 *      broadcasting a payload of the same size to 10,000 sockets with `io.emit` (both servers run
 *      at once, each with its own 10,000 sockets, and their broadcasts take turns, so whatever else
 *      the machine is doing falls on both alike);
 *  (b) single-user notifications to random users, spaced out, while the 10,000 are connected;
 *  (c) the server's heap per connection (after full collections, before and after connecting);
 *  (d) the server's event-loop delay (sampled every 10 ms) while connecting, broadcasting and
 *      sending to single users.
 *
 * The server is a child process running the app's `attachRealtime` on a plain HTTP server (what
 * server.ts attaches), not the whole production server: Next, its caches and the background jobs
 * (price ticks, accruals) would add heap and event-loop work unrelated to sockets and different
 * from run to run, and the bare anchor must be the same kind of process to be comparable. The
 * sockets are real TCP connections on 127.0.0.1, from socket.io-client in two child processes (the
 * bench process only commits and times); a socket's `register` and the handshake's session check
 * are the app's own. Commit time is when the committing call returned to the bench (the NOTIFY
 * leaves at that commit); receipt time is taken by the client. All clocks are this machine's.
 *
 * Targets (issue 15): send-to-all p95 ≤ 1.2 × the bare broadcast's p95; single-user p95 < 50 ms;
 * ≤ 15 KB of server heap per connection; event-loop delay p99 < 100 ms throughout.
 * BENCH_SOCKETS (default 10000), BENCH_ROUNDS (broadcasts of each kind, default 5) and
 * BENCH_SECONDS (the single-user phase, default 10; 200 sends spread over it) bound the run.
 * BENCH_PROFILE=<dir> writes CPU profiles of each server process to <dir>/aurum and <dir>/bare.
 */
import { execSync, fork, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { sessions, users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { mintToken, SESSION_MAX_AGE_SECONDS } from "@/lib/auth/token";
import { newId } from "@/lib/core/ids";
import { sendNotification } from "@/lib/notifications/send";
import { benchDatabase } from "./database";
import { percentile } from "./load";
import type { ClientLogin, ClientReply, ClientRequest, Receipt } from "./realtime-clients";
import type { ServerReply, ServerRequest } from "./realtime-server";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SINGLES = 200;
const CLIENT_PROCESSES = 2;
const CONNECTING_PER_PROCESS = 50;
const PROFILE_DIR = process.env.BENCH_PROFILE;
// What an admin might send: a title and a paragraph.
const MESSAGE =
  "Scheduled maintenance tonight from 02:00 to 03:00 UTC. Trading and withdrawals pause meanwhile; balances and open orders are kept. "
    .repeat(2)
    .trim();

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const line = (label: string, figures: string) => console.log(`  ${label.padEnd(38)} ${figures}`);

// ---- child processes ----------------------------------------------------------------------------

interface Child<Req, Rep extends { type: string }> {
  process: ChildProcess;
  ask<T extends Rep["type"]>(message: Req, type: T): Promise<Extract<Rep, { type: T }>>;
}

const children: ChildProcess[] = [];

function spawnChild<Req, Rep extends { type: string }>(
  script: string,
  args: string[],
  execArgv: string[],
  env: NodeJS.ProcessEnv,
): Child<Req, Rep> {
  const child = fork(path.join(import.meta.dirname, script), args, {
    execArgv: ["--import", "tsx", ...execArgv],
    env,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  children.push(child);
  const waiting = new Map<string, ((reply: Rep) => void)[]>();
  child.on("message", (reply: Rep) => waiting.get(reply.type)?.shift()?.(reply));
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`${script} ${args.join(" ")} exited with ${code}`))),
  );
  exited.catch(() => {});
  return {
    process: child,
    ask: (message, type) => {
      const answer = new Promise<Rep>((resolve) => waiting.set(type, [...(waiting.get(type) ?? []), resolve]));
      if (message !== null) child.send(message as object);
      return Promise.race([answer, exited]) as Promise<never>;
    },
  };
}

type ServerChild = Child<ServerRequest | null, ServerReply>;
type ClientChild = Child<ClientRequest, ClientReply>;

async function startServerChild(
  mode: "aurum" | "bare",
  env: NodeJS.ProcessEnv,
): Promise<{ server: ServerChild; url: string }> {
  // One file per thread (tsx runs its module loader on a thread of its own): the main one is the largest.
  const profile = PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${path.join(PROFILE_DIR, mode)}`] : [];
  const server: ServerChild = spawnChild("realtime-server.ts", [mode], ["--expose-gc", ...profile], env);
  const ready = await server.ask(null, "ready");
  return { server, url: `http://127.0.0.1:${ready.port}` };
}

async function stopChild(child: Child<unknown, { type: string }>, message: object): Promise<void> {
  if (child.process.exitCode !== null) return;
  const exited = new Promise((resolve) => child.process.once("exit", resolve));
  child.process.send(message);
  const killed = setTimeout(() => child.process.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(killed);
}

function killChildren(): void {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
}

// ---- figures ------------------------------------------------------------------------------------

interface Latencies {
  sorted: number[];
  expected: number;
}

const ms = (v: number) => `${v.toFixed(1)} ms`;
const describe = (l: Latencies) =>
  `p50 ${ms(percentile(l.sorted, 0.5))}  p95 ${ms(percentile(l.sorted, 0.95))}  p99 ${ms(percentile(l.sorted, 0.99))}  max ${ms(l.sorted.at(-1) ?? NaN)}` +
  (l.sorted.length === l.expected
    ? ""
    : `  (${l.sorted.length.toLocaleString("en")} of ${l.expected.toLocaleString("en")} received)`);
const p95 = (l: Latencies) => percentile(l.sorted, 0.95);
const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
type CpuSoFar = Extract<ServerReply, { type: "cpu" }>;
const total = (c: { user: number; system: number }) => c.user + c.system;
const describeCpu = (c: { user: number; system: number }) =>
  `${ms(total(c) / ROUNDS)} (user ${ms(c.user / ROUNDS)}, system ${ms(c.system / ROUNDS)})`;

// ---- the clients --------------------------------------------------------------------------------

async function connectClients(clients: ClientChild[], url: string, logins: ClientLogin[]): Promise<number> {
  const started = performance.now();
  const share = Math.ceil(logins.length / clients.length);
  const replies = await Promise.all(
    clients.map((c, i) =>
      c.ask(
        { type: "connect", url, logins: logins.slice(i * share, (i + 1) * share), concurrency: CONNECTING_PER_PROCESS },
        "connected",
      ),
    ),
  );
  const ok = replies.reduce((n, r) => n + r.ok, 0);
  if (ok !== logins.length)
    throw new Error(
      `only ${ok} of ${logins.length} sockets connected: ${replies.flatMap((r) => r.failures).join("; ")}`,
    );
  return (performance.now() - started) / 1000;
}

/** Waits until the clients hold `total` receipts (or 15 s pass); how many they hold. */
async function awaitReceipts(clients: ClientChild[], total: number): Promise<number> {
  const deadline = performance.now() + 15_000;
  for (;;) {
    const counts = await Promise.all(clients.map((c) => c.ask({ type: "count" }, "count")));
    const received = counts.reduce((n, c) => n + c.received, 0);
    const dropped = counts.reduce((n, c) => n + c.disconnected, 0);
    if (dropped) throw new Error(`${dropped} sockets were disconnected`);
    if (received >= total || performance.now() > deadline) return received;
    await sleep(50);
  }
}

async function collectReceipts(clients: ClientChild[]): Promise<Receipt[]> {
  return (await Promise.all(clients.map((c) => c.ask({ type: "collect" }, "receipts")))).flatMap((r) => r.receipts);
}

const closeClients = (clients: ClientChild[]) => Promise.all(clients.map((c) => c.ask({ type: "close" }, "closed")));

// ---- the run ------------------------------------------------------------------------------------

async function seed(db: Awaited<ReturnType<typeof benchDatabase>>["db"]) {
  const passwordHash = await hashPassword(randomUUID());
  const tag = randomUUID().slice(0, 6);
  const admin = {
    id: newId(),
    username: `rt_admin_${tag}`,
    email: `rt_admin_${tag}@bench.local`,
    passwordHash,
    role: "admin" as const,
    referralCode: `RTA${tag}`.toUpperCase(),
  };
  const rows = Array.from({ length: SOCKETS }, (_, i) => ({
    id: newId(),
    username: `rt_${tag}_${i}`,
    email: `rt_${tag}_${i}@bench.local`,
    passwordHash,
    referralCode: `RT${tag}${i}`.toUpperCase(),
  }));
  await db.insert(users).values(admin);
  const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
  const logins: ClientLogin[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await db.insert(users).values(chunk);
    const sessionRows = chunk.map((u) => ({
      id: newId(),
      userId: u.id,
      expiresAt,
      ip: "127.0.0.1",
      userAgent: "bench:realtime",
    }));
    await db.insert(sessions).values(sessionRows);
    // The token a sign-in would hand out for that session (lib/auth/sessions: createSession).
    const tokens = await Promise.all(
      sessionRows.map((s, j) => mintToken({ sub: s.userId, sid: s.id, role: "user", name: chunk[j]!.username })),
    );
    tokens.forEach((token, j) => logins.push({ token, userId: chunk[j]!.id }));
  }
  return { admin, logins };
}

function checkFileLimit(): void {
  const limit = Number(execSync("ulimit -n", { shell: "/bin/bash", encoding: "utf8" }).trim());
  // Each server holds SOCKETS connections; each client process its share of both servers'.
  const needed = SOCKETS + 1_000;
  if (limit !== Infinity && limit < needed)
    throw new Error(
      `ulimit -n is ${limit}: the server needs ${needed} descriptors; run \`ulimit -n ${needed}\` (or more) first`,
    );
}

async function main() {
  checkFileLimit();
  const bench = await benchDatabase("aurum_bench_realtime", 10);
  const clients: ClientChild[] = [];
  const stopOnSignal = () => {
    killChildren();
    void bench.drop().finally(() => process.exit(130));
  };
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  try {
    const { db, client } = bench;
    const started = Date.now();
    const { admin, logins } = await seed(db);
    const [version] = await client<{ v: string }[]>`select current_setting('server_version') as v`;
    console.log(
      `Aurum realtime benchmark: ${SOCKETS.toLocaleString("en")} sockets, ${os.cpus().length} CPUs, Node ${process.version}, PostgreSQL ${version!.v} on 127.0.0.1, ` +
        `${ROUNDS} broadcasts of each kind, ${SINGLES} single-user notifications over ${SECONDS} s`,
    );
    line(
      "set-up",
      `${SOCKETS.toLocaleString("en")} users with a session and its token in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: bench.url,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    };
    for (let i = 0; i < CLIENT_PROCESSES; i++) clients.push(spawnChild("realtime-clients.ts", [], [], env));

    // Both servers up at once, each with its own 10,000 sockets, and their broadcasts taking turns:
    // whatever else the machine is doing meanwhile falls on both alike.
    const bare = await startServerChild("bare", env);
    const aurum = await startServerChild("aurum", env);
    const bareBefore = (await bare.server.ask({ type: "heap" }, "heap")).heapUsed;
    const aurumBefore = (await aurum.server.ask({ type: "heap" }, "heap")).heapUsed;
    const bareConnect = await connectClients(clients, bare.url, logins);
    const bareHeap = ((await bare.server.ask({ type: "heap" }, "heap")).heapUsed - bareBefore) / SOCKETS;
    await aurum.server.ask({ type: "loop", reset: true }, "loop");
    const aurumConnect = await connectClients(clients, aurum.url, logins);
    const connectLoop = await aurum.server.ask({ type: "loop", reset: true }, "loop");
    const aurumHeap = ((await aurum.server.ask({ type: "heap" }, "heap")).heapUsed - aurumBefore) / SOCKETS;
    await aurum.server.ask({ type: "loop", reset: true }, "loop");
    await bare.server.ask({ type: "loop", reset: true }, "loop");

    // (a) send-to-all through the admin's path, and the bare broadcast (same title and message
    // lengths, a fresh UUID for id), in turns.
    const bareStarts = new Map<string, number>();
    const commits = new Map<string, { at: number; broadcastId: string }>();
    // Each server's CPU time from just before its broadcast until every socket has it: what the
    // fan-out cost the server, whatever else the machine made the broadcast wait for.
    const cpu = { aurum: { user: 0, system: 0 }, bare: { user: 0, system: 0 } };
    const cpuSoFar = (server: ServerChild) => server.ask({ type: "cpu" }, "cpu");
    const addCpu = async (to: { user: number; system: number }, server: ServerChild, from: CpuSoFar) => {
      const now = await cpuSoFar(server);
      to.user += now.user - from.user;
      to.system += now.system - from.system;
    };
    for (let round = 0, expected = 0; round < ROUNDS; round++) {
      const bareTitle = `Bench broadcast B${round}`;
      const payload = { id: randomUUID(), title: bareTitle, message: MESSAGE, antiPhishingCode: null };
      let cpuBefore = await cpuSoFar(bare.server);
      bareStarts.set(bareTitle, (await bare.server.ask({ type: "broadcast", payload }, "broadcast")).startedAt);
      await awaitReceipts(clients, (expected += SOCKETS));
      await addCpu(cpu.bare, bare.server, cpuBefore);
      await sleep(300);

      const title = `Bench broadcast A${round}`;
      cpuBefore = await cpuSoFar(aurum.server);
      const sent = await sendNotification(db, { title, message: MESSAGE }, { id: admin.id, ip: null });
      commits.set(title, { at: now(), broadcastId: sent.broadcastId! });
      if (sent.recipients !== SOCKETS + 1)
        throw new Error(`the broadcast reached ${sent.recipients} rows, not ${SOCKETS + 1}`);
      await awaitReceipts(clients, (expected += SOCKETS));
      await addCpu(cpu.aurum, aurum.server, cpuBefore);
      await sleep(300);
    }
    const bareLoop = await bare.server.ask({ type: "loop", reset: false }, "loop");
    const broadcastLoop = await aurum.server.ask({ type: "loop", reset: true }, "loop");
    const receipts = await collectReceipts(clients);
    const bareReceipts = receipts.filter(([, title]) => bareStarts.has(title));
    const broadcastReceipts = receipts.filter(([, title]) => commits.has(title));
    // Each user must have received its own row of each broadcast, by id.
    const rows = await client<{ id: string; user_id: string; broadcast_id: string }[]>`
      select id, user_id, broadcast_id from notifications where broadcast_id is not null`;
    const owner = new Map(rows.map((r) => [r.id, `${r.user_id} ${r.broadcast_id}`]));
    const wrong = broadcastReceipts.filter(
      ([userId, title, id]) => owner.get(id) !== `${userId} ${commits.get(title)?.broadcastId}`,
    ).length;
    const aurumLatencies: Latencies = {
      sorted: broadcastReceipts.map(([, title, , at]) => at - commits.get(title)!.at).sort((a, b) => a - b),
      expected: ROUNDS * SOCKETS,
    };
    const bareLatencies: Latencies = {
      sorted: bareReceipts.map(([, title, , at]) => at - bareStarts.get(title)!).sort((a, b) => a - b),
      expected: ROUNDS * SOCKETS,
    };

    // (b) single-user notifications, spaced out, while everyone stays connected.
    const singles = new Map<string, { at: number; id: string; userId: string }>();
    const gap = (SECONDS * 1000) / SINGLES;
    for (let i = 0; i < SINGLES; i++) {
      const began = performance.now();
      const to = logins[Math.floor(Math.random() * logins.length)]!.userId;
      const title = `Bench single ${i}`;
      const sent = await sendNotification(db, { title, message: MESSAGE, userId: to }, { id: admin.id, ip: null });
      singles.set(title, { at: now(), id: sent.notificationId!, userId: to });
      await sleep(Math.max(0, gap - (performance.now() - began)));
    }
    await awaitReceipts(clients, SINGLES);
    const singlesLoop = await aurum.server.ask({ type: "loop", reset: false }, "loop");
    // A broadcast's receipt that came after its round gave up waiting (15 s, on a loaded machine)
    // is not a single send's; it is already missing from the broadcast's count.
    const singleReceipts = (await collectReceipts(clients)).filter(
      ([, title]) => !commits.has(title) && !bareStarts.has(title),
    );
    const wrongSingles = singleReceipts.filter(
      ([userId, title, id]) => singles.get(title)?.id !== id || singles.get(title)?.userId !== userId,
    ).length;
    const singleLatencies: Latencies = {
      sorted: singleReceipts.map(([, title, , at]) => at - singles.get(title)!.at).sort((a, b) => a - b),
      expected: SINGLES,
    };

    await closeClients(clients);
    await Promise.all([stopChild(aurum.server, { type: "stop" }), stopChild(bare.server, { type: "stop" })]);

    const ratio = p95(aurumLatencies) / p95(bareLatencies);
    const loopP99 = Math.max(connectLoop.p99, broadcastLoop.p99, singlesLoop.p99);
    console.log(
      `connecting ${SOCKETS.toLocaleString("en")} sockets: bare ${(SOCKETS / bareConnect).toFixed(0)}/s, Aurum (session checked, registered) ${(SOCKETS / aurumConnect).toFixed(0)}/s`,
    );
    console.log("(a) send-to-all, commit → receipt on every socket");
    line("Aurum (sendNotification to all)", describe(aurumLatencies));
    line("bare Socket.IO io.emit (the anchor)", describe(bareLatencies));
    line("p95 ratio", `${ratio.toFixed(2)} × bare   target ≤ 1.2 × → ${verdict(ratio <= 1.2)}`);
    line(
      "server CPU per broadcast",
      `Aurum ${describeCpu(cpu.aurum)}, bare ${describeCpu(cpu.bare)}: ${(total(cpu.aurum) / total(cpu.bare)).toFixed(2)} × bare`,
    );
    line("rows delivered to the wrong socket", String(wrong));
    console.log(`(b) single-user notifications while ${SOCKETS.toLocaleString("en")} are connected, commit → receipt`);
    line(`${SINGLES} to random users, ${gap.toFixed(0)} ms apart`, describe(singleLatencies));
    line(
      "p95",
      `${ms(p95(singleLatencies))}   target < 50 ms → ${verdict(p95(singleLatencies) < 50)}   wrong socket or id: ${wrongSingles}`,
    );
    console.log("(c) server heap per connection (after gc, connected and registered)");
    line("Aurum", `${(aurumHeap / 1024).toFixed(1)} KB   target ≤ 15 KB → ${verdict(aurumHeap <= 15 * 1024)}`);
    line(
      "bare Socket.IO (the anchor)",
      `${(bareHeap / 1024).toFixed(1)} KB   ratio ${(aurumHeap / bareHeap).toFixed(2)}`,
    );
    console.log("(d) server event-loop delay, 10 ms sampling");
    line("while connecting", `p99 ${ms(connectLoop.p99)}  max ${ms(connectLoop.max)}`);
    line("while broadcasting", `p99 ${ms(broadcastLoop.p99)}  max ${ms(broadcastLoop.max)}`);
    line("during single-user sends", `p99 ${ms(singlesLoop.p99)}  max ${ms(singlesLoop.max)}`);
    line("bare server, broadcasting (anchor)", `p99 ${ms(bareLoop.p99)}  max ${ms(bareLoop.max)}`);
    line("worst p99", `${ms(loopP99)}   target < 100 ms → ${verdict(loopP99 < 100)}`);
    if (
      wrong ||
      wrongSingles ||
      aurumLatencies.sorted.length !== aurumLatencies.expected ||
      singleLatencies.sorted.length !== SINGLES
    )
      process.exitCode = 1;
  } finally {
    killChildren();
    await bench.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
