import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import next from "next";
import { closeDb, getDb } from "@/db/client";
import { ensureAdmin } from "@/lib/auth/bootstrap-admin";
import { authSecret } from "@/lib/auth/secret";
import { readEnv } from "@/lib/env";
import { startJobs } from "@/lib/jobs/runner";
import { createPriceFeed } from "@/lib/market/create-feed";
import { priceIngestionJob, primeMarket } from "@/lib/market/ingest";
import { attachRealtime } from "@/lib/realtime/server";
import { limitOrderJob } from "@/lib/trading/fill-job";

const CLIENT_IP_HEADER = "x-aurum-client-ip";

function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers["x-forwarded-for"];
  if (trustProxy && typeof forwarded === "string") return forwarded.split(",")[0]!.trim();
  return req.socket.remoteAddress ?? "unknown";
}

async function main() {
  const env = readEnv();
  authSecret();
  const db = await getDb();
  const admin = await ensureAdmin(db, env);
  if (admin?.generatedPassword) {
    console.log(`Created administrator "${admin.username}" with password: ${admin.generatedPassword}`);
    console.log("This password is shown once. Sign in and keep it somewhere safe.");
  } else if (admin) {
    console.log(`Created administrator "${admin.username}" from ADMIN_PASSWORD.`);
  }

  // A fresh database gets its price history before the first page can ask for a chart.
  const feed = createPriceFeed(env);
  const instance = randomUUID();
  await primeMarket(db, feed, instance);

  const dev = env.NODE_ENV !== "production";
  const app = next({ dev, port: env.PORT });
  const handle = app.getRequestHandler();
  await app.prepare();

  const httpServer = createServer((req, res) => {
    // Route handlers cannot see the socket; they read the caller's address from here only.
    req.headers[CLIENT_IP_HEADER] = clientIp(req, env.TRUST_PROXY);
    void handle(req, res);
  });
  const realtime = await attachRealtime(httpServer);
  const jobs = startJobs(db, [priceIngestionJob(feed), limitOrderJob], instance);
  const upgrade = app.getUpgradeHandler();
  httpServer.on("upgrade", (req, socket, head) => {
    // Socket.IO handles its own upgrades; everything else (Next's dev reload socket) goes to Next.
    if (!req.url?.startsWith("/socket.io/")) void upgrade(req, socket, head);
  });

  httpServer.listen(env.PORT, () => {
    console.log(`Aurum listening on http://localhost:${env.PORT} (${dev ? "development" : "production"})`);
  });

  const shutdown = async (signal: string) => {
    console.log(`${signal}: shutting down`);
    await jobs.stop();
    await realtime.close();
    await closeDb();
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
