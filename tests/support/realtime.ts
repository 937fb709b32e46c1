import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Server } from "socket.io";
import type { DbHandle } from "@/db/client";
import { attachRealtime } from "@/lib/socket/server";

export interface TestRealtimeServer {
  url: string;
  io: Server;
  roomSize(room: string): number;
  close(): Promise<void>;
}

/** The app's Socket.IO server on its own HTTP server on a free port, without Next. */
export async function startRealtimeServer(
  options: { handle?: DbHandle; allowedOrigins?: string[] } = {},
): Promise<TestRealtimeServer> {
  const http = createServer();
  const realtime = await attachRealtime(http, options);
  const io = realtime.io;
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    io,
    roomSize: (room) => io.sockets.adapter.rooms.get(room)?.size ?? 0,
    close: () => realtime.close(),
  };
}
