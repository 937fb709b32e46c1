import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as adminSendRoute } from "@/app/api/admin/notifications/route";
import { GET as keyRoute } from "@/app/api/push/key/route";
import { DELETE as unsubscribeRoute } from "@/app/api/push/subscriptions/[id]/route";
import { GET as listRoute, POST as subscribeRoute } from "@/app/api/push/subscriptions/route";
import { GET as getMailRoute, PUT as putMailRoute } from "@/app/api/user/mail-preference/route";
import { GET as getChoicesRoute, PUT as putChoicesRoute } from "@/app/api/user/notification-preferences/route";
import { notifications, outbox, pushDeliveries, pushSubscriptions } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { recordActivity } from "@/lib/activity/record";
import { createNotification } from "@/lib/notifications/create";
import { deliverDuePushes, retryDelayMs } from "@/lib/push/deliver";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { startPushService, type PushService } from "../support/push-service";
import { registerUser } from "../support/users";

const db = withTestDatabase();
let service: PushService;
let admin: { token: string; user: { id: string } };

beforeAll(async () => {
  service = await startPushService();
  admin = await signInAdmin(db());
});
afterAll(() => service.close());
// Only the local push service may be private and plain http, as PUSH_ENDPOINT_ALLOW lets a test or a local service be.
beforeEach(() => {
  vi.stubEnv("PUSH_ENDPOINT_ALLOW", service.host);
  return () => vi.unstubAllEnvs();
});

type User = Awaited<ReturnType<typeof registerUser>>;
type View = { id: string; device: string; service: string; endpoint: string };

const subscribe = (token: string, body: unknown) =>
  call(subscribeRoute, { token, body, headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0" } });

async function subscribed(user: User) {
  const sub = service.subscription();
  const res = await subscribe(user.token, sub);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...sub, id: (res.body.subscription as View).id };
}

/** Sends what is due until nothing is (retries are not due yet), and answers what reached the service since `from`. */
async function drain(from = service.received.length, now = new Date()) {
  while ((await deliverDuePushes(db(), now)) > 0);
  return service.received.slice(from);
}

const moneyEvent = (userId: string, amount = "125.5") =>
  recordActivity(db(), {
    userId,
    kind: "deposit.credited",
    facts: { amount, asset: "USDT", network: "TRON (TRC-20)" },
  });

const queued = async (subscriptionId: string) =>
  await db().select().from(pushDeliveries).where(eq(pushDeliveries.subscriptionId, subscriptionId));

describe("Web Push through a local push service", () => {
  it("delivers each notification encrypted to the subscription's keys (RFC 8291) and signed by the VAPID key", async () => {
    const alice = await registerUser();
    const sub = await subscribed(alice);
    const key = (await call(keyRoute, { token: alice.token })).body.publicKey as string;
    expect(key).toMatch(/^[\w-]{87}$/);

    await moneyEvent(alice.user.id);
    const sent = await call(adminSendRoute, {
      token: admin.token,
      body: { userId: alice.user.id, title: "Maintenance", message: "Tonight 02:00–02:30 UTC" },
    });
    expect(sent.status).toBe(201);
    const pushes = await drain(0);
    expect(service.failures).toEqual([]);
    const mine = pushes.filter((p) => sub.endpoint.endsWith(p.path));
    expect(mine.map((p) => p.payload)).toEqual(
      expect.arrayContaining([
        {
          id: expect.any(String),
          title: "Deposit credited",
          body: "Your deposit of 125.50 USDT on TRON (TRC-20) is in your available balance.",
          category: "money",
          antiPhishingCode: null,
          url: "/records",
        },
        {
          id: sent.body.notificationId,
          title: "Maintenance",
          body: "Tonight 02:00–02:30 UTC",
          category: "messages",
          antiPhishingCode: null,
          url: "/notifications",
        },
      ]),
    );
    expect(mine).toHaveLength(2);
    for (const push of mine) {
      expect(push.vapid.publicKey).toBe(key);
      expect(push.vapid.aud).toBe(service.origin);
      expect(push.vapid.sub).toBe("mailto:admin@aurum.local");
      expect(push.vapid.exp * 1000).toBeGreaterThan(Date.now());
      expect(push.vapid.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
      expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    }
    // Each push's id is its notification's, and nothing stays queued.
    const ids = (
      await db().select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, alice.user.id))
    ).map((n) => n.id);
    expect(ids).toEqual(expect.arrayContaining(mine.map((p) => p.payload.id)));
    expect(await queued(sub.id)).toEqual([]);
  });

  it("pushes nothing for a transaction that rolls back", async () => {
    const bob = await registerUser();
    const sub = await subscribed(bob);
    await expect(
      runTransaction(db(), async (tx) => {
        await createNotification(tx, {
          userId: bob.user.id,
          title: "Never",
          message: "Rolled back",
          category: "money",
        });
        throw new Error("the event failed");
      }),
    ).rejects.toThrow("the event failed");
    expect(await queued(sub.id)).toEqual([]);
    expect((await drain()).filter((p) => sub.endpoint.endsWith(p.path))).toEqual([]);
  });

  it("removes a subscription whose push service answers 404 or 410, with what was queued for it", async () => {
    const carol = await registerUser();
    const gone = await subscribed(carol);
    const missing = await subscribed(carol);
    const kept = await subscribed(carol);
    service.answer(gone.endpoint, 410);
    service.answer(missing.endpoint, 404);
    await moneyEvent(carol.user.id);
    await drain();
    const left = await call(listRoute, { token: carol.token });
    expect((left.body.subscriptions as View[]).map((s) => s.id)).toEqual([kept.id]);
    expect(await queued(gone.id)).toEqual([]);
  });

  it("tries a failed push again later, and the event it announces is not held up by it", async () => {
    const dave = await registerUser();
    const sub = await subscribed(dave);
    service.answer(sub.endpoint, 503);
    await moneyEvent(dave.user.id, "7.25");
    const now = new Date();
    await drain(service.received.length, now);
    const [waiting] = await queued(sub.id);
    expect(waiting).toMatchObject({ attempts: 1, claimedUntil: null, lastError: "the push service answered 503" });
    expect(waiting!.nextAttemptAt.getTime()).toBe(now.getTime() + retryDelayMs(1));
    // Not due yet: nothing is sent.
    expect(await deliverDuePushes(db(), new Date(now.getTime() + retryDelayMs(1) - 1000))).toBe(0);
    service.answer(sub.endpoint, 201);
    const later = await drain(service.received.length, new Date(now.getTime() + retryDelayMs(1)));
    expect(later.filter((p) => sub.endpoint.endsWith(p.path)).map((p) => p.payload.body)).toEqual([
      "Your deposit of 7.25 USDT on TRON (TRC-20) is in your available balance.",
    ]);
    expect(await queued(sub.id)).toEqual([]);
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
  });

  it("sends a broadcast to every subscribed user, except who switched messages off for push", async () => {
    const [erin, frank] = [await registerUser(), await registerUser()];
    const [erinSub, frankSub] = [await subscribed(erin), await subscribed(frank)];
    expect(
      (await call(putChoicesRoute, { method: "PUT", token: frank.token, body: { push: { messages: false } } })).status,
    ).toBe(200);
    const sent = await call(adminSendRoute, {
      token: admin.token,
      body: { title: "New savings plan", message: "5 % a year" },
    });
    expect(sent.status).toBe(201);
    const pushes = await drain();
    expect(pushes.filter((p) => erinSub.endpoint.endsWith(p.path)).map((p) => p.payload.title)).toEqual([
      "New savings plan",
    ]);
    expect(pushes.filter((p) => frankSub.endpoint.endsWith(p.path))).toEqual([]);
  });

  it("refuses at send time an endpoint whose name now resolves to an internal address (DNS rebinding)", async () => {
    const gina = await registerUser();
    const sub = service.subscription();
    // Stored as if it had resolved to a public address when it was given: localhost now resolves to loopback.
    const rebound = sub.endpoint.replace("http://127.0.0.1", "https://localhost");
    const [row] = await db()
      .insert(pushSubscriptions)
      .values({
        id: crypto.randomUUID(),
        userId: gina.user.id,
        endpoint: rebound,
        p256dh: sub.keys.p256dh,
        auth: sub.keys.auth,
      })
      .returning();
    const connections = service.connections;
    await moneyEvent(gina.user.id);
    await drain();
    expect(service.connections).toBe(connections);
    const [waiting] = await queued(row!.id);
    expect(waiting?.lastError).toMatch(/public address/);
  });
});

describe("the endpoint a browser hands over", () => {
  it("is refused unless https to a public address (or a PUSH_ENDPOINT_ALLOW host)", async () => {
    const user = await registerUser();
    const keys = service.subscription().keys;
    for (const endpoint of [
      "http://push.example.com/x",
      "https://127.0.0.1/x",
      "https://127.1.2.3:8443/x",
      "https://localhost/x",
      "https://10.0.0.8/x",
      "https://172.20.1.1/x",
      "https://192.168.1.1/x",
      "https://169.254.169.254/latest/meta-data",
      "https://100.64.0.1/x",
      "https://0.0.0.0/x",
      "https://[::1]/x",
      "https://[::ffff:127.0.0.1]/x",
      "https://[fd00::1]/x",
      "https://[fe80::1]/x",
      "https://user:secret@8.8.8.8/x",
      "ftp://8.8.8.8/x",
      "not a url",
      `https://8.8.8.8/${"x".repeat(2100)}`,
      // Plain http on the allowed host's other port is not the allowed host.
      `${service.origin.replace(/:\d+$/, ":1")}/x`,
    ]) {
      const res = await subscribe(user.token, { endpoint, keys });
      expect([res.status, res.body.code], endpoint).toEqual([
        400,
        expect.stringMatching(/PUSH_ENDPOINT_REFUSED|VALIDATION_FAILED/),
      ]);
    }
    expect(
      (await db().select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.user.id)))[0]!
        .n,
    ).toBe(0);
    const ok = await subscribe(user.token, { endpoint: "https://8.8.8.8/fcm/send/abc", keys });
    expect(ok.status).toBe(201);
    expect(ok.body.subscription).toMatchObject({ service: "8.8.8.8", device: "Chrome 131 on Linux" });
  });

  it("needs the subscription's real keys", async () => {
    const user = await registerUser();
    const { endpoint, keys } = service.subscription();
    for (const bad of [
      { endpoint },
      { endpoint, keys: { p256dh: keys.p256dh } },
      { endpoint, keys: { ...keys, auth: "c2hvcnQ" } },
      { endpoint, keys: { ...keys, p256dh: Buffer.alloc(65, 4).toString("base64url") } },
      { endpoint, keys: { ...keys, p256dh: "!".repeat(87) } },
    ]) {
      expect((await subscribe(user.token, bad)).status, JSON.stringify(bad)).toBe(400);
    }
  });

  it("is one device however often it is given; another user signing in on that browser takes it over", async () => {
    const [hana, ivan] = [await registerUser(), await registerUser()];
    const sub = service.subscription();
    expect((await subscribe(hana.token, sub)).status).toBe(201);
    expect((await subscribe(hana.token, sub)).status).toBe(200);
    expect(((await call(listRoute, { token: hana.token })).body.subscriptions as View[]).length).toBe(1);
    expect((await subscribe(ivan.token, sub)).status).toBe(200);
    expect(((await call(listRoute, { token: hana.token })).body.subscriptions as View[]).length).toBe(0);
    expect(((await call(listRoute, { token: ivan.token })).body.subscriptions as View[])[0]!.endpoint).toBe(
      sub.endpoint,
    );
  });
});

describe("who may touch a subscription", () => {
  it("answers 401 without a session and 404 for another user's device", async () => {
    const [owner, other] = [await registerUser(), await registerUser()];
    const sub = await subscribed(owner);
    expect((await call(keyRoute)).status).toBe(401);
    expect((await call(listRoute)).status).toBe(401);
    expect((await subscribe("", service.subscription())).status).toBe(401);
    expect((await call(unsubscribeRoute, { method: "DELETE", params: { id: sub.id } })).status).toBe(401);
    const theirs = await call(unsubscribeRoute, { method: "DELETE", token: other.token, params: { id: sub.id } });
    expect([theirs.status, theirs.body.code]).toEqual([404, "NOT_FOUND"]);
    expect((await call(listRoute, { token: other.token })).body.subscriptions as View[]).toEqual([]);
    const mine = await call(unsubscribeRoute, { method: "DELETE", token: owner.token, params: { id: sub.id } });
    expect(mine.status).toBe(200);
    expect((await call(listRoute, { token: owner.token })).body.subscriptions as View[]).toEqual([]);
    expect(
      (await call(unsubscribeRoute, { method: "DELETE", token: owner.token, params: { id: sub.id } })).status,
    ).toBe(404);
  });
});

describe("choices per category", () => {
  it("sends no push for a category switched off, and still the others", async () => {
    const user = await registerUser();
    const sub = await subscribed(user);
    const put = await call(putChoicesRoute, { method: "PUT", token: user.token, body: { push: { money: false } } });
    expect(put.body).toMatchObject({
      success: true,
      push: { money: false, security: true, alerts: true, messages: true },
      mail: { money: true, security: true, alerts: true, messages: true },
    });
    await moneyEvent(user.user.id);
    await recordActivity(db(), { userId: user.user.id, kind: "two_factor.on", facts: {} });
    const pushes = (await drain()).filter((p) => sub.endpoint.endsWith(p.path));
    expect(pushes.map((p) => [p.payload.category, p.payload.url])).toEqual([["security", "/security-management"]]);
    // The in-app notification still came.
    const [n] = await db()
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, user.user.id), eq(notifications.category, "money")));
    expect(n!.n).toBe(1);
  });

  it("mails by category; security mail cannot be switched off", async () => {
    const user = await registerUser();
    const refused = await call(putChoicesRoute, {
      method: "PUT",
      token: user.token,
      body: { mail: { security: false } },
    });
    expect([refused.status, refused.body.code]).toEqual([400, "SECURITY_MAIL_REQUIRED"]);
    for (const body of [{ mail: { money: "no" } }, { mail: { gold: true } }, { sms: {} }, [], null]) {
      expect(
        (await call(putChoicesRoute, { method: "PUT", token: user.token, body })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect(
      (await call(putChoicesRoute, { method: "PUT", token: user.token, body: { mail: { money: false } } })).status,
    ).toBe(200);
    await moneyEvent(user.user.id);
    await recordActivity(db(), { userId: user.user.id, kind: "two_factor.on", facts: {} });
    const mails = await db()
      .select({ subject: outbox.subject })
      .from(outbox)
      .where(eq(outbox.to, user.payload.email as string));
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining("Two-factor sign-in is on")]);
  });

  it("keeps optionalMail as the switch over every optional mail", async () => {
    const user = await registerUser();
    expect((await call(getMailRoute, { token: user.token })).body.optionalMail).toBe(true);
    await call(putChoicesRoute, { method: "PUT", token: user.token, body: { mail: { alerts: false } } });
    // One optional category off: not "all optional mail" any more.
    expect((await call(getMailRoute, { token: user.token })).body.optionalMail).toBe(false);
    expect(
      (await call(putMailRoute, { method: "PUT", token: user.token, body: { optionalMail: true } })).body.optionalMail,
    ).toBe(true);
    expect((await call(getChoicesRoute, { token: user.token })).body.mail).toEqual({
      money: true,
      security: true,
      alerts: true,
      messages: true,
    });
    await call(putMailRoute, { method: "PUT", token: user.token, body: { optionalMail: false } });
    const choices = await call(getChoicesRoute, { token: user.token });
    expect(choices.body).toMatchObject({
      mail: { money: false, security: true, alerts: false, messages: false },
      push: { money: true, security: true, alerts: true, messages: true },
    });
  });
});
