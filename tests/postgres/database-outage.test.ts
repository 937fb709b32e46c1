import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as balanceRoute } from "@/app/api/auth/balance/route";
import { closeDb, getDbHandle, installDb, openDatabase, RECONNECT_CAP_S } from "@/db/client";
import { closeRealtimeSocket, realtimeSocket } from "@/components/hooks/realtime-socket";
import { CHANNEL } from "@/lib/realtime/channel";
import { readiness } from "@/lib/ops/health";
import { call } from "../support/http";
import { startRealtimeServer, type TestRealtimeServer } from "../support/realtime";
import { outcome, openSocket } from "../support/sockets";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";
import { trade } from "../support/trading";
import { registerUser } from "../support/users";
import { testDatabaseName } from "../support/templates";

/**
 * The app's database restarting under it, made by a TCP proxy between the two that drops every
 * connection and refuses new ones for a while. Requests must fail at once with a 503 the client can
 * retry, readiness must say so, and everything must come back without anyone restarting the app.
 */
const serverUrl = new URL(process.env.TEST_DATABASE_URL!);
const name = testDatabaseName();
const admin = postgres(serverUrl.toString(), { max: 1, onnotice: () => {} });
let proxy: TcpProxy;
let realtime: TestRealtimeServer;

beforeAll(async () => {
  await admin.unsafe(`create database ${name}`);
  proxy = await startTcpProxy({ host: serverUrl.hostname, port: Number(serverUrl.port || 5432) });
  const viaProxy = new URL(serverUrl);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  viaProxy.pathname = `/${name}`;
  installDb(openDatabase(viaProxy.toString()));
  realtime = await startRealtimeServer({ handle: await getDbHandle() });
});

afterAll(async () => {
  await realtime?.close();
  await closeDb();
  await proxy?.close();
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
});

const balance = (token: string) => call(balanceRoute, { token });

describe("a database outage", () => {
  it("is a quick 503 with Retry-After while it lasts, shows in readiness, and heals by itself", async () => {
    const alice = await registerUser();
    expect((await balance(alice.token)).status).toBe(200);
    const db = (await getDbHandle()).db;
    expect((await readiness(db)).checks.database).toBe(true);

    const outage = proxy.down();
    const started = performance.now();
    const refused = await balance(alice.token);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("2");
    expect(refused.body).toEqual({
      success: false,
      code: "SERVICE_UNAVAILABLE",
      message: "Aurum is briefly unavailable. Please try again in a moment.",
    });
    const order = await trade(
      alice.token,
      { side: "buy", type: "market", quantity: "0.01" },
      { "Idempotency-Key": "outage-order-1" },
    );
    expect(order.status).toBe(503);
    expect((await readiness(db)).checks.database).toBe(false);
    outage.restore();

    // No restart: the pool connects again on the next query.
    expect((await balance(alice.token)).status).toBe(200);
    expect((await readiness(db)).checks.database).toBe(true);
  });

  it("tells a socket's handshake to come back while the database is away, instead of refusing its session", async () => {
    const bob = await registerUser();
    const outage = proxy.down();
    const during = openSocket(realtime.url, bob.token);
    expect(await outcome(during)).toBe("unavailable");
    // The browser's socket is refused the same way, and tries again by itself until it is let in.
    let registered = 0;
    const browser = realtimeSocket(
      { token: bob.token, userId: bob.user.id },
      { url: realtime.url, onRegistered: () => registered++ },
    )!;
    expect(await outcome(browser)).toBe("unavailable");
    outage.restore();
    await vi.waitFor(() => expect(registered).toBe(1), { timeout: 10_000 });
    closeRealtimeSocket();
    const after = openSocket(realtime.url, bob.token);
    expect(await outcome(after)).toBe("connected");
    const forged = openSocket(realtime.url, "forged");
    expect(await outcome(forged)).toBe("unauthorized");
    const sockets = [during, after, forged];
    sockets.forEach((s) => s.close());
  });

  it("listens again within seconds of a long outage, so an instance is not left deaf to events once the database is back", async () => {
    // The earlier tests' outages were short: their LISTEN is back by now.
    const before = await vi.waitFor(
      async () => {
        const pids = await listeningBackends();
        expect(pids).toHaveLength(1);
        return pids;
      },
      { timeout: 10_000 },
    );
    const outage = proxy.down();
    // Long enough for postgres.js's own backoff to have grown to 10-20 s between attempts.
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    outage.restore();
    const restored = performance.now();
    await vi.waitFor(
      async () => expect((await listeningBackends()).filter((pid) => !before.includes(pid))).toHaveLength(1),
      { timeout: 30_000, interval: 100 },
    );
    // The last wait before the database came back is at most the cap; the rest is connecting.
    expect(performance.now() - restored).toBeLessThan(RECONNECT_CAP_S * 1_000 + 2_000);
  }, 60_000);
});

/** The backends of this test's database holding a LISTEN on the realtime channel, seen from outside the proxy. */
async function listeningBackends(): Promise<number[]> {
  const rows = await admin<
    { pid: number }[]
  >`select pid from pg_stat_activity where datname = ${name} and query ilike ${`listen%${CHANNEL}%`}`;
  return rows.map((r) => r.pid);
}
