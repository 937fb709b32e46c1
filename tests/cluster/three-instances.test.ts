import { randomUUID } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AurumClient } from "@/examples/aurum-client";
import { openDatabase, type DbHandle } from "@/db/client";
import { idempotencyKeys, jobLeases, orders } from "@/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import { PRICE_JOB } from "@/lib/market/ingest";
import { CHANNEL } from "@/lib/realtime/channel";
import { HANDSHAKE_REFUSED } from "@/lib/realtime/handshake";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";
import { startCluster, type Cluster } from "./cluster";

/**
 * Three instances behind nginx on one PostgreSQL, reached through a proxy the test can cut. Many
 * clients move money through nginx while (1) the instance holding the jobs' leases is killed with
 * SIGKILL and started again, (2) the database goes away for a few seconds, (3) every instance is
 * rolled over one by one as an upgrade does. Every request a client got an answer to must have
 * taken effect exactly once, the ledger must balance, the jobs must carry on, and sockets must come
 * back and miss nothing.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error("TEST_DATABASE_URL is required for the cluster test");

const BASE_PORT = Number(process.env.CLUSTER_PORT ?? 3600);
const CLIENTS = 12;
const RUN_MS = 12_000;

let cluster: Cluster;
let proxy: TcpProxy;
let db: DbHandle;
let admin: string;
let users: { id: string; token: string }[];
let sockets: Watcher[];
// Every order answered 201 in any scenario: at the end each exists exactly once.
const answered = new Map<string, { userId: string; orderId: string }>();

beforeAll(async () => {
  const direct = new URL(serverUrl);
  proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  cluster = await startCluster({
    serverUrl,
    name: `cluster_${BASE_PORT}`,
    basePort: BASE_PORT,
    size: 3,
    databasePort: proxy.port,
  });
  // The test reads the books directly, not through the proxy it cuts.
  db = await openDatabase(cluster.databaseUrl);
  const adminLogin = await until("/api/auth/login", {
    body: { usernameOrEmail: "admin", password: "cluster-admin-password" },
  });
  admin = adminLogin.body.token as string;
  // An administrator's calls open once two-factor is on: the first sign-in sets it up.
  const setup = await until("/api/user/2fa/setup", { token: admin, body: { password: "cluster-admin-password" } });
  expect(
    (
      await until("/api/user/2fa/enable", {
        token: admin,
        body: { code: TOTP.generate({ secret: Secret.fromBase32(setup.body.secret as string) }) },
      })
    ).status,
  ).toBe(200);
  users = await Promise.all(Array.from({ length: CLIENTS }, () => signUp()));
  for (const u of users) {
    const credited = await until(`/api/admin/users/${u.id}/manage-balance`, {
      method: "PUT",
      token: admin,
      key: `fund-${u.id}`,
      body: { amount: "900", operation: "credit", reason: "cluster test" },
    });
    expect(credited.status).toBe(200);
  }
  sockets = users.slice(0, 6).map((u) => watch(u));
  for (let waited = 0; !sockets.every((s) => s.socket.connected); waited += 250) {
    if (waited > 20_000) throw new Error("the sockets did not connect");
    await sleep(250);
  }
}, 240_000);

afterAll(async () => {
  sockets?.forEach((s) => s.socket.close());
  await db?.close();
  await cluster?.stop();
  await proxy?.close();
}, 60_000);

type Answer = { status: number; body: Record<string, unknown> };

/** A call through nginx, sent again with the same Idempotency-Key until some instance answers it. */
async function until(
  path: string,
  init: { method?: string; token?: string; body?: unknown; key?: string },
): Promise<Answer> {
  for (let attempt = 0; attempt < 80; attempt++) {
    try {
      const res = await fetch(`${cluster.url}${path}`, {
        method: init.method ?? (init.body ? "POST" : "GET"),
        headers: {
          ...(init.body ? { "Content-Type": "application/json" } : {}),
          ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
          ...(init.key ? { "Idempotency-Key": init.key } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      // A gateway error means no instance answered, a 503 that the database was away: the request
      // may or may not have landed, and only the key makes sending it again safe.
      if (res.status === 502 || res.status === 503 || res.status === 504) throw new Error(`gateway ${res.status}`);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`${path} was never answered`);
}

async function signUp(): Promise<{ id: string; token: string }> {
  const username = `c_${randomUUID().slice(0, 8)}`;
  const res = await until("/api/auth/register", {
    body: {
      username,
      email: `${username}@example.com`,
      country: "DE",
      phoneCode: "+49",
      phoneNumber: "15123456789",
      password: "correct-horse",
      referralCode: "",
    },
  });
  expect(res.status).toBe(201);
  return { id: (res.body.user as { id: string }).id, token: res.body.token as string };
}

interface Watcher {
  socket: Socket;
  /** Titles pushed live. */
  pushed: string[];
  /** Titles known to the client: pushed, or read from the list on each (re)connect, as the app does. */
  known: Set<string>;
}

/** A user's socket that behaves as the browser's does: back after a server hang-up, a re-read on each connect. */
function watch(u: { id: string; token: string }): Watcher {
  const watcher: Watcher = {
    socket: connect(cluster.url, {
      path: "/socket.io",
      transports: ["websocket"],
      auth: { token: u.token },
      forceNew: true,
      reconnectionDelay: 200,
      reconnectionDelayMax: 1000,
    }),
    pushed: [],
    known: new Set(),
  };
  const { socket } = watcher;
  socket.on("connect", () => {
    socket.emit("register", u.id);
    void until("/api/notifications?pageSize=100", { token: u.token }).then((res) => {
      for (const n of (res.body.notifications ?? []) as { title: string }[]) watcher.known.add(n.title);
    });
  });
  socket.on("disconnect", (reason) => reason === "io server disconnect" && socket.connect());
  socket.on(
    "connect_error",
    (err) => err.message === HANDSHAKE_REFUSED.unavailable && setTimeout(() => socket.connect(), 500),
  );
  socket.on("notification", (n: { title: string }) => {
    watcher.pushed.push(n.title);
    watcher.known.add(n.title);
  });
  return watcher;
}

/** Each client places orders for at least `ms` and until `during` is over, every one retried with its key until answered. */
async function trading(ms: number, during: () => Promise<void>): Promise<number> {
  const before = answered.size;
  const stopAt = Date.now() + ms;
  let over = false;
  const chaos = during().finally(() => (over = true));
  const client = async (u: { id: string; token: string }, n: number) => {
    for (let i = 0; Date.now() < stopAt || !over; i++) {
      const key = `c${n}-${i}-${randomUUID().slice(0, 8)}`;
      const body =
        i % 3 === 2
          ? { side: "sell", type: "market", quantity: "0.001" }
          : i % 3 === 1
            ? { side: "buy", type: "limit", quantity: "0.01", price: "100" }
            : { side: "buy", type: "market", quantity: "0.002" };
      const res = await until("/api/trades", { token: u.token, key, body });
      if (res.status === 201) answered.set(key, { userId: u.id, orderId: (res.body.order as { id: string }).id });
      else expect([422], `${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
    }
  };
  await Promise.all([...users.map((u, n) => client(u, n)), chaos]);
  return answered.size - before;
}

/** Exactly once: every answered order exists, once, no order exists that nobody was answered, and the books balance. */
async function expectExactlyOnce(): Promise<void> {
  const placed = await db.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      inArray(
        orders.userId,
        users.map((u) => u.id),
      ),
    );
  expect(new Set(placed.map((o) => o.id))).toEqual(new Set([...answered.values()].map((a) => a.orderId)));
  expect(placed).toHaveLength(answered.size);
  const keys = await db.db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(sql`${idempotencyKeys.scope} like 'trades:%'`);
  expect(keys.filter((k) => answered.has(k.key))).toHaveLength(answered.size);
  expect(await checkLedger(db.db)).toEqual([]);
}

/**
 * A notification to each watched user; every socket must get its own pushed live, or, with `known`,
 * come to know it live or by the re-read that follows an instance's hang-up.
 */
async function expectNotificationsReach(label: string, how: "pushed" | "known" = "pushed"): Promise<void> {
  await expect.poll(() => sockets.every((s) => s.socket.connected), { timeout: 30_000 }).toBe(true);
  for (const [i, u] of users.slice(0, 6).entries()) {
    const sent = await until("/api/admin/notifications", {
      token: admin,
      body: { title: `${label} ${i}`, message: "still here", userId: u.id },
    });
    expect(sent.status).toBe(201);
  }
  const heard = (s: Watcher) => (how === "pushed" ? s.pushed : [...s.known]);
  for (const [i, s] of sockets.entries())
    await expect.poll(() => heard(s), { timeout: 15_000 }).toContain(`${label} ${i}`);
}

/** The instances' backends holding a LISTEN on the cluster's database. */
async function listeners(): Promise<number> {
  const rows = await db.db.execute(
    sql`select pid from pg_stat_activity where datname = current_database() and query ilike ${`listen%${CHANNEL}%`}`,
  );
  return (rows as unknown as unknown[]).length;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("three instances behind nginx", () => {
  it("refuse an API key on every instance from the request after it is revoked, and a signature replayed to another instance", async () => {
    const u = await signUp();
    const setup = await until("/api/user/2fa/setup", { token: u.token, body: { password: "correct-horse" } });
    const code = (steps: number) =>
      TOTP.generate({ secret: Secret.fromBase32(setup.body.secret as string), timestamp: Date.now() + steps * 30_000 });
    expect((await until("/api/user/2fa/enable", { token: u.token, body: { code: code(0) } })).status).toBe(200);
    const made = await until("/api/user/api-keys", {
      token: u.token,
      body: { name: "cluster", scopes: ["read"], code: code(1) },
    });
    expect(made.status).toBe(201);
    const keyId = (made.body.key as { id: string }).id;
    const at = (i: number) => `http://127.0.0.1:${cluster.instances[i]!.port}`;
    const clients = [0, 1, 2].map(
      (i) => new AurumClient({ baseUrl: at(i), keyId, secret: made.body.secret as string }),
    );
    for (const client of clients) expect((await client.balance()).status).toBe(200);

    const headers = clients[0]!.sign("GET", "/api/auth/balance");
    expect((await fetch(`${at(0)}/api/auth/balance`, { headers })).status).toBe(200);
    const replayed = await fetch(`${at(1)}/api/auth/balance`, { headers });
    expect([replayed.status, ((await replayed.json()) as { code: string }).code]).toEqual([
      401,
      "API_SIGNATURE_REPLAYED",
    ]);

    const revoked = await fetch(`${at(0)}/api/user/api-keys/${keyId}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${u.token}` },
    });
    expect(revoked.status).toBe(200);
    for (const client of clients) expect((await client.balance()).body.code).toBe("API_KEY_REVOKED");
  });

  it("killed mid-burst: answers every request exactly once, keeps the books, and carries jobs and sockets over to the survivors", async () => {
    // The instance holding the price ingestion lease is the one to kill: its jobs must move.
    const [lease] = await db.db.select().from(jobLeases).where(eq(jobLeases.name, PRICE_JOB));
    const victim = cluster.instances.findIndex((i) => i.id === lease?.holder);
    expect(victim, "some instance holds the price lease").toBeGreaterThanOrEqual(0);

    const placed = await trading(RUN_MS, async () => {
      await sleep(RUN_MS / 3);
      cluster.kill(victim);
      await sleep(RUN_MS / 3);
      await cluster.start(victim);
    });
    expect(placed).toBeGreaterThan(50);
    await expectExactlyOnce();

    // The jobs moved to a survivor: prices keep arriving under a lease someone else now holds.
    await expect
      .poll(async () => (await db.db.select().from(jobLeases).where(eq(jobLeases.name, PRICE_JOB)))[0]?.holder, {
        timeout: 20_000,
      })
      .not.toBe(lease?.holder ?? "none");
    const ready = await fetch(`${cluster.url}/api/health/ready`).then((r) => r.json());
    expect(ready).toMatchObject({ success: true, checks: { priceFeed: true } });

    // Sockets that were on the killed instance came back through nginx, and still receive.
    await expectNotificationsReach("after the kill");
  });

  it("with the database gone for five seconds: 503s retried with their keys land once, readiness says so, and everything heals by itself", async () => {
    const instance = `http://127.0.0.1:${cluster.instances[0]!.port}`;
    const readinessDuringOutage: { status: number; database?: boolean }[] = [];
    const placed = await trading(RUN_MS, async () => {
      await sleep(RUN_MS / 3);
      let over = false;
      const outage = proxy.cut(5_000).finally(() => (over = true));
      while (!over) {
        const res = await fetch(`${instance}/api/health/ready`).catch(() => null);
        if (res)
          readinessDuringOutage.push({
            status: res.status,
            database: ((await res.json()) as { checks?: { database?: boolean } }).checks?.database,
          });
        await sleep(300);
      }
      await outage;
    });
    expect(placed).toBeGreaterThan(20);
    expect(readinessDuringOutage).toContainEqual({ status: 503, database: false });
    await expectExactlyOnce();

    // Every instance is ready again (database, prices) without a restart, and listens again.
    for (const { port } of cluster.instances) {
      await expect
        .poll(() => fetch(`http://127.0.0.1:${port}/api/health/ready`).then((r) => r.status), { timeout: 30_000 })
        .toBe(200);
    }
    await expect.poll(listeners, { timeout: 30_000 }).toBe(cluster.instances.length);
    // An instance that listens again hangs up its sockets (what was sent in the gap never reached
    // it), and that may come just after these are sent: each is then known from the re-read.
    await expectNotificationsReach("after the outage", "known");
  });

  it("rolled over one instance at a time, as an upgrade does: no order fails or doubles, and no notification is lost", async () => {
    const sentDuringRoll: { user: number; title: string }[] = [];
    const placed = await trading(RUN_MS, async () => {
      for (const [index] of cluster.instances.entries()) {
        const title = `during the roll ${index}`;
        for (const [user, u] of users.slice(0, 6).entries()) {
          const sent = await until("/api/admin/notifications", {
            token: admin,
            body: { title: `${title}/${user}`, message: "rolling", userId: u.id },
          });
          expect(sent.status).toBe(201);
          sentDuringRoll.push({ user, title: `${title}/${user}` });
        }
        await cluster.restart(index);
      }
    });
    expect(placed).toBeGreaterThan(20);
    await expectExactlyOnce();
    // Sent while sockets were being moved between instances: each reached its user live or by the re-read on reconnect.
    await expect.poll(() => sockets.every((s) => s.socket.connected), { timeout: 30_000 }).toBe(true);
    for (const { user, title } of sentDuringRoll)
      await expect.poll(() => sockets[user]!.known.has(title), { timeout: 15_000 }).toBe(true);
    await expectNotificationsReach("after the roll");
  });

  it("mid-upgrade, a page's file that only one instance's build has is still found through nginx", async () => {
    // One instance started with a file the others' builds lack: it keeps the file in memory, and
    // the disk no longer has it for the others, as two builds behind one balancer would be.
    const name = `skew-${randomUUID()}.js`;
    const file = path.join(process.cwd(), ".next", "static", "chunks", name);
    const content = `self.skew = "${name}";`;
    writeFileSync(file, content);
    try {
      await cluster.restart(0);
    } finally {
      rmSync(file, { force: true });
    }
    const url = `/_next/static/chunks/${name}`;
    for (const [index, instance] of cluster.instances.entries()) {
      expect((await fetch(`http://127.0.0.1:${instance.port}${url}`)).status, `instance ${index}`).toBe(
        index === 0 ? 200 : 404,
      );
    }
    // While it restarted, the sockets' reconnects met it down and nginx left it out for its
    // fail_timeout (3 s): until then no instance that has the file is live.
    await expect.poll(async () => (await fetch(`${cluster.url}${url}`)).status, { timeout: 15_000 }).toBe(200);
    // Round robin over the three: without the retry on 404, two answers in three would be missing.
    for (let i = 0; i < 9; i++) {
      const res = await fetch(`${cluster.url}${url}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(content);
    }
  });
});
