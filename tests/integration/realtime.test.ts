import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachRealtime, userRoom } from "@/lib/realtime/server";
import { withTestDatabase } from "../support/db";
import { registerUser } from "../support/users";

withTestDatabase();

let http: HttpServer;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  http = createServer();
  attachRealtime(http);
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await new Promise((resolve) => http.close(resolve));
});

function open(token?: string): Socket {
  const socket = connect(url, { path: "/socket.io", transports: ["websocket"], auth: token ? { token } : {}, forceNew: true, reconnection: false });
  sockets.push(socket);
  return socket;
}

const outcome = (socket: Socket) =>
  new Promise<string>((resolve) => {
    socket.once("connect", () => resolve("connected"));
    socket.once("connect_error", (err) => resolve(err.message));
  });

async function roomMembers(userId: string): Promise<number> {
  const { realtimeServer } = await import("@/lib/realtime/server");
  return (await realtimeServer()!.in(userRoom(userId)).fetchSockets()).length;
}

describe("Socket.IO handshake", () => {
  it("refuses a connection without a token or with a bad one", async () => {
    expect(await outcome(open())).toBe("unauthorized");
    expect(await outcome(open("forged"))).toBe("unauthorized");
  });

  it("admits a live session, which joins only its own room", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const socket = open(alice.token);
    expect(await outcome(socket)).toBe("connected");

    socket.emit("register", bob.user.id);
    socket.emit("register", alice.user.id);
    await expect.poll(() => roomMembers(alice.user.id)).toBe(1);
    expect(await roomMembers(bob.user.id)).toBe(0);
  });
});
