import type { Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as sendRoute } from "@/app/api/admin/notifications/route";
import { PUT as resetPasswordRoute } from "@/app/api/admin/users/[id]/reset-password/route";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { POST as logoutRoute } from "@/app/api/auth/logout/route";
import { GET as listRoute } from "@/app/api/notifications/route";
import type { Db } from "@/db/client";
import { runTransaction } from "@/db/transaction";
import { publish } from "@/lib/realtime/publish";
import { userRoom } from "@/lib/realtime/rooms";
import { MAX_CLIENT_MESSAGE_BYTES } from "@/lib/socket/server";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { startRealtimeServer, type TestRealtimeServer } from "../support/realtime";
import { collect, openSocket, outcome, registeredSocket } from "../support/sockets";
import { registerUser } from "../support/users";

const db = withTestDatabase();
let server: TestRealtimeServer;
let admin: { token: string };
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startRealtimeServer({ allowedOrigins: ["https://app.example.com"] });
  admin = await signInAdmin(db());
});
afterEach(() => {
  sockets.splice(0).forEach((s) => s.disconnect());
});
afterAll(() => server.close());

function open(token?: string, headers?: Record<string, string>): Socket {
  const socket = openSocket(server.url, token, headers);
  sockets.push(socket);
  return socket;
}

async function signedIn(user: { token: string; user: { id: string } }): Promise<Socket> {
  const socket = await registeredSocket(server.url, user.token, user.user.id);
  sockets.push(socket);
  return socket;
}

/** Publishes a marker after `work` and waits for it: whatever `work` made arrive has arrived by then. */
async function settle(socket: Socket, userId: string): Promise<void> {
  const marker = new Promise<void>((resolve) => socket.once("marker", () => resolve()));
  await publish(db(), { to: { userId }, event: "marker", data: null });
  await marker;
}

describe("the handshake", () => {
  it("refuses a connection without a token, with a forged one, or with a revoked one", async () => {
    const alice = await registerUser();
    expect(await outcome(open())).toBe("unauthorized");
    expect(await outcome(open("forged"))).toBe("unauthorized");
    expect((await call(logoutRoute, { token: alice.token, body: {} })).status).toBe(200);
    expect(await outcome(open(alice.token))).toBe("unauthorized");
  });

  it("admits the site's own origin and listed ones, and refuses any other", async () => {
    const alice = await registerUser();
    const host = new URL(server.url).host;
    expect(await outcome(open(alice.token, { Origin: `http://${host}` }))).toBe("connected");
    expect(await outcome(open(alice.token, { Origin: "https://app.example.com" }))).toBe("connected");
    expect(await outcome(open(alice.token, { Origin: "https://evil.example" }))).not.toBe("connected");
    expect(await outcome(open(alice.token, { Origin: "null" }))).not.toBe("connected");
  });
});

describe("rooms", () => {
  it("does not let a socket register as another user", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const socket = open(alice.token);
    expect(await outcome(socket)).toBe("connected");
    const seen = collect(socket, "notification");
    expect(await socket.emitWithAck("register", bob.user.id)).toBe(false);
    expect(server.roomSize(userRoom(bob.user.id))).toBe(0);
    socket.emit("register", alice.user.id);
    await expect.poll(() => server.roomSize(userRoom(alice.user.id))).toBe(1);

    const sent = await call(sendRoute, {
      token: admin.token,
      body: { title: "For Bob", message: "Only Bob", userId: bob.user.id },
    });
    expect(sent.status).toBe(201);
    await settle(socket, alice.user.id);
    expect(seen).toEqual([]);
  });

  it("hangs up on a client that sends a message far larger than any it needs to", async () => {
    const { token, user } = await registerUser();
    const socket = await signedIn({ token, user });
    const closed = new Promise<string>((resolve) => socket.once("disconnect", resolve));
    socket.emit("register", "x".repeat(MAX_CLIENT_MESSAGE_BYTES + 1));
    expect(await closed).toBe("transport close");
  });
});

describe("notifications", () => {
  it("reach the addressed user's sockets, with the stored id, and no one else's", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const [aliceSocket, aliceOther, bobSocket] = [await signedIn(alice), await signedIn(alice), await signedIn(bob)];
    const [toAlice, toAliceOther, toBob] = [
      collect(aliceSocket, "notification"),
      collect(aliceOther, "notification"),
      collect(bobSocket, "notification"),
    ];

    const sent = await call(sendRoute, {
      token: admin.token,
      body: { title: "Vault audit", message: "Your gold was counted.", userId: alice.user.id },
    });
    expect(sent.body).toMatchObject({ success: true, recipients: 1 });

    const expected = {
      id: sent.body.notificationId,
      title: "Vault audit",
      message: "Your gold was counted.",
      antiPhishingCode: null,
    };
    await expect.poll(() => toAlice).toEqual([expected]);
    await expect.poll(() => toAliceOther).toEqual([expected]);
    await settle(bobSocket, bob.user.id);
    expect(toBob).toEqual([]);
    const listed = await call(listRoute, { token: alice.token });
    expect((listed.body.notifications as { id: string }[])[0]!.id).toBe(sent.body.notificationId);
  });

  it("sent to all users reach every registered socket, each with that user's own notification id", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const [aliceSocket, bobSocket] = [await signedIn(alice), await signedIn(bob)];
    const [toAlice, toBob] = [collect(aliceSocket, "notification"), collect(bobSocket, "notification")];

    const sent = await call(sendRoute, {
      token: admin.token,
      body: { title: "Maintenance", message: "Tonight 02:00–03:00 UTC" },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.recipients).toBeGreaterThanOrEqual(3);

    for (const [user, seen] of [
      [alice, toAlice],
      [bob, toBob],
    ] as const) {
      await expect.poll(() => seen.length).toBe(1);
      const listed = await call(listRoute, { token: user.token });
      const own = (listed.body.notifications as { id: string }[])[0]!;
      expect(seen[0]).toEqual({
        id: own.id,
        title: "Maintenance",
        message: "Tonight 02:00–03:00 UTC",
        antiPhishingCode: null,
      });
    }
    expect(toAlice[0]!.id).not.toBe(toBob[0]!.id);
  });

  it("sent to all users reach each of a user's registered sockets with that user's row, and no socket that did not register", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const [aliceOne, aliceTwo, bobSocket] = [await signedIn(alice), await signedIn(alice), await signedIn(bob)];
    const unregistered = open(bob.token);
    expect(await outcome(unregistered)).toBe("connected");
    const [one, two, toBob, toNobody] = [
      collect(aliceOne, "notification"),
      collect(aliceTwo, "notification"),
      collect(bobSocket, "notification"),
      collect(unregistered, "notification"),
    ];

    const sent = await call(sendRoute, { token: admin.token, body: { title: "Audit", message: "All of you" } });
    expect(sent.status).toBe(201);
    await expect.poll(() => [one.length, two.length, toBob.length]).toEqual([1, 1, 1]);
    const aliceRow = ((await call(listRoute, { token: alice.token })).body.notifications as { id: string }[])[0]!;
    const bobRow = ((await call(listRoute, { token: bob.token })).body.notifications as { id: string }[])[0]!;
    expect(one[0]).toEqual({ id: aliceRow.id, title: "Audit", message: "All of you", antiPhishingCode: null });
    expect(two[0]).toEqual(one[0]);
    expect(toBob[0]).toEqual({ id: bobRow.id, title: "Audit", message: "All of you", antiPhishingCode: null });
    await settle(bobSocket, bob.user.id);
    expect(toNobody).toEqual([]);
  });
});

describe("publish", () => {
  it("sends nothing for a transaction that rolls back, and sends on commit", async () => {
    const alice = await registerUser();
    const socket = await signedIn(alice);
    const seen = collect<string>(socket, "news");
    const to = { userId: alice.user.id };

    await expect(
      runTransaction(db(), async (tx: Db) => {
        await publish(tx, { to, event: "news", data: "rolled back" });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    await runTransaction(db(), (tx: Db) => publish(tx, { to, event: "news", data: "committed" }));
    await settle(socket, alice.user.id);
    expect(seen).toEqual(["committed"]);
  });

  it("carries a payload far over NOTIFY's 8000 bytes intact", async () => {
    const alice = await registerUser();
    const socket = await signedIn(alice);
    const received = new Promise((resolve) => socket.once("big", resolve));
    const data = { text: 'Gold 金 🪙 "quoted" \\ '.repeat(2000), n: 1 };
    await publish(db(), { to: { userId: alice.user.id }, event: "big", data });
    expect(await received).toEqual(data);
  });
});

describe("balance changes", () => {
  /** Connects, listens for `balance`, then registers: what the server says on registering is caught too. */
  async function registeredHearing(user: { token: string; user: { id: string } }) {
    const socket = open(user.token);
    expect(await outcome(socket)).toBe("connected");
    const heard = collect<{ reason: string; at: number }>(socket, "balance");
    expect(await socket.emitWithAck("register", user.user.id)).toBe(true);
    return { socket, heard };
  }

  it("say when, and are said again to a socket that registers within a minute of one, as pages still loading then do", async () => {
    const [alice, bob, carol] = [await registerUser(), await registerUser(), await registerUser()];
    const listening = await registeredHearing(bob);
    const before = Date.now();
    await publish(db(), { to: { userId: alice.user.id }, event: "balance", data: { reason: "deposit.approved" } });
    await publish(db(), { to: { userId: bob.user.id }, event: "balance", data: { reason: "adjustment" } });
    await settle(listening.socket, bob.user.id);
    expect(listening.heard).toEqual([{ reason: "adjustment", at: expect.any(Number) }]);
    expect(listening.heard[0]!.at).toBeGreaterThanOrEqual(before);

    // Alice's page was read before her change and her socket registers after it: she is told again, with when.
    const late = await registeredHearing(alice);
    await settle(late.socket, alice.user.id);
    expect(late.heard).toEqual([{ reason: "missed", at: expect.any(Number) }]);
    expect(late.heard[0]!.at).toBeGreaterThanOrEqual(before);
    // Carol's balances did not change: nothing to say.
    const quiet = await registeredHearing(carol);
    await settle(quiet.socket, carol.user.id);
    expect(quiet.heard).toEqual([]);
  });
});

describe("revoking a session", () => {
  it("disconnects that session's sockets at logout, and the client cannot come back", async () => {
    const alice = await registerUser();
    const socket = await signedIn(alice);
    const reason = new Promise((resolve) => socket.once("disconnect", resolve));
    expect((await call(logoutRoute, { token: alice.token, body: {} })).status).toBe(200);
    expect(await reason).toBe("io server disconnect");
    socket.connect();
    expect(await outcome(socket)).toBe("unauthorized");
  });

  it("disconnects every session of a user whose password an admin reset, and no one else", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const login = await call(loginRoute, {
      body: { usernameOrEmail: alice.payload.username, password: alice.payload.password },
    });
    const otherSession = { token: login.body.token as string, user: alice.user };
    const [one, two, bobs] = [await signedIn(alice), await signedIn(otherSession), await signedIn(bob)];
    const gone = Promise.all([one, two].map((s) => new Promise((resolve) => s.once("disconnect", resolve))));

    const reset = await call(resetPasswordRoute, {
      method: "PUT",
      token: admin.token,
      params: { id: alice.user.id },
      body: { newPassword: "another-password" },
    });
    expect(reset.status).toBe(200);
    expect(await gone).toEqual(["io server disconnect", "io server disconnect"]);
    await settle(bobs, bob.user.id);
    expect(bobs.connected).toBe(true);
  });
});
