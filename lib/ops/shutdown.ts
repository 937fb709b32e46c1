import type { Server } from "node:http";
import type { JobRunner } from "@/lib/jobs/runner";
import { startDraining } from "@/lib/core/lifecycle";
import { log } from "@/lib/core/log";
import { mailSettled } from "@/lib/mail/background";
import type { Realtime } from "@/lib/socket/server";

/**
 * Leaves without dropping anyone's work: readiness turns 503 so a balancer stops sending, the
 * listener closes (no new connections), jobs finish their run and release their leases so another
 * instance takes them at once, sockets are told to go (clients reconnect at once, through the
 * balancer, to an instance that stays), requests in flight get `graceMs` to finish, mail work they
 * left behind as long again, then the database closes.
 */
export async function shutDown(
  parts: {
    httpServer: Server;
    jobs: JobRunner;
    realtime: Realtime;
    graceMs: number;
    closeDatabase: () => Promise<void>;
  },
  signal: string,
): Promise<void> {
  const { httpServer, jobs, realtime, graceMs, closeDatabase } = parts;
  log.info({ signal }, "shutting down: draining");
  startDraining();
  const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
  httpServer.closeIdleConnections();
  await jobs.stop();
  realtime.io.disconnectSockets(true);
  const cut = setTimeout(() => {
    log.warn({ graceMs }, "requests still in flight after the grace period: closing their connections");
    httpServer.closeAllConnections();
  }, graceMs);
  await closed;
  clearTimeout(cut);
  // Mail work that answered requests left behind (a reset link being stored and sent) ends before the database closes.
  await Promise.race([mailSettled(), new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
  await realtime.close();
  await closeDatabase();
  log.info("shut down");
}
