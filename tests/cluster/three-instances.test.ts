import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DbHandle } from "@/db/client";
import { idempotencyKeys, jobLeases, orders } from "@/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import { PRICE_JOB } from "@/lib/market/ingest";
import { startCluster, type Cluster } from "./cluster";

/**
 * Three instances behind nginx on one PostgreSQL. Many clients move money through nginx while the
 * instance holding the jobs' leases is killed with SIGKILL and later started again. Every request
 * a client got an answer to must have taken effect exactly once, the ledger must balance, the jobs
 * must carry on from the survivors, and sockets must come back and still receive.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error("TEST_DATABASE_URL is required for the cluster test");

const BASE_PORT = Number(process.env.CLUSTER_PORT ?? 3600);
const CLIENTS = 12;
const RUN_MS = 12_000;

let cluster: Cluster;
let db: DbHandle;

beforeAll(async () => {
  cluster = await startCluster({ serverUrl, name: `cluster_${BASE_PORT}`, basePort: BASE_PORT, size: 3 });
  db = await openDatabase(cluster.databaseUrl);
}, 240_000);

afterAll(async () => {
  await db?.close();
  await cluster?.stop();
}, 60_000);

type Answer = { status: number; body: Record<string, unknown> };

/** A call through nginx, sent again with the same Idempotency-Key until some instance answers it. */
async function until(path: string, init: { method?: string; token?: string; body?: unknown; key?: string }): Promise<Answer> {
  for (let attempt = 0; attempt < 40; attempt++) {
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
      // A gateway error means no instance answered: the request may or may not have landed, and
      // only the key makes sending it again safe.
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
    body: { username, email: `${username}@example.com`, country: "DE", phoneCode: "+49", phoneNumber: "15123456789", password: "correct-horse", referralCode: "" },
  });
  expect(res.status).toBe(201);
  return { id: (res.body.user as { id: string }).id, token: res.body.token as string };
}

function socketFor(token: string, userId: string): { socket: Socket; titles: string[] } {
  const titles: string[] = [];
  const socket = connect(cluster.url, { path: "/socket.io", transports: ["websocket"], auth: { token }, forceNew: true, reconnectionDelay: 200, reconnectionDelayMax: 1000 });
  socket.on("connect", () => socket.emit("register", userId));
  socket.on("notification", (n: { title: string }) => titles.push(n.title));
  return { socket, titles };
}

describe("three instances behind nginx, one killed mid-burst", () => {
  it("answers every request exactly once, keeps the books, and carries jobs and sockets over to the survivors", async () => {
    const adminLogin = await until("/api/auth/login", { body: { usernameOrEmail: "admin", password: "cluster-admin-password" } });
    const admin = adminLogin.body.token as string;
    const users = await Promise.all(Array.from({ length: CLIENTS }, () => signUp()));
    for (const u of users) {
      const credited = await until(`/api/admin/users/${u.id}/manage-balance`, { method: "PUT", token: admin, key: `fund-${u.id}`, body: { amount: "5000", operation: "credit", reason: "cluster test" } });
      expect(credited.status).toBe(200);
    }
    const sockets = users.slice(0, 6).map((u) => socketFor(u.token, u.id));
    await expect.poll(() => sockets.every((s) => s.socket.connected), { timeout: 20_000 }).toBe(true);

    // The instance holding the price ingestion lease is the one to kill: its jobs must move.
    const [lease] = await db.db.select().from(jobLeases).where(eq(jobLeases.name, PRICE_JOB));
    const victim = cluster.instances.findIndex((i) => i.id === lease?.holder);
    expect(victim, "some instance holds the price lease").toBeGreaterThanOrEqual(0);

    const answered = new Map<string, { userId: string; orderId: string }>();
    const stopAt = Date.now() + RUN_MS;
    const client = async (u: { id: string; token: string }, n: number) => {
      for (let i = 0; Date.now() < stopAt; i++) {
        const key = `c${n}-${i}-${randomUUID().slice(0, 8)}`;
        const body = i % 3 === 2 ? { side: "sell", type: "market", quantity: "0.001" } : i % 3 === 1 ? { side: "buy", type: "limit", quantity: "0.01", price: "100" } : { side: "buy", type: "market", quantity: "0.002" };
        const res = await until("/api/trades", { token: u.token, key, body });
        if (res.status === 201) answered.set(key, { userId: u.id, orderId: (res.body.order as { id: string }).id });
        else expect([422], `${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
      }
    };
    const chaos = (async () => {
      await new Promise((resolve) => setTimeout(resolve, RUN_MS / 3));
      cluster.kill(victim);
      await new Promise((resolve) => setTimeout(resolve, RUN_MS / 3));
      await cluster.start(victim);
    })();
    await Promise.all([...users.map((u, n) => client(u, n)), chaos]);

    // Exactly once: every answered order exists, once, and no order exists that nobody was answered.
    expect(answered.size).toBeGreaterThan(50);
    const placed = await db.db.select({ id: orders.id }).from(orders).where(inArray(orders.userId, users.map((u) => u.id)));
    expect(new Set(placed.map((o) => o.id))).toEqual(new Set([...answered.values()].map((a) => a.orderId)));
    const keys = await db.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(sql`${idempotencyKeys.scope} like 'trades:%'`);
    expect(keys.filter((k) => answered.has(k.key))).toHaveLength(answered.size);
    expect(await checkLedger(db.db)).toEqual([]);

    // The jobs moved to a survivor: prices keep arriving under a lease someone else now holds.
    await expect
      .poll(async () => (await db.db.select().from(jobLeases).where(eq(jobLeases.name, PRICE_JOB)))[0]?.holder, { timeout: 20_000 })
      .not.toBe(lease?.holder ?? "none");
    const ready = await fetch(`${cluster.url}/api/health/ready`).then((r) => r.json());
    expect(ready).toMatchObject({ success: true, checks: { priceFeed: true } });

    // Sockets that were on the killed instance came back through nginx, and still receive.
    await expect.poll(() => sockets.every((s) => s.socket.connected), { timeout: 20_000 }).toBe(true);
    for (const [i, u] of users.slice(0, 6).entries()) {
      const sent = await until("/api/admin/notifications", { token: admin, body: { title: `after the kill ${i}`, message: "still here", userId: u.id } });
      expect(sent.status).toBe(201);
    }
    for (const [i, s] of sockets.entries()) await expect.poll(() => s.titles, { timeout: 15_000 }).toContain(`after the kill ${i}`);
    sockets.forEach((s) => s.socket.close());
  }, 240_000);
});
