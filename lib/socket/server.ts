import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import { getDbHandle, type DbHandle } from "@/db/client";
import { isDatabaseUnavailable } from "@/db/unavailable";
import { authenticateToken } from "@/lib/auth/sessions";
import { readEnv } from "@/lib/core/env";
import { CHANNEL, envelopeReader } from "@/lib/realtime/channel";
import { BALANCE_EVENT, dispatchEnvelope } from "./dispatch";
import { HANDSHAKE_REFUSED } from "@/lib/realtime/handshake";
import { log } from "@/lib/core/log";
import { originAllowed } from "./origin";
import { realtimeMemory } from "./recent";
import { sessionRoom, userRoom } from "@/lib/realtime/rooms";

interface SocketData {
  userId: string;
  sessionId: string;
  expiresAt: number;
}

/** What a socket is sent by this file itself; everything else goes out through `publish`. */
interface SentOnRegister {
  [BALANCE_EVENT]: (data: { reason: "missed"; at: number }) => void;
}

export interface Realtime {
  io: Server;
  /** Stops listening for this instance's events and closes every socket. */
  close(): Promise<void>;
}

export interface RealtimeOptions {
  /** The database to authenticate against and listen on; the process-wide one by default. */
  handle?: DbHandle;
  /** Origins allowed besides the site's own; ALLOWED_ORIGINS by default. */
  allowedOrigins?: readonly string[];
  trustProxy?: boolean;
}

/**
 * Clients only ever send `register` with a user id, so anything much bigger is abuse: Socket.IO
 * closes the connection instead of buffering it (its default allows 1 MB per message).
 */
export const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

// setTimeout's ceiling (about 24.8 days); sessions are shorter, this only keeps the timer valid.
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Socket.IO on the app's own HTTP server. Only live sessions from allowed origins connect; a
 * socket joins only its own user's room; events published anywhere (this instance or another)
 * arrive through the database's NOTIFY channel, and a revoked or expired session loses its sockets.
 */
export async function attachRealtime(httpServer: HttpServer, options: RealtimeOptions = {}): Promise<Realtime> {
  const env = readEnv();
  const handle = options.handle ?? (await getDbHandle());
  const allowed = options.allowedOrigins ?? env.ALLOWED_ORIGINS;
  const trustProxy = options.trustProxy ?? env.TRUST_PROXY;
  const memory = realtimeMemory();

  const io = new Server<Record<string, never>, SentOnRegister, Record<string, never>, SocketData>(httpServer, {
    path: "/socket.io",
    transports: ["websocket", "polling"],
    maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
    allowRequest: (req, callback) => {
      const ok = originAllowed(req, allowed, trustProxy);
      callback(ok ? null : "origin not allowed", ok);
    },
  });

  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === "string" ? socket.handshake.auth.token : null;
    let auth: Awaited<ReturnType<typeof authenticateToken>>;
    try {
      auth = await authenticateToken(handle.db, token);
    } catch (err) {
      // A database that is away refuses no one: the client is told to come back, not that its session is over.
      return next(
        new Error(isDatabaseUnavailable(err) ? HANDSHAKE_REFUSED.unavailable : HANDSHAKE_REFUSED.unauthorized),
      );
    }
    if (!auth) return next(new Error(HANDSHAKE_REFUSED.unauthorized));
    socket.data = { userId: auth.user.id, sessionId: auth.session.id, expiresAt: auth.session.expiresAt.getTime() };
    next();
  });

  io.on("connection", (socket) => {
    const { userId, sessionId, expiresAt } = socket.data;
    if (memory.revocations.has(sessionId)) {
      socket.disconnect(true);
      return;
    }
    void socket.join(sessionRoom(sessionId));
    const expiry = setTimeout(
      () => socket.disconnect(true),
      Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS),
    );
    socket.on("disconnect", () => clearTimeout(expiry));
    // Only the socket's own id joins a room; any other id is refused. A client may ask for the answer.
    socket.on("register", (claimed: unknown, ack?: unknown) => {
      const own = claimed === userId;
      if (own) void socket.join(userRoom(userId));
      if (typeof ack === "function") ack(own);
      // A balance that changed while the page was loading was announced before this socket could
      // hear it: say so again, with when, and the page re-reads if it was rendered before that.
      const changedAt = own ? memory.balanceChanges.at(userId) : undefined;
      if (changedAt !== undefined) socket.emit(BALANCE_EVENT, { reason: "missed", at: changedAt });
    });
  });

  const server = io as unknown as Server;
  const read = envelopeReader((envelope) => {
    dispatchEnvelope(server, handle.db, memory, envelope).catch((err: unknown) =>
      log.error({ err }, "realtime dispatch failed"),
    );
  });
  // Events sent while this instance was not listening (revocations among them) never reach it.
  // Dropping its sockets sends every client back through the handshake, which refuses revoked
  // sessions, and makes clients re-read what they show (the badge) when they re-register.
  const resync = () => {
    log.warn("realtime: the database connection came back after a gap; reconnecting every socket");
    io.disconnectSockets(true);
  };
  const unlisten = await handle.listen(
    CHANNEL,
    (payload) => {
      try {
        read(payload);
      } catch (err) {
        log.error({ err }, "realtime: unreadable notification");
      }
    },
    resync,
  );

  return {
    io: server,
    close: async () => {
      await unlisten();
      await io.close();
    },
  };
}
