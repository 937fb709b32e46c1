import { count, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { outbox, priceAlerts, users } from "@/db/schema";
import { fireReachedAlerts, priceAlertJob } from "@/lib/alerts/fire";
import { readEnv } from "@/lib/core/env";
import { alertRows, deleteAlert, listAlerts, notificationsOf, setAlert } from "../support/alerts";
import { withTestDatabase } from "../support/db";
import { setPrice } from "../support/prices";
import { registerUser } from "../support/users";

// Price alerts through the API and the job that fires them. The feed's last tick decides what
// fires, so prices sit a cent from each alert: a comparison off by one (> for >=) or a direction
// turned around fires what it should not, or misses what it should.

const db = withTestDatabase();

afterEach(() => {
  vi.useRealTimers();
});

const NOW = "4012.35";
const activeCount = async () => (await db().select({ n: count() }).from(priceAlerts))[0]!.n;

describe("price alerts", () => {
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };

  beforeAll(async () => {
    const [a, b] = await Promise.all([registerUser(), registerUser()]);
    alice = { id: a.user.id, token: a.token };
    bob = { id: b.user.id, token: b.token };
  });

  it("are refused with no market price yet, and fire nothing", async () => {
    const res = await setAlert(alice.token, { direction: "above", price: "4100" });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, code: "PRICE_UNAVAILABLE" });
    expect(await fireReachedAlerts(db())).toBe(0);
  });

  it("are refused on a stale price", async () => {
    await setPrice(db(), NOW);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + (readEnv().PRICE_STALE_SECONDS + 1) * 1000);
    const res = await setAlert(alice.token, { direction: "above", price: "4100" });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "PRICE_STALE" });
    expect(await activeCount()).toBe(0);
  });

  it("are set, listed and deleted", async () => {
    await setPrice(db(), NOW);
    const set = await setAlert(alice.token, { direction: "above", price: "4015.27", note: "  take profit  " });
    expect(set.status, JSON.stringify(set.body)).toBe(201);
    const alert = set.body.alert as { id: string };
    expect(alert).toMatchObject({
      direction: "above",
      price: "4015.270000",
      note: "take profit",
      status: "active",
      firedAt: null,
      firedPrice: null,
    });
    const below = await setAlert(alice.token, { direction: "below", price: "4009.83", note: "" });
    expect(below.status).toBe(201);
    expect(below.body.alert).toMatchObject({ note: null });

    const list = await listAlerts(alice.token);
    expect(list.status).toBe(200);
    expect((list.body.alerts as { price: string }[]).map((a) => a.price)).toEqual(["4015.270000", "4009.830000"]);
    // Another user sees none of them, and cannot delete them.
    expect((await listAlerts(bob.token)).body.alerts).toEqual([]);
    const foreign = await deleteAlert(bob.token, alert.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: "ALERT_NOT_FOUND" });

    expect((await deleteAlert(alice.token, alert.id)).status).toBe(200);
    expect((await deleteAlert(alice.token, alert.id)).status).toBe(404);
    expect((await listAlerts(alice.token)).body.alerts).toHaveLength(1);
    expect((await deleteAlert(alice.token, (below.body.alert as { id: string }).id)).status).toBe(200);
  });

  it("refuse a price on the wrong side of the current one, saying what it is now", async () => {
    await setPrice(db(), NOW);
    for (const body of [
      { direction: "above", price: NOW },
      { direction: "above", price: "4012.34" },
      { direction: "below", price: NOW },
      { direction: "below", price: "4012.36" },
    ]) {
      const res = await setAlert(alice.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body).toMatchObject({ code: "ALERT_PRICE_REACHED" });
      expect(res.body.message).toContain("XAUt is at 4,012.35 USDT now");
    }
    expect(await alertRows(db(), alice.id)).toEqual([]);
    // A cent either side is waiting.
    expect((await setAlert(alice.token, { direction: "above", price: "4012.36" })).status).toBe(201);
    expect((await setAlert(alice.token, { direction: "below", price: "4012.34" })).status).toBe(201);
    for (const a of await alertRows(db(), alice.id)) await deleteAlert(alice.token, a.id);
  });

  it("refuse bad input with a 400 and write nothing", async () => {
    await setPrice(db(), NOW);
    const before = await activeCount();
    for (const body of [
      {},
      { direction: "sideways", price: "4100" },
      { direction: "above" },
      { direction: "above", price: 4100 },
      { direction: "above", price: "4100.1234567" },
      { direction: "above", price: "0" },
      { direction: "above", price: "-4100" },
      { direction: "above", price: "4.1e3" },
      { direction: "above", price: "4100", note: "x".repeat(81) },
      { direction: "above", price: "4100", note: "line\nbreak" },
      { direction: "above", price: "4100", note: "bell\u0007" },
      { direction: "above", price: "4100", note: 42 },
    ]) {
      const res = await setAlert(alice.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect((await deleteAlert(alice.token, "not-an-id")).status).toBe(404);
    expect(await activeCount()).toBe(before);
  });

  it("answer 401 to a caller without a session", async () => {
    expect((await setAlert(undefined, { direction: "above", price: "4100" })).status).toBe(401);
    expect((await listAlerts(undefined)).status).toBe(401);
    expect((await deleteAlert(undefined, "0190f5c2-0000-7000-8000-000000000000")).status).toBe(401);
  });

  it("hold at most 20 active per user", async () => {
    await setPrice(db(), NOW);
    const carol = await registerUser();
    for (let i = 0; i < 20; i++) {
      const res = await setAlert(carol.token, { direction: "above", price: `${4100 + i}.17` });
      expect(res.status).toBe(201);
    }
    const over = await setAlert(carol.token, { direction: "below", price: "3900" });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: "ALERT_LIMIT" });
    // Another user has their own twenty.
    expect((await setAlert(bob.token, { direction: "below", price: "3900" })).status).toBe(201);
    const [first] = await alertRows(db(), carol.user.id);
    expect((await deleteAlert(carol.token, first!.id)).status).toBe(200);
    expect((await setAlert(carol.token, { direction: "below", price: "3900" })).status).toBe(201);
    await db().delete(priceAlerts);
  });

  describe("firing", () => {
    it("fires an alert above once the price rises to it, and one below once it falls to it, each once", async () => {
      await setPrice(db(), NOW);
      const above = await setAlert(alice.token, { direction: "above", price: "4015.27", note: "take profit" });
      const below = await setAlert(alice.token, { direction: "below", price: "4009.83" });
      const bobs = await setAlert(bob.token, { direction: "above", price: "4020.00" });
      for (const res of [above, below, bobs]) expect(res.status).toBe(201);
      const before = (await notificationsOf(db(), alice.id)).length;

      // A cent short of each: nothing fires (the directions turned around would fire both).
      await setPrice(db(), "4015.26");
      expect(await fireReachedAlerts(db())).toBe(0);
      await setPrice(db(), "4009.84");
      expect(await fireReachedAlerts(db())).toBe(0);

      // At the alert's price exactly: "above" fires (">" instead of ">=" would not).
      await setPrice(db(), "4015.27");
      const at = new Date();
      expect(await fireReachedAlerts(db(), at)).toBe(1);
      const fired = (await alertRows(db(), alice.id)).find((a) => a.direction === "above")!;
      expect(fired).toMatchObject({ status: "fired", firedPrice: 4_015_270_000n, firedAt: at });
      const sent = (await notificationsOf(db(), alice.id)).slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        title: "Price alert",
        message: "XAUt rose to 4,015.27 USDT, reaching your alert above 4,015.27 USDT. Your note: take profit",
      });

      // Staying past it fires nothing more.
      await setPrice(db(), "4016.91");
      expect(await fireReachedAlerts(db())).toBe(0);
      expect(await notificationsOf(db(), alice.id)).toHaveLength(before + 1);

      // Falling through "below": it fires at the price it crossed at.
      // The message says it to the cent, rounded toward the alert; the API keeps it exact.
      await setPrice(db(), "4009.121456");
      expect(await fireReachedAlerts(db())).toBe(1);
      const last = (await notificationsOf(db(), alice.id)).at(-1)!;
      expect(last.message).toBe("XAUt fell to 4,009.13 USDT, reaching your alert below 4,009.83 USDT.");
      expect(await fireReachedAlerts(db())).toBe(0);

      // Bob's alert never came near: his notifications are untouched, his alert still active.
      expect(await notificationsOf(db(), bob.id)).toEqual([]);
      expect((await alertRows(db(), bob.id)).map((a) => a.status)).toEqual(["active"]);

      // The list shows the fired ones after the active ones, with the price they fired at.
      const list = (await listAlerts(alice.token)).body.alerts as { status: string; firedPrice: string | null }[];
      expect(list.map((a) => [a.status, a.firedPrice])).toEqual([
        ["fired", "4009.121456"],
        ["fired", "4015.270000"],
      ]);
      await db().delete(priceAlerts);
    });

    it("mails the alert too, unless price-alert mail is switched off", async () => {
      const mailsTo = async (id: string) => {
        const [user] = await db().select({ email: users.email }).from(users).where(eq(users.id, id));
        return db().select().from(outbox).where(eq(outbox.to, user!.email));
      };
      await setPrice(db(), NOW);
      expect((await setAlert(alice.token, { direction: "below", price: "4011.58", note: "buy more" })).status).toBe(
        201,
      );
      expect((await setAlert(bob.token, { direction: "below", price: "4011.58" })).status).toBe(201);
      await db()
        .update(users)
        .set({ mailMuted: ["alerts"] })
        .where(eq(users.id, bob.id));
      const [aliceBefore, bobBefore] = [(await mailsTo(alice.id)).length, (await mailsTo(bob.id)).length];
      await setPrice(db(), "4011.58");
      expect(await fireReachedAlerts(db())).toBe(2);
      const aliceMails = (await mailsTo(alice.id)).slice(aliceBefore);
      expect(aliceMails).toHaveLength(1);
      expect(aliceMails[0]!.subject).toMatch(/: Price alert$/);
      expect(aliceMails[0]!.text).toContain(
        "XAUt fell to 4,011.58 USDT, reaching your alert below 4,011.58 USDT. Your note: buy more",
      );
      expect(await mailsTo(bob.id)).toHaveLength(bobBefore);
      // Bob still has the notification: only the mail is off.
      expect((await notificationsOf(db(), bob.id)).at(-1)).toMatchObject({ title: "Price alert", category: "alerts" });
      await db().update(users).set({ mailMuted: [] }).where(eq(users.id, bob.id));
      await db().delete(priceAlerts);
    });

    it("fires nothing on a stale price, and fires once it is fresh", async () => {
      await setPrice(db(), NOW);
      expect((await setAlert(alice.token, { direction: "below", price: "4011.58" })).status).toBe(201);
      await setPrice(db(), "4011.58");
      const stale = new Date(Date.now() + (readEnv().PRICE_STALE_SECONDS + 1) * 1000);
      expect(await fireReachedAlerts(db(), stale)).toBe(0);
      expect((await alertRows(db(), alice.id)).map((a) => a.status)).toEqual(["active"]);
      expect(await fireReachedAlerts(db())).toBe(1);
      await db().delete(priceAlerts);
    });

    it("is the job the server runs every second", async () => {
      expect(priceAlertJob).toMatchObject({ name: "alerts.fire-price-alerts", everyMs: 1_000 });
      await setPrice(db(), NOW);
      expect((await setAlert(bob.token, { direction: "above", price: "4013.02" })).status).toBe(201);
      await setPrice(db(), "4013.5");
      await priceAlertJob.run(db());
      expect((await alertRows(db(), bob.id)).map((a) => a.status)).toEqual(["fired"]);
      await db().delete(priceAlerts);
    });
  });
});
