import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { journals, orders, tradeConfigs, users } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { readEnv } from "@/lib/core/env";
import { checkLedger } from "@/lib/ledger/check";
import { currentQuote, marketAssets } from "@/lib/trading/market";
import { triggerReachedStops, triggerStopOnce } from "@/lib/trading/stop-scan";
import { triggerStop } from "@/lib/trading/stops";
import { withTestDatabase } from "../support/db";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { balanceOf, trade, writes } from "../support/trading";
import { registerUser } from "../support/users";

// What the fill job's scan leaves to the transaction that triggers one stop: everything is read
// again under the stop's lock, since the scan's rows may be stale by then (a cancel, a freeze, a
// switched-off account, a newer price, another runner). And what a stop's placement writes for the
// records and the day's limit.

const db = withTestDatabase();

afterEach(() => {
  vi.useRealTimers();
});

async function trader(dailyLimit?: bigint) {
  const { user, token } = await registerUser();
  await fund(db(), user.id, "USDT", units("100000"));
  await fund(db(), user.id, "XAUT", units("10"));
  await db()
    .insert(tradeConfigs)
    .values({ userId: user.id, spreadBps: 0, feeBps: 20, ...(dailyLimit === undefined ? {} : { dailyLimit }) });
  return { id: user.id, token };
}

type Placed = { order: { id: string; ocoId: string | null }; orders?: { id: string }[] };

async function place(token: string, body: Record<string, string>): Promise<Placed> {
  const res = await trade(token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as unknown as Placed;
}

const rowOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const memosOf = async (reference: string) =>
  (await db().select({ memo: journals.memo }).from(journals).where(eq(journals.reference, reference))).map(
    (j) => j.memo,
  );
const sellStop = { side: "sell", type: "stop_limit", quantity: "0.5", stopPrice: "3850", limitPrice: "3840" };

describe("triggering one stop", () => {
  it("re-reads the owner, their trading switch and the price under the lock, and triggers once", async () => {
    const t = await trader();
    await setPrice(db(), "4000");
    const { order } = await place(t.token, sellStop);
    const once = () => triggerStopOnce(db(), order.id, null);
    const waiting = async () => expect((await rowOf(order.id)).triggeredAt).toBeNull();

    // 3800 reaches the stop (3850); the limit (3840) is above it, so a triggered stop waits.
    await setPrice(db(), "3800");
    await db().update(users).set({ status: "disabled" }).where(eq(users.id, t.id));
    expect(await once()).toBe(false);
    await waiting();
    await db().update(users).set({ status: "active" }).where(eq(users.id, t.id));

    await db().update(tradeConfigs).set({ enabled: false }).where(eq(tradeConfigs.userId, t.id));
    expect(await once()).toBe(false);
    await waiting();
    await db().update(tradeConfigs).set({ enabled: true }).where(eq(tradeConfigs.userId, t.id));

    // The price reached, then the feed quiet past PRICE_STALE_SECONDS (only the clock is faked).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + (readEnv().PRICE_STALE_SECONDS + 1) * 1000);
    expect(await once()).toBe(false);
    vi.useRealTimers();
    await waiting();
    await setPrice(db(), "3850.000001");
    expect(await once()).toBe(false);
    await waiting();

    await setPrice(db(), "3800");
    expect(await once()).toBe(true);
    expect(await rowOf(order.id)).toMatchObject({ status: "open", type: "limit", limitPrice: units("3840") });
    // Already triggered: a second runner that read the same scan finds nothing to do.
    expect(await once()).toBe(false);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("leaves a cancelled stop alone", async () => {
    const t = await trader();
    await setPrice(db(), "4000");
    const { order } = await place(t.token, sellStop);
    await db().update(orders).set({ status: "cancelled", cancelledAt: new Date() }).where(eq(orders.id, order.id));
    await setPrice(db(), "3800");
    expect(await triggerStopOnce(db(), order.id, null)).toBe(false);
    expect(await rowOf(order.id)).toMatchObject({ status: "cancelled", triggeredAt: null });
  });

  it("fills at once, in the same transaction, a stop whose limit the price already crosses", async () => {
    const t = await trader();
    await setPrice(db(), "4000");
    const { order } = await place(t.token, sellStop);
    await setPrice(db(), "3845");
    expect(await triggerStopOnce(db(), order.id, null)).toBe(true);
    expect(await rowOf(order.id)).toMatchObject({ status: "filled", fillPrice: units("3845") });
  });

  it("the scan counts the stops it triggered", async () => {
    const a = await trader();
    const b = await trader();
    await setPrice(db(), "4000");
    await place(a.token, sellStop);
    await place(b.token, sellStop);
    await place(b.token, { ...sellStop, stopPrice: "3700", limitPrice: "3690" });
    await setPrice(db(), "3800");
    expect(await triggerReachedStops(db(), { price: units("3800"), at: new Date() })).toBe(2);
    expect(await triggerReachedStops(db(), { price: units("3800"), at: new Date() })).toBe(0);
  });
});

describe("an OCO's stop, triggered", () => {
  async function sellOco() {
    const t = await trader();
    await setPrice(db(), "4000");
    const placed = await place(t.token, { ...sellStop, type: "oco", price: "4200" });
    const [limit, stop] = placed.orders!;
    return { t, limitId: limit!.id, stopId: stop!.id, ocoId: placed.order.ocoId! };
  }

  /** Calls triggerStop as the scan would, with `other` as given rather than as the database has it. */
  async function trigger(stopId: string, other: Awaited<ReturnType<typeof rowOf>>) {
    await setPrice(db(), "3800");
    const stop = await rowOf(stopId);
    return runTransaction(db(), async (tx) => {
      const quote = (await currentQuote(tx, 0))!;
      return triggerStop(tx, stop, other, quote, await marketAssets(tx));
    });
  }

  it("locks the pair and triggers through the scan's own call", async () => {
    const { stopId, limitId, ocoId } = await sellOco();
    await setPrice(db(), "3800");
    expect(await triggerStopOnce(db(), stopId, ocoId)).toBe(true);
    expect(await rowOf(limitId)).toMatchObject({ status: "cancelled" });
    expect(await rowOf(stopId)).toMatchObject({ status: "open", type: "limit", held: units("0.5") });
  });

  it("is cancelled when the pair's limit order had already ended (as an earlier version could leave it)", async () => {
    const { t, stopId, limitId } = await sellOco();
    // The earlier version's cancel of one half: its hold given back, the stop left waiting.
    await db()
      .update(orders)
      .set({ status: "cancelled", cancelledAt: new Date(), held: 0n })
      .where(eq(orders.id, limitId));
    const before = await writes(db());
    const result = await trigger(stopId, await rowOf(limitId));
    expect(result).toMatchObject({ status: "cancelled" });
    expect(await rowOf(stopId)).toMatchObject({ status: "cancelled", triggeredAt: null });
    // The stop held nothing of its own: nothing to give back, no journal.
    expect((await writes(db())).journals).toBe(before.journals);
    expect(await balanceOf(db(), t.id, "XAUT", "hold")).toBe(units("0.5"));
  });

  it("refuses, writing nothing, when the pair holds less than the stop needs", async () => {
    const { stopId, limitId } = await sellOco();
    const short = { ...(await rowOf(limitId)), held: units("0.4") };
    const before = await writes(db());
    await expect(trigger(stopId, short)).rejects.toThrow(/holds 400000 but its stop needs 500000/);
    expect(await writes(db())).toEqual(before);
    expect(await rowOf(stopId)).toMatchObject({ triggeredAt: null, status: "open" });
  });

  it("refuses, writing nothing, when the limit order it read as open has ended since", async () => {
    const { stopId, limitId } = await sellOco();
    const read = await rowOf(limitId);
    await db().update(orders).set({ status: "cancelled", cancelledAt: new Date() }).where(eq(orders.id, limitId));
    await expect(trigger(stopId, read)).rejects.toThrow(`order ${limitId} was no longer open`);
    expect(await rowOf(stopId)).toMatchObject({ triggeredAt: null, status: "open" });
  });

  it("refuses, writing nothing, when the stop it read as waiting has triggered since", async () => {
    const t = await trader();
    await setPrice(db(), "4000");
    const { order } = await place(t.token, sellStop);
    const read = await rowOf(order.id);
    await db().update(orders).set({ triggeredAt: new Date() }).where(eq(orders.id, order.id));
    await setPrice(db(), "3800");
    const before = await writes(db());
    await expect(
      runTransaction(db(), async (tx) =>
        triggerStop(tx, read, null, (await currentQuote(tx, 0))!, await marketAssets(tx)),
      ),
    ).rejects.toThrow(`stop ${order.id} was no longer waiting`);
    expect(await writes(db())).toEqual(before);
  });
});

describe("placing a stop-limit or an OCO", () => {
  it("writes what it reserves in the user's records, in words", async () => {
    const t = await trader();
    await setPrice(db(), "4000");
    const sell = await place(t.token, sellStop);
    expect(await memosOf(sell.order.id)).toEqual([
      "Stop-limit sell placed: if XAUt falls to 3,850.00 USDT, sell 0.500000 XAUt at 3,840.00 USDT or better",
    ]);
    const buy = await place(t.token, {
      side: "buy",
      type: "stop_limit",
      quantity: "0.25",
      stopPrice: "4100",
      limitPrice: "4150",
    });
    expect(await memosOf(buy.order.id)).toEqual([
      "Stop-limit buy placed: if XAUt rises to 4,100.00 USDT, buy 0.250000 XAUt at 4,150.00 USDT or better",
    ]);
    const oco = await place(t.token, { ...sellStop, type: "oco", price: "4200" });
    expect(await memosOf(oco.orders![0]!.id)).toEqual([
      "OCO sell placed: at 4,200.00 USDT, or if XAUt falls to 3,850.00 USDT, sell 0.500000 XAUt at 3,840.00 USDT or better",
    ]);
  });

  it("counts a stop at its limit price, and an OCO at both its prices, against the day's limit", async () => {
    // 2,000 USDT a day: 0.5 at 3,840 (1,920) fits; an OCO of 0.25 at 4,200 and 3,840 (1,050 + 960) does not.
    const t = await trader(units("2000"));
    await setPrice(db(), "4000");
    await place(t.token, sellStop);
    const u = await trader(units("2000"));
    const res = await trade(u.token, { ...sellStop, quantity: "0.25", type: "oco", price: "4200" });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "DAILY_LIMIT_EXCEEDED" });
    const v = await trader(units("1900"));
    const refused = await trade(v.token, sellStop);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: "DAILY_LIMIT_EXCEEDED" });
  });

  it("refuses a sell whose limit would bring in nothing after the fee", async () => {
    const t = await trader();
    await setPrice(db(), "4000");
    const before = await writes(db());
    const res = await trade(t.token, { ...sellStop, quantity: "0.001", stopPrice: "0.000002", limitPrice: "0.000001" });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body).toMatchObject({ code: "ORDER_TOO_SMALL", message: "This order is too small to trade" });
    expect(await writes(db())).toEqual(before);
  });
});
