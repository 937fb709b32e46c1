import { desc, eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { journals, notifications, orders, tradeConfigs } from "@/db/schema";
import { readEnv } from "@/lib/core/env";
import { checkLedger } from "@/lib/ledger/check";
import { fillCrossedOrders } from "@/lib/strategies/fill-job";
import { dailyUsed } from "@/lib/trading/daily";
import { buyDebit } from "@/lib/trading/pricing";
import { withTestDatabase } from "../support/db";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { balanceOf, cancel, trade, writes } from "../support/trading";
import { registerUser } from "../support/users";

// Stop-limit and OCO orders through the API and the fill job: what they reserve, when a stop
// triggers (at the stop, not a unit before), what an OCO's two orders do to each other, and that
// every race between a fill, a trigger and a cancel ends with one outcome and exact holds.

const db = withTestDatabase();

afterEach(() => {
  vi.useRealTimers();
});

const FEE_BPS = 20;
const UNIT = 1_000_000n;

/** A trader with no spread (bid and ask are the feed's price), a 0.2 % fee and money on both sides. */
async function trader() {
  const { user, token } = await registerUser();
  await fund(db(), user.id, "USDT", units("100000"));
  await fund(db(), user.id, "XAUT", units("10"));
  await db().insert(tradeConfigs).values({ userId: user.id, spreadBps: 0, feeBps: FEE_BPS });
  return { id: user.id, token };
}

type View = {
  id: string;
  type: string;
  status: string;
  limitPrice: string | null;
  stopPrice: string | null;
  triggeredAt: string | null;
  ocoId: string | null;
  held: string;
};

async function place(token: string, body: Record<string, string>) {
  const res = await trade(token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as unknown as { message: string; order: View; orders?: View[] };
}

const rowOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const hold = (userId: string, asset: "USDT" | "XAUT") => balanceOf(db(), userId, asset, "hold");
const lastNotice = async (userId: string) =>
  (
    await db()
      .select({ title: notifications.title, message: notifications.message, category: notifications.category })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt))
      .limit(1)
  )[0];

describe("a stop-limit", () => {
  it("reserves at placement, waits above its stop, triggers at the stop exactly and then fills as a limit order", async () => {
    const t = await trader();
    await setPrice(db(), "4000");
    const placed = await place(t.token, {
      side: "sell",
      type: "stop_limit",
      quantity: "0.5",
      stopPrice: "3850",
      limitPrice: "3840",
    });
    expect(placed.message).toBe(
      "Stop-limit placed: if XAUt falls to 3,850.00 USDT, sell 0.500000 XAUt at 3,840.00 USDT or better",
    );
    expect(placed.order).toMatchObject({
      type: "stop_limit",
      status: "open",
      stopPrice: "3850.000000",
      limitPrice: "3840.000000",
      triggeredAt: null,
      held: "0.500000",
    });
    expect(await hold(t.id, "XAUT")).toBe(units("0.5"));
    expect(await balanceOf(db(), t.id, "XAUT")).toBe(units("9.5"));

    // A unit above the stop: nothing; and the limit (3840) is below the price, yet nothing fills it.
    await setPrice(db(), "3850.000001");
    await fillCrossedOrders(db());
    expect(await rowOf(placed.order.id)).toMatchObject({ status: "open", triggeredAt: null, limitPrice: null });

    // At the stop: it triggers, and its limit (3840 or better) fills at once at 3850.
    await setPrice(db(), "3850");
    await fillCrossedOrders(db());
    const filled = await rowOf(placed.order.id);
    expect(filled).toMatchObject({
      status: "filled",
      type: "limit",
      limitPrice: units("3840"),
      fillPrice: units("3850"),
    });
    expect(filled.triggeredAt).not.toBeNull();
    expect(await hold(t.id, "XAUT")).toBe(0n);
    const [journal] = await db().select().from(journals).where(eq(journals.id, filled.journalId!));
    expect(journal!.memo).toBe("Stop-limit sell filled");
    expect(await checkLedger(db())).toEqual([]);
  });

  it("a buy triggers when the price rises to its stop, and waits as a limit order its price has not reached", async () => {
    const t = await trader();
    await setPrice(db(), "4000");
    const placed = await place(t.token, {
      side: "buy",
      type: "stop_limit",
      quantity: "1",
      stopPrice: "4100",
      limitPrice: "4050",
    });
    const reserved = buyDebit(UNIT, units("4050"), FEE_BPS, UNIT);
    expect(await hold(t.id, "USDT")).toBe(reserved);

    await setPrice(db(), "4099.999999");
    await fillCrossedOrders(db());
    expect((await rowOf(placed.order.id)).triggeredAt).toBeNull();

    await setPrice(db(), "4100");
    await fillCrossedOrders(db());
    // Triggered: now a limit buy at 4050, which the price (4100) has not reached.
    expect(await rowOf(placed.order.id)).toMatchObject({ status: "open", type: "limit", limitPrice: units("4050") });
    expect(await hold(t.id, "USDT")).toBe(reserved);
    expect(await lastNotice(t.id)).toEqual({
      title: "Stop triggered",
      message:
        "XAUt reached your stop at 4,100.00 USDT: your buy of 1.000000 XAUt is now a limit order at 4,050.00 USDT, waiting for that price or better.",
      category: "money",
    });

    await setPrice(db(), "4040");
    await fillCrossedOrders(db());
    expect(await rowOf(placed.order.id)).toMatchObject({ status: "filled", fillPrice: units("4040") });
    expect(await lastNotice(t.id)).toMatchObject({
      title: "Order filled",
      message: "Your stop-limit buy of 1.000000 XAUt filled at 4,040.00 USDT: you paid 4,048.08 USDT, fee included.",
    });
    expect(await hold(t.id, "USDT")).toBe(0n);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("counts against the day's limit from its placement, at its limit price", async () => {
    const t = await trader();
    await setPrice(db(), "4000");
    const before = await dailyUsed(db(), t.id);
    await place(t.token, { side: "sell", type: "stop_limit", quantity: "0.5", stopPrice: "3850", limitPrice: "3840" });
    expect((await dailyUsed(db(), t.id)) - before).toBe(units("1920"));
    expect(await checkLedger(db())).toEqual([]);
  });

  it("is refused when the price is already at or past its stop, saying what the price is, and writes nothing", async () => {
    const t = await trader();
    await setPrice(db(), "4000");
    const before = await writes(db());
    for (const [side, stopPrice, message] of [
      ["sell", "4000", "A sell stop must be below the current price of 4,000.00 USDT"],
      ["sell", "4000.5", "A sell stop must be below the current price of 4,000.00 USDT"],
      ["buy", "4000", "A buy stop must be above the current price of 4,000.00 USDT"],
      ["buy", "3999", "A buy stop must be above the current price of 4,000.00 USDT"],
    ] as const) {
      const res = await trade(t.token, { side, type: "stop_limit", quantity: "0.5", stopPrice, limitPrice: "3900" });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: "STOP_ALREADY_REACHED", message });
    }
    expect(await writes(db())).toEqual(before);
  });

  it("is not triggered by a stale price, nor for an account that cannot trade", async () => {
    const t = await trader();
    await setPrice(db(), "4000");
    const placed = await place(t.token, {
      side: "sell",
      type: "stop_limit",
      quantity: "0.5",
      stopPrice: "3850",
      limitPrice: "3840",
    });
    // The price reaches the stop, then the feed goes quiet past PRICE_STALE_SECONDS (only the clock
    // is faked, so the database keeps working).
    await setPrice(db(), "3800");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + (readEnv().PRICE_STALE_SECONDS + 1) * 1000);
    await fillCrossedOrders(db());
    vi.useRealTimers();
    expect((await rowOf(placed.order.id)).triggeredAt).toBeNull();

    await db().update(tradeConfigs).set({ enabled: false }).where(eq(tradeConfigs.userId, t.id));
    await setPrice(db(), "3800");
    await fillCrossedOrders(db());
    expect((await rowOf(placed.order.id)).triggeredAt).toBeNull();
    await db().update(tradeConfigs).set({ enabled: true }).where(eq(tradeConfigs.userId, t.id));
    await fillCrossedOrders(db());
    // Triggered now; its limit (3840) is above the price, so it waits as a limit order.
    expect(await rowOf(placed.order.id)).toMatchObject({ status: "open", type: "limit" });
    expect((await rowOf(placed.order.id)).triggeredAt).not.toBeNull();
  });

  it("cancelled before it triggers, gives back what it held", async () => {
    const t = await trader();
    await setPrice(db(), "4000");
    const placed = await place(t.token, {
      side: "buy",
      type: "stop_limit",
      quantity: "1",
      stopPrice: "4100",
      limitPrice: "4110",
    });
    const res = await cancel(t.token, placed.order.id);
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ status: "cancelled", type: "stop_limit" });
    expect(await hold(t.id, "USDT")).toBe(0n);
    expect(await balanceOf(db(), t.id, "USDT")).toBe(units("100000"));
    expect(await checkLedger(db())).toEqual([]);
  });
});

describe("an OCO", () => {
  async function sellOco(t: { token: string }) {
    await setPrice(db(), "4000");
    return place(t.token, {
      side: "sell",
      type: "oco",
      quantity: "0.5",
      price: "4200",
      stopPrice: "3850",
      limitPrice: "3840",
    });
  }

  it("places both orders at once, reserving the pair's XAUt once, on the limit order", async () => {
    const t = await trader();
    const placed = await sellOco(t);
    expect(placed.message).toBe(
      "OCO placed: sell 0.500000 XAUt at 4,200.00 USDT, or if XAUt falls to 3,850.00 USDT, sell 0.500000 XAUt at 3,840.00 USDT or better",
    );
    const [limit, stop] = placed.orders!;
    expect(placed.order.id).toBe(limit!.id);
    expect(limit).toMatchObject({ type: "limit", limitPrice: "4200.000000", stopPrice: null, held: "0.500000" });
    expect(stop).toMatchObject({
      type: "stop_limit",
      stopPrice: "3850.000000",
      limitPrice: "3840.000000",
      held: "0.000000",
    });
    expect(limit!.ocoId).toBe(stop!.ocoId);
    expect(limit!.ocoId).not.toBeNull();
    expect(await hold(t.id, "XAUT")).toBe(units("0.5"));
    expect(await checkLedger(db())).toEqual([]);
  });

  it("when its limit order fills, cancels the stop in the same pass", async () => {
    const t = await trader();
    const [limit, stop] = (await sellOco(t)).orders!;
    await setPrice(db(), "4200");
    await fillCrossedOrders(db());
    expect(await rowOf(limit!.id)).toMatchObject({ status: "filled", fillPrice: units("4200") });
    expect(await rowOf(stop!.id)).toMatchObject({ status: "cancelled", triggeredAt: null });
    expect(await hold(t.id, "XAUT")).toBe(0n);
    expect((await lastNotice(t.id))?.message).toBe(
      "Your OCO limit sell of 0.500000 XAUt filled at 4,200.00 USDT: you received 2,095.80 USDT, fee included.",
    );
    // The price falling past the stop afterwards triggers nothing.
    await setPrice(db(), "3800");
    await fillCrossedOrders(db());
    expect(await rowOf(stop!.id)).toMatchObject({ status: "cancelled", triggeredAt: null });
    expect(await checkLedger(db())).toEqual([]);
  });

  it("when its stop triggers, cancels the limit order and takes over its reservation", async () => {
    const t = await trader();
    const [limit, stop] = (await sellOco(t)).orders!;
    // 3845: the stop (3850) is reached, the new limit (3840) is below the price: it fills at once.
    await setPrice(db(), "3845");
    await fillCrossedOrders(db());
    expect(await rowOf(limit!.id)).toMatchObject({ status: "cancelled" });
    expect(await rowOf(stop!.id)).toMatchObject({ status: "filled", fillPrice: units("3845") });
    expect(await hold(t.id, "XAUT")).toBe(0n);
    expect(await balanceOf(db(), t.id, "XAUT")).toBe(units("9.5"));
    // Both counted against the day while both could fill; the cancelled one no more.
    expect(await checkLedger(db())).toEqual([]);
  });

  it("a buy reserves what the dearer of its two needs, and the stop gives back what its limit does not", async () => {
    const t = await trader();
    await setPrice(db(), "4000");
    const [limit, stop] = (
      await place(t.token, {
        side: "buy",
        type: "oco",
        quantity: "1",
        price: "3900",
        stopPrice: "4100",
        limitPrice: "4150",
      })
    ).orders!;
    const pair = buyDebit(UNIT, units("4150"), FEE_BPS, UNIT);
    expect(await hold(t.id, "USDT")).toBe(pair);
    expect(await rowOf(limit!.id)).toMatchObject({ held: pair });

    // The stop triggers at 4100 (its limit 4150 fills at once at 4100).
    await setPrice(db(), "4100");
    await fillCrossedOrders(db());
    expect(await rowOf(limit!.id)).toMatchObject({ status: "cancelled" });
    const filled = await rowOf(stop!.id);
    expect(filled).toMatchObject({ status: "filled", fillPrice: units("4100"), held: pair });
    expect(await hold(t.id, "USDT")).toBe(0n);
    expect(await balanceOf(db(), t.id, "USDT")).toBe(units("100000") - filled.cost! - filled.fee!);
    expect(await checkLedger(db())).toEqual([]);
  });

  // A buy OCO whose stop triggers but waits (its limit is under the price it triggers at): the pair
  // first holds what the dearer order needs, then exactly what the stop's limit needs.
  it.each([
    { dearer: "its stop", stopPrice: "4100", limitPrice: "4050", placed: "4050", memo: null },
    {
      dearer: "its limit order",
      stopPrice: "4001",
      limitPrice: "3950",
      placed: "3990",
      // What the user's records say of the difference given back.
      memo: "OCO buy: the price reached the stop at 4,001.00 USDT, the limit order was cancelled",
    },
  ])("a buy whose dearer order is $dearer holds exactly what the triggered stop needs", async (c) => {
    const t = await trader();
    await setPrice(db(), "4000");
    const [, stop] = (
      await place(t.token, {
        side: "buy",
        type: "oco",
        quantity: "1",
        price: "3990",
        stopPrice: c.stopPrice,
        limitPrice: c.limitPrice,
      })
    ).orders!;
    expect(await hold(t.id, "USDT")).toBe(buyDebit(UNIT, units(c.placed), FEE_BPS, UNIT));
    await setPrice(db(), c.stopPrice);
    await fillCrossedOrders(db());
    const need = buyDebit(UNIT, units(c.limitPrice), FEE_BPS, UNIT);
    expect(await rowOf(stop!.id)).toMatchObject({ status: "open", type: "limit", held: need });
    const released = await db().select({ memo: journals.memo }).from(journals).where(eq(journals.reference, stop!.id));
    expect(released.map((j) => j.memo)).toEqual(c.memo ? [c.memo] : []);
    expect(await hold(t.id, "USDT")).toBe(need);
    expect(await balanceOf(db(), t.id, "USDT")).toBe(units("100000") - need);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("cancelling either order cancels both and returns the reservation", async () => {
    const t = await trader();
    const [limit, stop] = (await sellOco(t)).orders!;
    const res = await cancel(t.token, stop!.id);
    expect(res.status).toBe(200);
    expect(await rowOf(limit!.id)).toMatchObject({ status: "cancelled" });
    expect(await rowOf(stop!.id)).toMatchObject({ status: "cancelled" });
    expect(await hold(t.id, "XAUT")).toBe(0n);
    expect(await balanceOf(db(), t.id, "XAUT")).toBe(units("10"));
    expect((await cancel(t.token, limit!.id)).status).toBe(409);
    // One journal gives the pair's reservation back, on the first order of the pair, named for both.
    const returned = await db()
      .select({ memo: journals.memo })
      .from(journals)
      .where(inArray(journals.reference, [limit!.id, stop!.id]));
    expect(returned.map((j) => j.memo).filter((m) => m!.includes("cancelled"))).toEqual(["OCO sell cancelled"]);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("is refused when its limit order would fill at once or its stop is already reached, and writes nothing", async () => {
    const t = await trader();
    await setPrice(db(), "4000");
    const before = await writes(db());
    const cases = [
      [
        { side: "sell", price: "4000", stopPrice: "3850", limitPrice: "3840" },
        "LIMIT_ALREADY_REACHED",
        "An OCO's limit sell must be above the current price of 4,000.00 USDT",
      ],
      [
        { side: "buy", price: "4000", stopPrice: "4100", limitPrice: "4150" },
        "LIMIT_ALREADY_REACHED",
        "An OCO's limit buy must be below the current price of 4,000.00 USDT",
      ],
      [
        { side: "sell", price: "4200", stopPrice: "4000", limitPrice: "3990" },
        "STOP_ALREADY_REACHED",
        "A sell stop must be below the current price of 4,000.00 USDT",
      ],
    ] as const;
    for (const [body, code, message] of cases) {
      const res = await trade(t.token, { type: "oco", quantity: "0.5", ...body });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code, message });
    }
    expect(await writes(db())).toEqual(before);
  });

  it("counts as two open orders against the cap", async () => {
    const t = await trader();
    await setPrice(db(), "4000");
    for (let i = 0; i < 24; i++)
      await place(t.token, {
        side: "sell",
        type: "oco",
        quantity: "0.01",
        price: "4200",
        stopPrice: "3850",
        limitPrice: "3840",
      });
    await place(t.token, { side: "sell", type: "limit", quantity: "0.01", price: "4300" });
    const res = await trade(t.token, {
      side: "sell",
      type: "oco",
      quantity: "0.01",
      price: "4200",
      stopPrice: "3850",
      limitPrice: "3840",
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "TOO_MANY_OPEN_ORDERS" });
    expect(
      (
        await trade(t.token, {
          side: "sell",
          type: "stop_limit",
          quantity: "0.01",
          stopPrice: "3850",
          limitPrice: "3840",
        })
      ).status,
    ).toBe(201);
  });
});

describe("races", () => {
  it("two fill jobs and the user's cancels on the same tick: each pair ends one way, exactly once, holds exact", async () => {
    const t = await trader();
    await setPrice(db(), "4000");
    const pairs = [];
    for (let i = 0; i < 12; i++) {
      pairs.push(
        (
          await place(t.token, {
            side: "sell",
            type: "oco",
            quantity: "0.1",
            price: "4200",
            stopPrice: "3850",
            limitPrice: "3840",
          })
        ).orders!,
      );
    }
    await setPrice(db(), "3845");
    const cancels = pairs.filter((_, i) => i % 3 === 0).map(([limit]) => cancel(t.token, limit!.id));
    await Promise.all([fillCrossedOrders(db()), fillCrossedOrders(db()), ...cancels]);
    await fillCrossedOrders(db());

    const ids = pairs.flat().map((o) => o.id);
    const rows = await db().select().from(orders).where(inArray(orders.id, ids));
    for (const [limit, stop] of pairs) {
      const l = rows.find((r) => r.id === limit!.id)!;
      const s = rows.find((r) => r.id === stop!.id)!;
      // Either both cancelled (the user's cancel came first), or the stop triggered and filled once.
      const outcome = `${l.status}/${s.status}`;
      expect(["cancelled/cancelled", "cancelled/filled"]).toContain(outcome);
      if (s.status === "filled") expect(s.triggeredAt).not.toBeNull();
    }
    const fills = await db().select().from(journals).where(eq(journals.memo, "Stop-limit sell filled"));
    expect(fills.filter((j) => ids.includes(j.reference!))).toHaveLength(
      rows.filter((r) => r.status === "filled").length,
    );
    expect(await hold(t.id, "XAUT")).toBe(0n);
    expect(await checkLedger(db())).toEqual([]);
  });
});
