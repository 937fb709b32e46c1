import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as readyRoute } from "@/app/api/health/ready/route";
import { getDbHandle } from "@/db/client";
import { jobLeases } from "@/db/schema";
import { serveMetrics } from "@/lib/http/metrics-endpoint";
import { startJobs } from "@/lib/jobs/runner";
import { attachRealtime } from "@/lib/socket/server";
import { shutDown } from "@/lib/ops/shutdown";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { setPrice } from "../support/prices";
import { openSocket, outcome } from "../support/sockets";
import { registerUser } from "../support/users";

const db = withTestDatabase();

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

describe("readiness", () => {
  it("is 503 naming the failing check until prices flow, then 200", async () => {
    const stale = await call(readyRoute);
    expect(stale.status).toBe(503);
    expect(stale.body).toMatchObject({
      success: false,
      code: "NOT_READY",
      checks: { database: true, migrations: true, priceFeed: false, accepting: true },
    });
    await setPrice(db(), "4000");
    const ready = await call(readyRoute);
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ success: true, status: "ready" });
  });
});

describe("GET /metrics", () => {
  it("answers Prometheus text to the token's holder only, and does not exist without a token", async () => {
    const token = "metrics-token-0123456789";
    const server = createServer((req, res) => {
      void serveMetrics(req, res, req.url?.includes("open") ? undefined : token).then(
        (served) => served || res.writeHead(404).end(),
      );
    });
    const url = await listen(server);
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    expect(
      (await fetch(`${url}/metrics`, { headers: { authorization: "Bearer wrong-token-0123456789" } })).status,
    ).toBe(401);
    const ok = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    const text = await ok.text();
    for (const name of [
      "aurum_http_request_duration_seconds",
      "aurum_orders_total",
      "aurum_open_sockets",
      "aurum_job_lag_seconds",
      "aurum_db_ping_seconds",
    ])
      expect(text).toContain(name);
    expect((await fetch(`${url}/metrics?open`)).status).toBe(404);
    server.close();
  });
});

describe("shutting down", () => {
  it("finishes the request in flight, refuses new connections, releases job leases, sends sockets away, then closes", async () => {
    let release = () => {};
    let arrived = () => {};
    const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
    const httpServer = createServer((req, res) => {
      if (req.url !== "/slow") return res.end("ok");
      release = () => res.end("finished");
      arrived();
    });
    const realtime = await attachRealtime(httpServer, { handle: await getDbHandle() });
    const url = await listen(httpServer);
    const jobs = startJobs(db(), [{ name: "test.shutdown", everyMs: 20, run: async () => {} }], "holder-shutdown");
    await expect
      .poll(async () => (await db().select().from(jobLeases).where(eq(jobLeases.name, "test.shutdown"))).length)
      .toBe(1);

    const { token } = await registerUser();
    const socket = openSocket(url, token);
    expect(await outcome(socket)).toBe("connected");
    const sentAway = new Promise<string>((resolve) => socket.once("disconnect", resolve));

    const inFlight = new Promise<string>((resolve, reject) => {
      httpRequest(`${url}/slow`, (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve(body));
      })
        .on("error", reject)
        .end();
    });
    await slowArrived;

    let databaseClosed = false;
    const done = shutDown(
      { httpServer, jobs, realtime, graceMs: 5_000, closeDatabase: async () => void (databaseClosed = true) },
      "SIGTERM",
    );
    expect(await sentAway).toBe("io server disconnect");
    expect(await db().select().from(jobLeases).where(eq(jobLeases.name, "test.shutdown"))).toHaveLength(0);
    await expect(fetch(`${url}/`)).rejects.toThrow();
    release();
    expect(await inFlight).toBe("finished");
    await done;
    expect(databaseClosed).toBe(true);
  });
});
