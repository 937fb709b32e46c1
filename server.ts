import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import path from "node:path";
import { sql } from "drizzle-orm";
import next from "next";
import { closeDb, getDb, getDbHandle } from "@/db/client";
import { ensureAdmin } from "@/lib/auth/bootstrap-admin";
import { authSecret } from "@/lib/auth/secret";
import { readEnv } from "@/lib/core/env";
import { admitRequest, observeRequest } from "@/lib/http/incoming";
import { serveMetrics } from "@/lib/http/metrics-endpoint";
import { siteUrlWarning } from "@/lib/core/origin";
import { staticAssets } from "@/lib/http/static-assets";
import { chainSettings } from "@/lib/chain/config";
import { chainWatcherJob } from "@/lib/chain/job";
import { chainStatus } from "@/lib/chain/status";
import { startJobs } from "@/lib/jobs/runner";
import { log } from "@/lib/core/log";
import { createPriceFeed } from "@/lib/market/create-feed";
import { priceIngestionJob, primeMarket } from "@/lib/market/ingest";
import { proofSnapshotJob } from "@/lib/proof/daily";
import { setProbes } from "@/lib/core/metrics";
import { watchSettings } from "@/lib/settings/cache";
import { attachRealtime } from "@/lib/socket/server";
import { mailDeliveryJob } from "@/lib/mail/deliver-job";
import { pushDeliveryJob } from "@/lib/push/deliver";
import { vapidKeys } from "@/lib/push/vapid";
import { smtpConfigured } from "@/lib/mail/transport";
import { savingsAccrualJob } from "@/lib/savings/accrue";
import { shutDown } from "@/lib/ops/shutdown";
import { storageAccrualJob } from "@/lib/storage/accrue";
import { strategyRoundsJob } from "@/lib/strategies/rounds";
import { limitOrderJob } from "@/lib/strategies/fill-job";
import { priceAlertJob } from "@/lib/alerts/fire";

async function main() {
  const env = readEnv();
  authSecret();
  // Generated (or read) before the first request: a DATA_DIR that cannot keep it stops the start.
  vapidKeys();
  const db = await getDb();
  // Every order and page reads the settings: this instance keeps them until any instance changes them.
  await watchSettings(await getDbHandle());
  const admin = await ensureAdmin(db, env);
  if (admin?.generatedPassword) {
    // Said once, on the console, on purpose: it is the only way to learn it. Not a log field.
    console.log(`Created administrator "${admin.username}" with password: ${admin.generatedPassword}`);
    console.log("This password is shown once. Sign in and keep it somewhere safe.");
  } else if (admin) {
    log.info({ username: admin.username }, "created the administrator from ADMIN_PASSWORD");
  }

  // A fresh database gets its price history before the first page can ask for a chart.
  const feed = createPriceFeed(env);
  const instance = randomUUID();
  await primeMarket(db, feed, instance);

  const dev = env.NODE_ENV !== "production";
  const app = next({ dev, port: env.PORT });
  const handle = app.getRequestHandler();
  // The build's files, compressed once while Next prepares (in development Next rebuilds them as they change).
  const [serveStatic] = await Promise.all([
    dev ? async () => false : staticAssets(path.join(process.cwd(), ".next", "static")),
    app.prepare(),
  ]);

  const httpServer = createServer((req, res) => {
    admitRequest(req, res, env.TRUST_PROXY);
    observeRequest(req, res, env.TRUST_PROXY, () => {
      void serveMetrics(req, res, env.METRICS_TOKEN).then(async (served) => {
        if (!served && !(await serveStatic(req, res))) await handle(req, res);
      });
    });
  });
  // Clients and proxies reuse an idle keep-alive connection; if the server closes it first (Node's
  // default is after 5 s), a request sent at that moment meets a reset. Idle connections should be
  // closed by the client side, so the server waits longer than proxies do (nginx 60 s, most LBs 60 s).
  httpServer.keepAliveTimeout = 65_000;
  httpServer.headersTimeout = 66_000;
  const realtime = await attachRealtime(httpServer);
  // Read before anything starts: a chain configured wrong stops the server here, not at the first deposit.
  const chains = chainSettings();
  const jobs = startJobs(
    db,
    [
      priceIngestionJob(feed),
      limitOrderJob,
      priceAlertJob,
      strategyRoundsJob,
      savingsAccrualJob,
      storageAccrualJob,
      proofSnapshotJob,
      pushDeliveryJob,
      ...(smtpConfigured() ? [mailDeliveryJob] : []),
      ...(chains ? [chainWatcherJob(chains)] : []),
    ],
    instance,
  );
  setProbes({
    openSockets: () => realtime.io.engine.clientsCount,
    jobLagSeconds: () => jobs.lagSeconds(),
    chains: () => chainStatus(db),
    dbPingSeconds: async () => {
      const started = performance.now();
      await db.execute(sql`select 1`);
      return (performance.now() - started) / 1000;
    },
  });
  const upgrade = app.getUpgradeHandler();
  httpServer.on("upgrade", (req, socket, head) => {
    // Socket.IO handles its own upgrades; everything else (Next's dev reload socket) goes to Next.
    if (!req.url?.startsWith("/socket.io/")) void upgrade(req, socket, head);
  });

  httpServer.listen(env.PORT, () => {
    log.info(
      { port: env.PORT, mode: dev ? "development" : "production", instance },
      `Aurum listening on http://localhost:${env.PORT}`,
    );
    const warning = siteUrlWarning(env);
    if (warning) log.warn(warning);
  });

  const stop = (signal: string) => {
    shutDown({ httpServer, jobs, realtime, graceMs: env.SHUTDOWN_GRACE_MS, closeDatabase: closeDb }, signal)
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        log.error({ err }, "shutdown failed");
        process.exit(1);
      });
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}

main().catch((err) => {
  log.fatal({ err }, "Aurum could not start");
  process.exit(1);
});
