import { and, count, eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as sendNotificationRoute } from "@/app/api/admin/notifications/route";
import { PUT as statusRoute } from "@/app/api/admin/users/[id]/status/route";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { GET as profileRoute } from "@/app/api/auth/profile/route";
import { GET as notificationsRoute } from "@/app/api/notifications/route";
import { POST as tradeRoute } from "@/app/api/trades/route";
import { GET as getCodeRoute, PUT as putCodeRoute } from "@/app/api/user/anti-phishing/route";
import { POST as freezeRoute } from "@/app/api/user/freeze/route";
import { GET as historyRoute } from "@/app/api/user/login-history/route";
import { auditLogs, loginHistory, notifications, orders, strategies, users } from "@/db/schema";
import { recordLogin } from "@/lib/auth/login-history";
import { adminUserDetail } from "@/lib/admin/user-detail";
import { placeWithdrawal } from "@/lib/funding/withdrawals";
import { runDueRounds } from "@/lib/strategies/rounds";
import { fillCrossedOrders } from "@/lib/strategies/fill-job";
import { placeOrder } from "@/lib/trading/place-order";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { startRealtimeServer, type TestRealtimeServer } from "../support/realtime";
import { registeredSocket } from "../support/sockets";
import { createStrategy, testClock } from "../support/strategies";
import { balanceOf, trade } from "../support/trading";
import { registerUser } from "../support/users";

const db = withTestDatabase();
const clock = testClock();
const DAY = 24 * 3_600_000;
let server: TestRealtimeServer;
let admin: { token: string; user: { id: string } };
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startRealtimeServer();
  admin = await signInAdmin(db());
  await setPrice(db(), "2650", clock.now());
}, 30_000);
afterEach(() => {
  sockets.splice(0).forEach((s) => s.disconnect());
});
afterAll(() => server.close());

const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

type User = Awaited<ReturnType<typeof registerUser>>;
type Attempt = { outcome: string; ip: string | null; device: string; at: string };

const signIn = (usernameOrEmail: string, password: string, ip = "198.51.100.20", userAgent = CHROME_MAC) =>
  call(loginRoute, { body: { usernameOrEmail, password }, ip, headers: { "user-agent": userAgent } });
const history = async (token: string, query = "") =>
  call(historyRoute, { token, path: `/api/user/login-history${query}` });
const rowsOf = async (userId: string) =>
  (await db().select({ n: count() }).from(loginHistory).where(eq(loginHistory.userId, userId)))[0]!.n;
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
/**
 * The next notification pushed to `socket` with this title. Not simply the next one: the push of an
 * earlier request (setting the code sends its own "Anti-phishing code set") can still be on its way.
 */
const pushedTitled = (socket: Socket, title: string) =>
  new Promise<Record<string, unknown>>((resolve) => {
    const onNotification = (n: Record<string, unknown>) => {
      if (n.title !== title) return;
      socket.off("notification", onNotification);
      resolve(n);
    };
    socket.on("notification", onNotification);
  });
const freeze = (u: User, password = u.payload.password) => call(freezeRoute, { token: u.token, body: { password } });
const unfreeze = (userId: string) =>
  call(statusRoute, { method: "PUT", token: admin.token, params: { id: userId }, body: { status: "active" } });

describe("login history", () => {
  it("records each attempt on an account with its address, device and outcome, newest first, and nothing for unknown names", async () => {
    const alice = await registerUser();
    const totalBefore = (await db().select({ n: count() }).from(loginHistory))[0]!.n;
    expect((await signIn(`nobody_${alice.payload.username}`, "whatever")).status).toBe(401);
    expect((await db().select({ n: count() }).from(loginHistory))[0]!.n).toBe(totalBefore);

    expect((await signIn(alice.payload.username, "wrong-password")).status).toBe(401);
    const ok = await signIn(alice.payload.email.toUpperCase(), alice.payload.password, "198.51.100.21");
    expect(ok.status).toBe(200);

    const res = await history(ok.body.token as string);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, page: 1, pageSize: 20, total: 2 });
    const list = res.body.history as Attempt[];
    expect(list.map((h) => h.outcome)).toEqual(["success", "wrong_password"]);
    expect(list[0]).toMatchObject({ ip: "198.51.100.21", device: "Chrome 131 on macOS", outcomeLabel: "Signed in" });
    expect(list[1]).toMatchObject({ ip: "198.51.100.20", outcomeLabel: "Wrong password" });
    expect(new Date(list[0]!.at).getTime()).toBeGreaterThanOrEqual(new Date(list[1]!.at).getTime());
  });

  it("records rate-limited, disabled and frozen refusals, and a wrong password on a frozen account says only that", async () => {
    const bob = await registerUser();
    const ip = "198.51.100.30";
    for (let i = 0; i < 10; i++) expect((await signIn(bob.payload.username, `guess-${i}`, ip)).status).toBe(401);
    const blocked = await signIn(bob.payload.username, bob.payload.password, ip);
    expect(blocked).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });

    expect(
      (
        await call(statusRoute, {
          method: "PUT",
          token: admin.token,
          params: { id: bob.user.id },
          body: { status: "disabled" },
        })
      ).status,
    ).toBe(200);
    const disabled = await signIn(bob.payload.username, bob.payload.password);
    expect(disabled).toMatchObject({
      status: 403,
      body: { code: "ACCOUNT_DISABLED", message: "This account is disabled. Please contact Customer Service." },
    });
    expect((await unfreeze(bob.user.id)).status).toBe(200);

    const token = (await signIn(bob.payload.username, bob.payload.password)).body.token as string;
    expect((await call(freezeRoute, { token, body: { password: bob.payload.password } })).status).toBe(200);
    const frozen = await signIn(bob.payload.username, bob.payload.password);
    expect(frozen).toMatchObject({
      status: 403,
      body: {
        success: false,
        code: "ACCOUNT_FROZEN",
        message: "This account is frozen. Contact Customer Service to unfreeze it.",
      },
    });
    // Without the password nothing about the account's state is told.
    expect(await signIn(bob.payload.username, "not-it")).toMatchObject({
      status: 401,
      body: { code: "INVALID_CREDENTIALS" },
    });

    expect((await unfreeze(bob.user.id)).status).toBe(200);
    const again = (await signIn(bob.payload.username, bob.payload.password)).body.token as string;
    const outcomes = ((await history(again, "?pageSize=50")).body.history as Attempt[]).map((h) => h.outcome);
    expect(outcomes.slice(0, 7)).toEqual([
      "success",
      "wrong_password",
      "frozen",
      "success",
      "disabled",
      "rate_limited",
      "wrong_password",
    ]);
    expect(outcomes.filter((o) => o === "wrong_password")).toHaveLength(11);
  });

  it("keeps the newest 50, pages through them, refuses bad pages, and shows each user only their own", async () => {
    const carol = await registerUser();
    const dave = await registerUser();
    const start = Date.now() - 3_600_000;
    for (let i = 0; i < 55; i++)
      await recordLogin(
        db(),
        carol.user.id,
        i % 2 ? "success" : "wrong_password",
        { ip: `192.0.2.${i}`, userAgent: null },
        new Date(start + i * 1000),
      );
    expect(await rowsOf(carol.user.id)).toBe(50);

    const first = await history(carol.token, "?page=1&pageSize=20");
    expect(first.body).toMatchObject({ total: 50, page: 1, pageSize: 20 });
    const firstList = first.body.history as Attempt[];
    expect(firstList[0]).toMatchObject({ ip: "192.0.2.54", device: "Unknown device" });
    const third = (await history(carol.token, "?page=3&pageSize=20")).body.history as Attempt[];
    expect(third).toHaveLength(10);
    expect(third.at(-1)).toMatchObject({ ip: "192.0.2.5" });
    expect((await history(carol.token, "?page=4&pageSize=20")).body.history).toEqual([]);

    for (const bad of ["?pageSize=0", "?pageSize=101", "?page=0", "?page=abc"])
      expect((await history(carol.token, bad)).status, bad).toBe(400);
    // Dave's history is Dave's: none of Carol's addresses appear, whatever he asks for.
    const daves = (await history(dave.token, "?pageSize=100")).body.history as Attempt[];
    expect(daves.every((h) => !h.ip?.startsWith("192.0.2."))).toBe(true);
    expect((await call(historyRoute, {})).status).toBe(401);
  });
});

describe("freezing one's own account", () => {
  it("needs the right password: a wrong or missing one is a 4xx that changes nothing, and guesses are limited", async () => {
    const erin = await registerUser();
    const before = await db().select({ n: count() }).from(auditLogs);
    expect(await freeze(erin, "not-my-password")).toMatchObject({ status: 403, body: { code: "WRONG_PASSWORD" } });
    for (const body of [{}, { password: "" }, { password: 42 }, { password: erin.payload.password, extra: true }]) {
      expect((await call(freezeRoute, { token: erin.token, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect(await userRow(erin.user.id)).toMatchObject({ status: "active", frozenAt: null, frozenBy: null });
    expect((await call(profileRoute, { token: erin.token })).status).toBe(200);
    expect(await db().select({ n: count() }).from(auditLogs)).toEqual(before);

    for (let i = 0; i < 4; i++) expect((await freeze(erin, `guess-${i}`)).status).toBe(403);
    expect(await freeze(erin, erin.payload.password)).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });
    expect((await userRow(erin.user.id)).status).toBe("active");
  });

  it("ends every session and socket, stops sign-in, trading, withdrawals, fills and strategy rounds, and only an admin unfreezes it (audited)", async () => {
    const frank = await registerUser();
    await fund(db(), frank.user.id, "USDT", units("2000"));
    const other = (await signIn(frank.payload.username, frank.payload.password, "198.51.100.40")).body.token as string;
    const socket = await registeredSocket(server.url, other, frank.user.id);
    sockets.push(socket);
    const gone = new Promise((resolve) => socket.once("disconnect", resolve));

    // A limit buy below the market and a daily recurring buy, both waiting when the account freezes.
    // The price is set again now: on a busy machine the one set before the file's first test may be stale.
    await setPrice(db(), "2650");
    const limit = await trade(frank.token, { side: "buy", type: "limit", quantity: "0.1", price: "2600" });
    expect(limit.status, JSON.stringify(limit.body)).toBe(201);
    const orderId = (limit.body.order as { id: string }).id;
    const strategy = await createStrategy(frank.token, {
      type: "recurring",
      amount: "100",
      period: "daily",
      acceptRisk: true,
    });
    expect(strategy.status).toBe(201);
    const strategyId = (strategy.body.strategy as { id: string }).id;

    const res = await freeze(frank);
    expect(res.body).toMatchObject({ success: true, sessionsEnded: 2 });
    expect(await gone).toBe("io server disconnect");
    const row = await userRow(frank.user.id);
    expect(row).toMatchObject({ status: "disabled", frozenBy: frank.user.id });
    expect(row.frozenAt).toBeInstanceOf(Date);
    for (const token of [frank.token, other]) expect((await call(profileRoute, { token })).status).toBe(401);
    expect(
      (await call(tradeRoute, { token: frank.token, body: { side: "buy", type: "market", total: "10" } })).status,
    ).toBe(401);
    expect(await signIn(frank.payload.username, frank.payload.password)).toMatchObject({
      status: 403,
      body: { code: "ACCOUNT_FROZEN" },
    });
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "user.freeze"), eq(auditLogs.targetId, frank.user.id)));
    expect(audit).toMatchObject({ actorId: frank.user.id, detail: { sessionsEnded: 2 } });
    expect(
      await db()
        .select({ title: notifications.title })
        .from(notifications)
        .where(eq(notifications.userId, frank.user.id)),
    ).toEqual(expect.arrayContaining([{ title: "Your account is frozen" }]));

    // Past the sessions: the services themselves refuse under the account's lock.
    await expect(
      db().transaction((tx) =>
        placeOrder(tx, frank.user.id, { side: "buy", type: "market", total: units("10") } as never),
      ),
    ).rejects.toMatchObject({ status: 403, code: "ACCOUNT_NOT_ACTIVE" });
    await expect(
      db().transaction((tx) =>
        placeWithdrawal(tx, frank.user.id, {
          currency: "USDT",
          decimals: 6,
          network: "TRC20",
          address: "T".repeat(34),
          amount: units("20"),
          fee: units("1"),
        } as never),
      ),
    ).rejects.toMatchObject({ status: 403, code: "ACCOUNT_NOT_ACTIVE" });

    // The price crosses the limit and a day passes: the order waits and the round is skipped.
    await setPrice(db(), "2500", clock.advance(DAY + 60_000));
    expect(await fillCrossedOrders(db())).toBe(0);
    expect((await db().select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({ status: "open" });
    const xautBefore = await balanceOf(db(), frank.user.id, "XAUT");
    await runDueRounds(db(), clock.now());
    const [s] = await db().select().from(strategies).where(eq(strategies.id, strategyId));
    expect(s).toMatchObject({ roundsRun: 1, roundsSkipped: 1 });
    expect(await balanceOf(db(), frank.user.id, "XAUT")).toBe(xautBefore);

    // The admin page says who froze it and when; enabling is the unfreeze, audited with both.
    const detail = await adminUserDetail(db(), frank.user.id);
    expect(detail?.frozen).toMatchObject({ byOwner: true, at: row.frozenAt!.toISOString() });
    expect(detail?.user).toMatchObject({ status: "disabled", frozenAt: row.frozenAt!.toISOString() });
    expect((await unfreeze(frank.user.id)).status).toBe(200);
    expect(await userRow(frank.user.id)).toMatchObject({ status: "active", frozenAt: null, frozenBy: null });
    const [unfrozen] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "user.unfreeze"), eq(auditLogs.targetId, frank.user.id)));
    expect(unfrozen).toMatchObject({
      actorId: admin.user.id,
      detail: { before: "frozen", after: "active", frozenBy: frank.user.id, frozenAt: row.frozenAt!.toISOString() },
    });
    expect((await adminUserDetail(db(), frank.user.id))?.frozen).toBeNull();
    expect((await signIn(frank.payload.username, frank.payload.password)).status).toBe(200);
    expect(await fillCrossedOrders(db())).toBe(1);
  });

  it("is a user's own act: freezing needs the caller's session and touches no one else", async () => {
    const gina = await registerUser({ password: "gina-own-secret" });
    const hank = await registerUser();
    expect((await call(freezeRoute, { body: { password: gina.payload.password } })).status).toBe(401);
    // Hank's session with Gina's password freezes nothing: the password is checked against Hank.
    expect((await call(freezeRoute, { token: hank.token, body: { password: gina.payload.password } })).status).toBe(
      403,
    );
    expect((await userRow(gina.user.id)).status).toBe("active");
    expect((await userRow(hank.user.id)).status).toBe("active");
  });
});

describe("anti-phishing code", () => {
  it("refuses bad codes with a 400 that writes nothing", async () => {
    const ivy = await registerUser();
    const count0 = (
      await db().select({ n: count() }).from(notifications).where(eq(notifications.userId, ivy.user.id))
    )[0]!.n;
    for (const code of [
      "abc",
      "x".repeat(21),
      "gold<script>",
      "gold_key",
      "naïve-1",
      1234,
      true,
      {},
      ["abcd"],
      "\u0000abcd",
    ]) {
      const res = await call(putCodeRoute, { method: "PUT", token: ivy.token, body: { code } });
      expect(res.status, JSON.stringify(code)).toBe(400);
    }
    expect((await call(putCodeRoute, { method: "PUT", token: ivy.token, body: {} })).status).toBe(400);
    expect(
      (
        await call(putCodeRoute, {
          method: "PUT",
          token: ivy.token,
          body: { code: "good-code", userId: admin.user.id },
        })
      ).status,
    ).toBe(400);
    expect((await userRow(ivy.user.id)).antiPhishingCode).toBeNull();
    expect(
      (await db().select({ n: count() }).from(notifications).where(eq(notifications.userId, ivy.user.id)))[0]!.n,
    ).toBe(count0);
  });

  it("is shown in every notification the user gets afterwards (list, socket push, broadcasts), only theirs, and can be removed", async () => {
    const jane = await registerUser();
    const kim = await registerUser();
    const socket = await registeredSocket(server.url, jane.token, jane.user.id);
    sockets.push(socket);

    const set = await call(putCodeRoute, { method: "PUT", token: jane.token, body: { code: "  Gold Key-42 " } });
    expect(set.body).toMatchObject({ success: true, code: "Gold Key-42" });
    expect((await call(getCodeRoute, { token: jane.token })).body).toMatchObject({ code: "Gold Key-42" });
    expect((await call(getCodeRoute, { token: kim.token })).body).toMatchObject({ code: null });

    const pushed = pushedTitled(socket, "Hello");
    expect(
      (
        await call(sendNotificationRoute, {
          token: admin.token,
          body: { userId: jane.user.id, title: "Hello", message: "From support" },
        })
      ).status,
    ).toBe(201);
    expect(await pushed).toMatchObject({ title: "Hello", antiPhishingCode: "Gold Key-42" });
    const broadcastPush = pushedTitled(socket, "To all");
    expect(
      (
        await call(sendNotificationRoute, {
          token: admin.token,
          body: { title: "To all", message: "Maintenance tonight" },
        })
      ).status,
    ).toBe(201);
    expect(await broadcastPush).toMatchObject({ title: "To all", antiPhishingCode: "Gold Key-42" });

    const list = (await call(notificationsRoute, { token: jane.token })).body.notifications as {
      title: string;
      antiPhishingCode: string | null;
    }[];
    expect(list.slice(0, 3)).toEqual([
      expect.objectContaining({ title: "To all", antiPhishingCode: "Gold Key-42" }),
      expect.objectContaining({ title: "Hello", antiPhishingCode: "Gold Key-42" }),
      expect.objectContaining({ title: "Anti-phishing code set", antiPhishingCode: "Gold Key-42" }),
    ]);
    const kims = (await call(notificationsRoute, { token: kim.token })).body.notifications as {
      title: string;
      antiPhishingCode: string | null;
    }[];
    expect(kims.find((n) => n.title === "To all")).toMatchObject({ antiPhishingCode: null });
    // An admin sees that a code is set, never the code.
    expect((await adminUserDetail(db(), jane.user.id))?.antiPhishingCode).toBe("G•••••••••2");

    for (const code of [null, ""]) {
      const removed = await call(putCodeRoute, { method: "PUT", token: jane.token, body: { code } });
      expect(removed.body).toMatchObject({ success: true, code: null });
    }
    await call(sendNotificationRoute, {
      token: admin.token,
      body: { userId: jane.user.id, title: "Later", message: "No code now" },
    });
    const after = (await call(notificationsRoute, { token: jane.token })).body.notifications as {
      title: string;
      antiPhishingCode: string | null;
    }[];
    expect(after[0]).toMatchObject({ title: "Later", antiPhishingCode: null });
    expect(after.find((n) => n.title === "Hello")).toMatchObject({ antiPhishingCode: "Gold Key-42" });
  });
});
