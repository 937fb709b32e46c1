import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as sendRoute } from "@/app/api/admin/notifications/route";
import { POST as logoutRoute } from "@/app/api/auth/logout/route";
import { GET as listRoute } from "@/app/api/notifications/route";
import type { Db } from "@/db/client";
import { runTransaction } from "@/db/transaction";
import { publish } from "@/lib/realtime/publish";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { startRealtimeServer, type TestRealtimeServer } from "../support/realtime";
import { collect, openSocket, outcome } from "../support/sockets";
import { registerUser } from "../support/users";

// Process A is this one (route handlers and its own Socket.IO); process B is a separate Node process.
const db = withTestDatabase();
let a: TestRealtimeServer;
let b: { url: string; child: ChildProcess };
let admin: { token: string };
const sockets: Socket[] = [];

async function databaseUrl(): Promise<string> {
  const rows = (await db().execute(sql`select current_database() as name`)) as unknown as { name: string }[];
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
}

function startInstance(url: string): Promise<{ url: string; child: ChildProcess }> {
  const script = path.join(import.meta.dirname, "../support/realtime-instance.ts");
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`instance B exited with ${code}`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      const port = /READY (\d+)/.exec(chunk.toString())?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}`, child });
    });
  });
}

beforeAll(async () => {
  a = await startRealtimeServer();
  b = await startInstance(await databaseUrl());
  admin = await signInAdmin(db());
}, 60_000);
afterEach(() => {
  sockets.splice(0).forEach((s) => s.disconnect());
});
afterAll(async () => {
  await a.close();
  if (b.child.exitCode === null) {
    b.child.removeAllListeners("exit");
    const exited = new Promise((resolve) => b.child.once("exit", resolve));
    b.child.kill("SIGTERM");
    await exited;
  }
});

async function connectTo(url: string, user: { token: string; user: { id: string } }): Promise<Socket> {
  const socket = openSocket(url, user.token);
  sockets.push(socket);
  expect(await outcome(socket)).toBe("connected");
  expect(await socket.emitWithAck("register", user.user.id)).toBe(true);
  return socket;
}

describe("two app processes on one PostgreSQL database", () => {
  it("a notification sent through process A reaches the user's socket on process B, and no one else's", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const aliceOnB = await connectTo(b.url, alice);
    const bobOnB = await connectTo(b.url, bob);
    const aliceOnA = await connectTo(a.url, alice);
    const [seenB, seenBob, seenA] = [
      collect(aliceOnB, "notification"),
      collect(bobOnB, "notification"),
      collect(aliceOnA, "notification"),
    ];

    const sent = await call(sendRoute, {
      token: admin.token,
      body: { title: "Cross", message: "From A to B", userId: alice.user.id },
    });
    expect(sent.status).toBe(201);
    const expected = { id: sent.body.notificationId, title: "Cross", message: "From A to B", antiPhishingCode: null };
    await expect.poll(() => seenB).toEqual([expected]);
    await expect.poll(() => seenA).toEqual([expected]);

    const marker = new Promise((resolve) => bobOnB.once("marker", resolve));
    await publish(db(), { to: { userId: bob.user.id }, event: "marker", data: null });
    await marker;
    expect(seenBob).toEqual([]);
  });

  it("a notification to all users reaches users on both processes with their own ids", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const [seenAlice, seenBob] = [
      collect(await connectTo(b.url, alice), "notification"),
      collect(await connectTo(a.url, bob), "notification"),
    ];

    expect((await call(sendRoute, { token: admin.token, body: { title: "All", message: "Everyone" } })).status).toBe(
      201,
    );
    for (const [user, seen] of [
      [alice, seenAlice],
      [bob, seenBob],
    ] as const) {
      await expect.poll(() => seen.length).toBe(1);
      const own = ((await call(listRoute, { token: user.token })).body.notifications as { id: string }[])[0]!;
      expect(seen[0]).toEqual({ id: own.id, title: "All", message: "Everyone", antiPhishingCode: null });
    }
  });

  it("logging out through process A disconnects the session's socket on process B", async () => {
    const alice = await registerUser();
    const socket = await connectTo(b.url, alice);
    const reason = new Promise((resolve) => socket.once("disconnect", resolve));
    expect((await call(logoutRoute, { token: alice.token, body: {} })).status).toBe(200);
    expect(await reason).toBe("io server disconnect");
  });

  it("delivers an event published in a transaction only when it commits", async () => {
    const alice = await registerUser();
    const socket = await connectTo(b.url, alice);
    const seen = collect<string>(socket, "news");
    const to = { userId: alice.user.id };
    await runTransaction(db(), async (tx: Db) => {
      await publish(tx, { to, event: "news", data: "inside" });
      // Another connection publishes while the transaction is still open: it arrives first.
      await publish(db(), { to, event: "news", data: "outside" });
      await expect.poll(() => seen).toEqual(["outside"]);
    });
    await expect.poll(() => seen).toEqual(["outside", "inside"]);
  });
});
