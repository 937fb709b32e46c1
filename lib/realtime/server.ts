import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import { getDb } from "@/db/client";
import { authenticateToken } from "@/lib/auth/sessions";

export const userRoom = (userId: string) => `user:${userId}`;

interface SocketData {
  userId: string;
  sessionId: string;
}

// Route handlers are bundled apart from server.ts; they reach the one Socket.IO server here.
const holder = globalThis as unknown as { __aurumIo?: Server };

export function realtimeServer(): Server | undefined {
  return holder.__aurumIo;
}

/** Socket.IO on the app's own HTTP server: only live sessions connect, and each joins only its own room. */
export function attachRealtime(httpServer: HttpServer): Server {
  const io = new Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>(httpServer, {
    path: "/socket.io",
    transports: ["websocket", "polling"],
  });
  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === "string" ? socket.handshake.auth.token : null;
    const auth = await authenticateToken(await getDb(), token).catch(() => null);
    if (!auth) return next(new Error("unauthorized"));
    socket.data = { userId: auth.user.id, sessionId: auth.session.id };
    next();
  });
  io.on("connection", (socket) => {
    socket.on("register", (userId: unknown) => {
      if (userId === socket.data.userId) void socket.join(userRoom(socket.data.userId));
    });
  });
  holder.__aurumIo = io as unknown as Server;
  return holder.__aurumIo;
}
