import { io, type Socket } from "socket.io-client";
import { HANDSHAKE_REFUSED, UNAVAILABLE_RETRY_MS } from "@/lib/realtime/handshake";

/** The socket factory's settings (SPEC.md section 9: the factory's reading, not the first setup's). */
export const SOCKET_OPTIONS = {
  path: "/socket.io",
  transports: ["websocket", "polling"],
  timeout: 10_000,
  reconnectionAttempts: 5,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  forceNew: true,
} as const;

export interface RealtimeSession {
  token: string | null;
  userId: string | null;
}

export interface RealtimeSocketOptions {
  /** The server's origin; in the browser, the page's own by default. */
  url?: string;
  /** Called each time the server confirms the registration (after every connect). */
  onRegistered?: () => void;
}

let current: { socket: Socket; token: string; userId: string } | null = null;

/**
 * The one real-time socket of this page, created on first use and rebuilt when the token changes
 * or appears (the old socket is disconnected first). Without a token and a user id there is no
 * socket.
 */
export function realtimeSocket(
  session: RealtimeSession,
  { url, onRegistered }: RealtimeSocketOptions = {},
): Socket | null {
  const { token, userId } = session;
  if (!token || !userId) {
    closeRealtimeSocket();
    return null;
  }
  if (current && current.token === token && current.userId === userId) return current.socket;
  closeRealtimeSocket();

  const options = {
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    auth: { token },
    autoConnect: false,
  };
  const socket = url ? io(url, options) : io(options);
  socket.on("connect", () => {
    socket.emit("register", userId, (joined: unknown) => {
      if (joined === true) onRegistered?.();
    });
  });
  socket.on("disconnect", (reason) => {
    // Socket.IO leaves a server-side disconnect alone; the spec wants the client straight back.
    // A revoked session is then refused at the handshake, which ends it for good.
    if (reason === "io server disconnect") socket.connect();
  });
  // Connection errors are ignored silently (SPEC.md section 8): no toast, no console noise. A
  // handshake refused because the server's database is away is not retried by Socket.IO itself.
  socket.on("connect_error", (err) => {
    if (err.message === HANDSHAKE_REFUSED.unavailable)
      setTimeout(() => current?.socket === socket && socket.connect(), UNAVAILABLE_RETRY_MS);
  });
  socket.connect();
  current = { socket, token, userId };
  return socket;
}

/** Disconnects and forgets the socket (sign-out, or a session without a token). */
export function closeRealtimeSocket(): void {
  if (!current) return;
  current.socket.removeAllListeners();
  current.socket.disconnect();
  current = null;
}
