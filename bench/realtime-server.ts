/**
 * One server process for `bench:realtime` (bench/realtime.ts starts it with `fork`, `--expose-gc`):
 *
 *   realtime-server.ts aurum   the app's own Socket.IO (`attachRealtime`, as server.ts attaches it)
 *                              on a plain HTTP server, against DATABASE_URL
 *   realtime-server.ts bare    Socket.IO with the same options and nothing else: no auth, no
 *                              database, `register` answered with true; broadcasts with `io.emit`
 *
 * Listens on a free port of 127.0.0.1 and answers the bench over IPC: its heap after a full
 * collection, its event loop's delay (sampled every 10 ms since the last reset), the CPU time it
 * has used so far, and (bare) a broadcast, with the time it started.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Server } from "socket.io";

export type ServerRequest =
  | { type: "heap" }
  | { type: "loop"; reset: boolean }
  | { type: "cpu" }
  | { type: "broadcast"; payload: unknown }
  | { type: "stop" };

export type ServerReply =
  | { type: "ready"; port: number }
  | { type: "heap"; heapUsed: number }
  /** User and system (kernel: the socket writes' own work) CPU time of the whole process so far, in ms. */
  | { type: "cpu"; user: number; system: number }
  | { type: "loop"; p50: number; p99: number; max: number }
  | { type: "broadcast"; startedAt: number };

const now = () => performance.timeOrigin + performance.now();
const reply = (message: ServerReply) => process.send!(message);

async function main() {
  const mode = process.argv[2];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const http = createServer();
  let io: Server;
  let close: () => Promise<void>;

  if (mode === "aurum") {
    const [{ openDatabase }, { attachRealtime }] = await Promise.all([
      import("@/db/client"),
      import("@/lib/socket/server"),
    ]);
    const handle = await openDatabase(process.env.DATABASE_URL!);
    const realtime = await attachRealtime(http, { handle, allowedOrigins: [], trustProxy: false });
    io = realtime.io;
    close = async () => {
      await realtime.close();
      await handle.close();
    };
  } else if (mode === "bare") {
    const { MAX_CLIENT_MESSAGE_BYTES } = await import("@/lib/socket/server");
    io = new Server(http, {
      path: "/socket.io",
      transports: ["websocket", "polling"],
      maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
    });
    io.on("connection", (socket) => {
      socket.on("register", (_: unknown, ack?: unknown) => {
        if (typeof ack === "function") ack(true);
      });
    });
    close = () => io.close();
  } else {
    throw new Error(`unknown mode ${mode}`);
  }

  process.on("message", (message: ServerRequest) => {
    switch (message.type) {
      case "heap":
        for (let i = 0; i < 3; i++) globalThis.gc!();
        return reply({ type: "heap", heapUsed: process.memoryUsage().heapUsed });
      case "cpu": {
        const { user, system } = process.cpuUsage();
        return reply({ type: "cpu", user: user / 1000, system: system / 1000 });
      }
      case "loop":
        reply({ type: "loop", p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 });
        if (message.reset) loop.reset();
        return;
      case "broadcast": {
        const startedAt = now();
        io.emit("notification", message.payload);
        return reply({ type: "broadcast", startedAt });
      }
      case "stop":
        void close().finally(() => process.exit(0));
        return;
    }
  });
  process.on("disconnect", () => process.exit(0));

  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  reply({ type: "ready", port: (http.address() as AddressInfo).port });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
