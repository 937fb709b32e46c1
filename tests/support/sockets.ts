import { io as connect, type Socket } from "socket.io-client";
import { expect } from "vitest";

/** A plain socket.io-client socket (no automatic reconnection), as a script or another browser would open. */
export function openSocket(url: string, token?: string, headers?: Record<string, string>): Socket {
  return connect(url, {
    path: "/socket.io",
    transports: ["websocket"],
    auth: token ? { token } : {},
    extraHeaders: headers,
    forceNew: true,
    reconnection: false,
  });
}

/** "connected", or the handshake's refusal message. */
export const outcome = (socket: Socket) =>
  new Promise<string>((resolve) => {
    socket.once("connect", () => resolve("connected"));
    socket.once("connect_error", (err) => resolve(err.message));
  });

/** Every payload of `event` the socket receives from now on. */
export function collect<T = Record<string, unknown>>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (data: T) => seen.push(data));
  return seen;
}

/** Connects and registers as `userId`; the server's acknowledgement says the room was joined. */
export async function registeredSocket(url: string, token: string, userId: string): Promise<Socket> {
  const socket = openSocket(url, token);
  expect(await outcome(socket)).toBe("connected");
  expect(await socket.emitWithAck("register", userId)).toBe(true);
  return socket;
}
