import type { Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeRealtimeSocket, realtimeSocket } from "@/components/hooks/realtime-socket";
import { publish } from "@/lib/realtime/publish";
import { userRoom } from "@/lib/realtime/rooms";
import { withTestDatabase } from "../support/db";
import { startRealtimeServer, type TestRealtimeServer } from "../support/realtime";
import { registerUser } from "../support/users";

// The browser's socket factory, run under Node against the real Socket.IO server.
const db = withTestDatabase();
let server: TestRealtimeServer;

beforeAll(async () => {
  server = await startRealtimeServer();
});
afterAll(() => server.close());
afterEach(() => closeRealtimeSocket());

const connected = (socket: Socket) =>
  socket.connected ? Promise.resolve() : new Promise<void>((resolve) => socket.once("connect", () => resolve()));
const nextEvent = <T>(socket: Socket, event: string) =>
  new Promise<T>((resolve) => socket.once(event, (data: T) => resolve(data)));

describe("the client socket factory", () => {
  it("makes no socket without a token or a user id", async () => {
    const alice = await registerUser();
    expect(realtimeSocket({ token: null, userId: alice.user.id }, { url: server.url })).toBeNull();
    expect(realtimeSocket({ token: alice.token, userId: null }, { url: server.url })).toBeNull();
  });

  it("connects with the token and registers, so the user's events arrive", async () => {
    const alice = await registerUser();
    let registered = 0;
    const socket = realtimeSocket(
      { token: alice.token, userId: alice.user.id },
      { url: server.url, onRegistered: () => registered++ },
    )!;
    expect(socket.io.opts).toMatchObject({
      timeout: 10_000,
      reconnectionAttempts: 5,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      forceNew: true,
    });
    await expect.poll(() => registered).toBe(1);
    expect(server.roomSize(userRoom(alice.user.id))).toBe(1);

    const received = nextEvent<{ id: string }>(socket, "notification");
    await publish(db(), {
      to: { userId: alice.user.id },
      event: "notification",
      data: { id: "n1", title: "t", message: "m" },
    });
    expect(await received).toEqual({ id: "n1", title: "t", message: "m" });
  });

  it("returns the same socket for the same token and rebuilds it, disconnecting the old one, for a new token", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const first = realtimeSocket({ token: alice.token, userId: alice.user.id }, { url: server.url })!;
    expect(realtimeSocket({ token: alice.token, userId: alice.user.id }, { url: server.url })).toBe(first);
    await connected(first);

    const second = realtimeSocket({ token: bob.token, userId: bob.user.id }, { url: server.url })!;
    expect(second).not.toBe(first);
    expect(first.connected).toBe(false);
    await connected(second);
    await expect.poll(() => server.roomSize(userRoom(bob.user.id))).toBe(1);
    await expect.poll(() => server.roomSize(userRoom(alice.user.id))).toBe(0);
  });

  it("reconnects at once when the server disconnects it, and still receives events", async () => {
    const alice = await registerUser();
    const socket = realtimeSocket({ token: alice.token, userId: alice.user.id }, { url: server.url })!;
    await connected(socket);
    await expect.poll(() => server.roomSize(userRoom(alice.user.id))).toBe(1);
    const firstId = socket.id;

    const back = new Promise<void>((resolve) =>
      socket.once("disconnect", () => socket.once("connect", () => resolve())),
    );
    server.io.in(userRoom(alice.user.id)).disconnectSockets(true);
    await back;
    expect(socket.id).not.toBe(firstId);
    await expect.poll(() => server.roomSize(userRoom(alice.user.id))).toBe(1);

    const received = nextEvent(socket, "notification");
    await publish(db(), {
      to: { userId: alice.user.id },
      event: "notification",
      data: { id: "n2", title: "again", message: "still here" },
    });
    expect(await received).toEqual({ id: "n2", title: "again", message: "still here" });
  });
});
