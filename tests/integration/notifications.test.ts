import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as sendRoute } from "@/app/api/admin/notifications/route";
import { PUT as statusRoute } from "@/app/api/admin/users/[id]/status/route";
import { PATCH as readRoute } from "@/app/api/notifications/[id]/read/route";
import { POST as readAllRoute } from "@/app/api/notifications/read-all/route";
import { GET as listRoute } from "@/app/api/notifications/route";
import { auditLogs, notifications, users } from "@/db/schema";
import { newId } from "@/lib/core/ids";
import { broadcastDeliveries } from "@/lib/notifications/broadcast-deliveries";
import { MESSAGE_MAX, TITLE_MAX } from "@/lib/notifications/schema";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { registerUser } from "../support/users";

const db = withTestDatabase();
let admin: { token: string; user: { id: string } };

beforeAll(async () => {
  admin = await signInAdmin(db());
});

type Listed = { id: string; title: string; message: string; createdAt: string; readAt: string | null };

const send = (body: unknown, token = admin.token) => call(sendRoute, { token, body });
const list = (token: string, query = "") => call(listRoute, { token, path: `/api/notifications${query}` });
const read = (token: string, id: string) => call(readRoute, { method: "PATCH", token, params: { id } });

async function written() {
  const [n] = await db().select({ n: count() }).from(notifications);
  const [a] = await db().select({ n: count() }).from(auditLogs).where(eq(auditLogs.action, "notification.send"));
  return { notifications: n!.n, audits: a!.n };
}

describe("POST /api/admin/notifications", () => {
  it("sends to one user, audited, and the user lists it unread", async () => {
    const alice = await registerUser();
    const res = await send({
      title: "  Welcome  ",
      message: "Line one\r\nLine two",
      userId: alice.user.id.toUpperCase(),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: "Notification sent to the user",
      recipients: 1,
      broadcastId: null,
    });

    const listed = await list(alice.token);
    expect(listed.body).toMatchObject({ success: true, unread: 1, total: 1, page: 1, pageSize: 20 });
    const [only] = listed.body.notifications as Listed[];
    expect(only).toMatchObject({
      id: res.body.notificationId,
      title: "Welcome",
      message: "Line one\nLine two",
      readAt: null,
    });
    expect(new Date(only!.createdAt).toISOString()).toBe(only!.createdAt);

    const [trail] = await db().select().from(auditLogs).where(eq(auditLogs.targetId, alice.user.id));
    expect(trail).toMatchObject({ action: "notification.send", actorId: admin.user.id, targetType: "user" });
    expect(trail!.detail).toMatchObject({ title: "Welcome", recipients: 1, notificationId: res.body.notificationId });
  });

  it("sends to every active user when no userId is given, and to no disabled one", async () => {
    const alice = await registerUser();
    const gone = await registerUser();
    expect(
      (
        await call(statusRoute, {
          method: "PUT",
          token: admin.token,
          params: { id: gone.user.id },
          body: { status: "disabled" },
        })
      ).status,
    ).toBe(200);
    const [active] = await db().select({ n: count() }).from(users).where(eq(users.status, "active"));

    const res = await send({ title: "Maintenance", message: "Tonight" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      recipients: active!.n,
      notificationId: null,
      message: `Notification sent to ${active!.n} users`,
    });
    const rows = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.broadcastId, res.body.broadcastId as string));
    expect(rows).toHaveLength(active!.n);
    expect(rows.map((r) => r.userId)).toContain(alice.user.id);
    expect(rows.map((r) => r.userId)).not.toContain(gone.user.id);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);

    const [trail] = await db()
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.targetId, res.body.broadcastId as string));
    expect(trail).toMatchObject({ action: "notification.send", targetType: "notification_broadcast" });
  });

  it("refuses bad input with 400 and a clear message, writing nothing", async () => {
    const alice = await registerUser();
    const before = await written();
    const cases: [unknown, string][] = [
      [{ message: "m", userId: alice.user.id }, "Please enter a title"],
      [{ title: "   ", message: "m" }, "Please enter a title"],
      [{ title: "t" }, "Please enter a message"],
      [{ title: 5, message: "m" }, "Please enter a title"],
      [{ title: "t".repeat(TITLE_MAX + 1), message: "m" }, `The title can be at most ${TITLE_MAX} characters`],
      [{ title: "t", message: "m".repeat(MESSAGE_MAX + 1) }, `The message can be at most ${MESSAGE_MAX} characters`],
      [{ title: "two\nlines", message: "m" }, "The title must not contain control characters"],
      [{ title: "t", message: "bell\u0007" }, "The message must not contain control characters"],
      [{ title: "t", message: "m", userId: "42" }, "userId must be a user id"],
      [{ title: "t", message: "m", userId: null }, "userId must be a user id"],
      [{ title: "t", message: "m", userID: alice.user.id }, "Unknown field: userID"],
      [[], "The request body must be an object"],
    ];
    for (const [body, message] of cases) {
      const res = await send(body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    const bad = await call(sendRoute, { token: admin.token, rawBody: "{not json" });
    expect(bad).toMatchObject({ status: 400, body: { code: "INVALID_JSON" } });
    expect(await written()).toEqual(before);
  });

  it("answers 404 for an unknown user, 401 without a session and 403 for a non-admin, writing nothing", async () => {
    const alice = await registerUser();
    const before = await written();
    expect(await send({ title: "t", message: "m", userId: newId() })).toMatchObject({
      status: 404,
      body: { message: "User not found" },
    });
    expect((await call(sendRoute, { body: { title: "t", message: "m" } })).status).toBe(401);
    expect(await send({ title: "t", message: "m" }, alice.token)).toMatchObject({
      status: 403,
      body: { code: "FORBIDDEN" },
    });
    expect(await written()).toEqual(before);
  });
});

describe("GET /api/notifications", () => {
  it("lists only the caller's own, newest first, paginated, with the unread count", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    for (const title of ["first", "second", "third"]) await send({ title, message: "m", userId: alice.user.id });
    await send({ title: "bob's", message: "m", userId: bob.user.id });

    const page1 = await list(alice.token, "?pageSize=2");
    expect((page1.body.notifications as Listed[]).map((n) => n.title)).toEqual(["third", "second"]);
    expect(page1.body).toMatchObject({ total: 3, unread: 3, page: 1, pageSize: 2 });
    const page2 = await list(alice.token, "?pageSize=2&page=2");
    expect((page2.body.notifications as Listed[]).map((n) => n.title)).toEqual(["first"]);
  });

  it("refuses bad paging with 400 and no session with 401", async () => {
    const alice = await registerUser();
    expect(await list(alice.token, "?pageSize=1000")).toMatchObject({
      status: 400,
      body: { message: "pageSize can be at most 100" },
    });
    expect(await list(alice.token, "?page=0")).toMatchObject({ status: 400, body: { message: "page starts at 1" } });
    expect(await list(alice.token, "?page=abc")).toMatchObject({
      status: 400,
      body: { message: "page must be a number" },
    });
    expect((await call(listRoute, {})).status).toBe(401);
  });
});

describe("marking read", () => {
  it("marks the owner's notification read once, keeping the first time, and lowers the unread count", async () => {
    const alice = await registerUser();
    const a = await send({ title: "a", message: "m", userId: alice.user.id });
    await send({ title: "b", message: "m", userId: alice.user.id });

    const first = await read(alice.token, a.body.notificationId as string);
    expect(first).toMatchObject({
      status: 200,
      body: { success: true, unread: 1, notification: { id: a.body.notificationId } },
    });
    const readAt = (first.body.notification as Listed).readAt;
    expect(readAt).not.toBeNull();
    const again = await read(alice.token, a.body.notificationId as string);
    expect((again.body.notification as Listed).readAt).toBe(readAt);
  });

  it("answers 404 for someone else's notification, an unknown id or a malformed one, and changes nothing", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const bobs = await send({ title: "private", message: "m", userId: bob.user.id });
    for (const id of [bobs.body.notificationId as string, newId(), "not-a-uuid"]) {
      expect(await read(alice.token, id)).toMatchObject({ status: 404, body: { message: "Notification not found" } });
    }
    expect((await list(bob.token)).body.unread).toBe(1);
    expect(
      (await call(readRoute, { method: "PATCH", params: { id: bobs.body.notificationId as string } })).status,
    ).toBe(401);
  });

  it("marks all of the caller's notifications read and no one else's", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    for (const userId of [alice.user.id, alice.user.id, bob.user.id]) await send({ title: "t", message: "m", userId });

    const res = await call(readAllRoute, { token: alice.token, body: {} });
    expect(res).toMatchObject({ status: 200, body: { success: true, updated: 2, unread: 0 } });
    expect((await list(alice.token)).body.unread).toBe(0);
    expect((await list(bob.token)).body.unread).toBe(1);
    expect((await call(readAllRoute, { token: alice.token, body: {} })).body.updated).toBe(0);
    expect((await call(readAllRoute, { body: {} })).status).toBe(401);
  });
});

describe("a broadcast's rows for one instance's users (broadcastDeliveries)", () => {
  it("returns each named user's own row of that broadcast, batch after batch, and nothing else", async () => {
    const tag = newId().slice(0, 8);
    const named = Array.from({ length: 5 }, (_, i) => ({
      id: newId(),
      username: `bd_${tag}_${i}`,
      email: `bd_${tag}_${i}@example.com`,
      passwordHash: "x",
      referralCode: `BD${tag}${i}`.toUpperCase(),
    }));
    await db().insert(users).values(named);
    const first = await send({ title: "First", message: "One" });
    const second = await send({ title: "Second", message: "Two" });
    const stranger = newId();

    const batches = [];
    for await (const rows of broadcastDeliveries(
      db(),
      first.body.broadcastId as string,
      [...named.map((u) => u.id), stranger],
      2,
    ))
      batches.push(rows);

    expect(batches.map((rows) => rows.length)).toEqual([2, 2, 1]);
    const stored = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.broadcastId, first.body.broadcastId as string));
    const expected = named.map((u) => stored.find((row) => row.userId === u.id)!);
    const got = batches.flat().sort((a, b) => a.userId.localeCompare(b.userId));
    expect(got).toEqual(
      expected
        .map((row) => ({ id: row.id, userId: row.userId, title: "First", message: "One", antiPhishingCode: null }))
        .sort((a, b) => a.userId.localeCompare(b.userId)),
    );
    expect(new Set(got.map((row) => row.id)).size).toBe(named.length);
    expect(second.body.broadcastId).not.toBe(first.body.broadcastId);
  });
});
