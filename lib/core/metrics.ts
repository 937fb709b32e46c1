import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { transactionConflicts } from "@/db/transaction";

export interface Metrics {
  registry: Registry;
  requests: Histogram<"method" | "route" | "status">;
  orders: Counter<"side" | "type" | "status">;
  sockets: Gauge;
  jobLag: Gauge<"job">;
  dbPing: Gauge;
  chainBlocks: Gauge<"chain" | "block">;
  dbConflicts: Counter<"sqlstate">;
}

/** Functions that read a live figure when Prometheus scrapes (set by server.ts). */
export interface Probes {
  openSockets?: () => number;
  jobLagSeconds?: () => Record<string, number>;
  dbPingSeconds?: () => Promise<number>;
  /** Each followed chain's head and last block finished. */
  chains?: () => Promise<{ chain: string; head: string | null; lastBlock: string | null; behind: number | null }[]>;
}

function createMetrics(probes: Probes): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: "aurum" });
  // The process's own: heap, event loop lag, CPU, open handles.
  collectDefaultMetrics({ register: registry, prefix: "aurum_" });
  return {
    registry,
    requests: new Histogram({
      name: "aurum_http_request_duration_seconds",
      help: "HTTP requests by method, route and status",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    orders: new Counter({
      name: "aurum_orders_total",
      help: "Orders placed, by side, type and resulting status",
      labelNames: ["side", "type", "status"],
      registers: [registry],
    }),
    sockets: new Gauge({
      name: "aurum_open_sockets",
      help: "Socket.IO connections open on this instance",
      registers: [registry],
      collect() {
        this.set(probes.openSockets?.() ?? 0);
      },
    }),
    jobLag: new Gauge({
      name: "aurum_job_lag_seconds",
      help: "Seconds since each job last completed a run on any instance",
      labelNames: ["job"],
      registers: [registry],
      collect() {
        for (const [job, seconds] of Object.entries(probes.jobLagSeconds?.() ?? {})) this.set({ job }, seconds);
      },
    }),
    dbPing: new Gauge({
      name: "aurum_db_ping_seconds",
      help: "Round trip of a trivial query on the database pool, measured at scrape",
      registers: [registry],
      async collect() {
        if (probes.dbPingSeconds) this.set(await probes.dbPingSeconds());
      },
    }),
    chainBlocks: new Gauge({
      name: "aurum_chain_block",
      help: "Per followed chain: the node's head, the last block the deposit watcher finished, and how many blocks it is behind",
      labelNames: ["chain", "block"],
      registers: [registry],
      async collect() {
        this.reset();
        for (const c of (await probes.chains?.()) ?? []) {
          if (c.head !== null) this.set({ chain: c.chain, block: "head" }, Number(c.head));
          if (c.lastBlock !== null) this.set({ chain: c.chain, block: "finished" }, Number(c.lastBlock));
          if (c.behind !== null) this.set({ chain: c.chain, block: "behind" }, c.behind);
        }
      },
    }),
    dbConflicts: new Counter({
      name: "aurum_db_transaction_conflicts_total",
      help: "Transactions PostgreSQL aborted for a deadlock (40P01) or a serialization conflict (40001), retried or not",
      labelNames: ["sqlstate"],
      registers: [registry],
      collect() {
        this.reset();
        for (const [sqlstate, n] of transactionConflicts()) this.inc({ sqlstate }, n);
      },
    }),
  };
}

// server.ts and Next's bundled route handlers load this module separately: one registry for both.
const holder = globalThis as unknown as { __aurumMetrics?: Metrics; __aurumProbes?: Probes };
const probes: Probes = (holder.__aurumProbes ??= {});
export const metrics: Metrics = (holder.__aurumMetrics ??= createMetrics(probes));

/** Connects the live figures (sockets, jobs, database) once the server has them. */
export function setProbes(next: Probes): void {
  Object.assign(probes, next);
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * A request path as a metric label: ids folded to ":id" and the query dropped, so the label set
 * stays small; static assets and unknown paths fold into one label each.
 */
export function routeLabel(url: string | undefined, status: number): string {
  const path = (url ?? "/").split("?")[0]!;
  if (path.startsWith("/_next/")) return "/_next/*";
  if (path.startsWith("/socket.io/")) return "/socket.io";
  if (status === 404) return "unmatched";
  return path.replace(UUID, ":id").slice(0, 100);
}
