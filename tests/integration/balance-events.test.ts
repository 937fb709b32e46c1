import type { Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as redeemRoute } from "@/app/api/savings/user/[id]/redeem/route";
import { POST as storeRoute } from "@/app/api/storage/store/route";
import { eq } from "drizzle-orm";
import { entries, journals } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { publish } from "@/lib/realtime/publish";
import { accrueSavings } from "@/lib/savings/accrue";
import { subscribe } from "@/lib/savings/subscriptions";
import { updateSettings } from "@/lib/settings";
import { accrueStorage } from "@/lib/storage/accrue";
import { fillCrossedOrders } from "@/lib/strategies/fill-job";
import { DAY_MS } from "@/lib/core/time";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { createdPlan } from "../support/plans";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { startRealtimeServer, type TestRealtimeServer } from "../support/realtime";
import { collect, registeredSocket } from "../support/sockets";
import { createStrategy, stopStrategy } from "../support/strategies";
import { cancel, trade } from "../support/trading";
import { registerUser } from "../support/users";

// Screens showing balances re-read on a `balance` event: every way a balance changes must send one,
// the platform's own jobs (interest, vault earnings) and strategies' budget moves included.

const db = withTestDatabase();
let server: TestRealtimeServer;
let admin: { token: string; id: string };
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startRealtimeServer();
  const a = await signInAdmin(db());
  admin = { token: a.token, id: a.user.id };
});
afterEach(() => {
  sockets.splice(0).forEach((s) => s.disconnect());
});
afterAll(() => server.close());

/** A signed-in user with a registered socket, and the reasons of every `balance` event it hears from now on. */
async function listening(fundWith: { asset: string; amount: string }) {
  const { user, token } = await registerUser();
  await fund(db(), user.id, fundWith.asset, units(fundWith.amount));
  const socket = await registeredSocket(server.url, token, user.id);
  sockets.push(socket);
  const heard = collect<{ reason: string; orderId?: string; subscriptionId?: string }>(socket, "balance");
  /** Waits until everything published so far has arrived, then lists the reasons heard. */
  const reasons = async () => {
    const marker = new Promise<void>((resolve) => socket.once("marker", () => resolve()));
    await publish(db(), { to: { userId: user.id }, event: "marker", data: null });
    await marker;
    return heard.map((e) => e.reason);
  };
  return { id: user.id, token, reasons, heard };
}

let keys = 0;
const key = () => ({ "Idempotency-Key": `balance-events-${++keys}-${Date.now()}` });

describe("balance events", () => {
  it("are sent for a day's savings interest", async () => {
    const created = await createdPlan(db(), admin.token, {
      name: "Events flexible",
      asset: "USDT",
      aprBps: 500,
      termDays: 0,
      minAmount: "10",
      maxAmount: "100000",
      totalCap: "1000000",
      enabled: true,
    });
    const u = await listening({ asset: "USDT", amount: "5000" });
    const t0 = new Date(Date.now() - 3 * DAY_MS);
    await runTransaction(db(), (tx) =>
      subscribe(tx, u.id, { planId: (created.body.plan as { id: string }).id, amount: "1000" }, t0),
    );
    expect(await u.reasons()).toEqual(["savings.subscribed"]);
    expect(await accrueSavings(db())).toBeGreaterThan(0);
    expect(await u.reasons()).toEqual(["savings.subscribed", "savings.interest"]);
  });

  it("are sent, naming the subscription, when savings mature or are redeemed, and not for days that earned nothing", async () => {
    const plan = async (name: string, aprBps: number, termDays: number) => {
      const created = await createdPlan(db(), admin.token, {
        name,
        asset: "USDT",
        aprBps,
        termDays,
        minAmount: "1",
        maxAmount: "100000",
        totalCap: "1000000",
        enabled: true,
      });
      expect(created.status).toBe(201);
      return (created.body.plan as { id: string }).id;
    };
    const [fixed, slow] = [await plan("Events two days", 500, 2), await plan("Events slow", 1, 0)];
    const u = await listening({ asset: "USDT", amount: "5000" });
    const matured = await runTransaction(db(), (tx) =>
      subscribe(tx, u.id, { planId: fixed, amount: "1000" }, new Date(Date.now() - 4 * DAY_MS)),
    );
    const redeemed = await runTransaction(db(), (tx) =>
      subscribe(tx, u.id, { planId: fixed, amount: "500" }, new Date()),
    );
    // 1 USDT at 0.01 % earns under a unit on each of its first three days: its run moves no money.
    const idle = await listening({ asset: "USDT", amount: "1" });
    const earnsNothing = await runTransaction(db(), (tx) =>
      subscribe(tx, idle.id, { planId: slow, amount: "1" }, new Date(Date.now() - 3 * DAY_MS)),
    );
    expect(await accrueSavings(db())).toBe(4);
    expect((await call(redeemRoute, { token: u.token, params: { id: redeemed.id }, headers: key() })).status).toBe(200);
    await u.reasons();
    expect(u.heard.map(({ reason, subscriptionId }) => ({ reason, subscriptionId }))).toEqual([
      { reason: "savings.subscribed", subscriptionId: matured.id },
      { reason: "savings.subscribed", subscriptionId: redeemed.id },
      { reason: "savings.interest", subscriptionId: matured.id },
      { reason: "savings.matured", subscriptionId: matured.id },
      { reason: "savings.redeemed", subscriptionId: redeemed.id },
    ]);
    expect(await idle.reasons()).toEqual(["savings.subscribed"]);
    expect(idle.heard[0]?.subscriptionId).toBe(earnsNothing.id);
  });

  it("are sent for the vault's earnings", async () => {
    await updateSettings(db(), { storage: { annualRateBps: 500 } }, { id: admin.id, ip: null });
    const u = await listening({ asset: "XAUT", amount: "10" });
    const stored = await call(storeRoute, { token: u.token, body: { amount: "5" }, headers: key() });
    expect(stored.status).toBe(200);
    // Stored three days ago, as the ledger would have stamped it then.
    const at = new Date(Date.now() - 3 * DAY_MS);
    await db()
      .update(entries)
      .set({ createdAt: at })
      .where(eq(entries.journalId, stored.body.journalId as string));
    await db()
      .update(journals)
      .set({ createdAt: at })
      .where(eq(journals.id, stored.body.journalId as string));
    expect(await u.reasons()).toEqual(["storage.store"]);
    expect(await accrueStorage(db())).toBeGreaterThan(0);
    expect(await u.reasons()).toEqual(["storage.store", "storage.earnings"]);
    // A run with nothing left to pay says nothing: the job runs every minute over every vault with gold.
    await accrueStorage(db());
    expect(await u.reasons()).toEqual(["storage.store", "storage.earnings"]);
  });

  it("are sent when a strategy's budget moves to its reserve and back", async () => {
    await setPrice(db(), "2650");
    const u = await listening({ asset: "USDT", amount: "1000" });
    const started = await createStrategy(u.token, {
      type: "grid",
      lower: "2500",
      upper: "2600",
      levels: 3,
      investment: "300",
      acceptRisk: true,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(await u.reasons()).toContain("strategy");
    const before = (await u.reasons()).length;
    expect((await stopStrategy(u.token, (started.body.strategy as { id: string }).id)).status).toBe(200);
    const after = await u.reasons();
    expect(after.slice(before)).toContain("strategy");
  });

  it("are sent for every order, naming it: placed, filled (at once, or later by the fill job) and cancelled", async () => {
    await setPrice(db(), "2650");
    const u = await listening({ asset: "USDT", amount: "10000" });
    const place = async (body: Record<string, string>) => {
      const res = await trade(u.token, body, key());
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body.order as { id: string }).id;
    };
    const market = await place({ side: "buy", type: "market", quantity: "0.1" });
    // Past the market (the ask is 2657.95): filled as it is placed, one event only.
    const atOnce = await place({ side: "buy", type: "limit", quantity: "0.1", price: "3000" });
    const waits = await place({ side: "buy", type: "limit", quantity: "0.1", price: "2600" });
    const cancelled = await place({ side: "buy", type: "limit", quantity: "0.1", price: "2000" });
    expect((await cancel(u.token, cancelled)).status).toBe(200);
    await setPrice(db(), "2590");
    expect(await fillCrossedOrders(db())).toBe(1);
    await u.reasons();
    expect(u.heard.map(({ reason, orderId }) => ({ reason, orderId }))).toEqual([
      { reason: "order.filled", orderId: market },
      { reason: "order.filled", orderId: atOnce },
      { reason: "order.placed", orderId: waits },
      { reason: "order.placed", orderId: cancelled },
      { reason: "order.cancelled", orderId: cancelled },
      { reason: "order.filled", orderId: waits },
    ]);
  });

  it("are sent for stop-limits and OCOs: placed, triggered, and both halves cancelled together", async () => {
    await setPrice(db(), "2650");
    const u = await listening({ asset: "XAUT", amount: "1" });
    const place = async (body: Record<string, string>) => {
      const res = await trade(u.token, body, key());
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as unknown as { order: { id: string }; orders?: { id: string }[] };
    };
    const stop = (
      await place({ side: "sell", type: "stop_limit", quantity: "0.1", stopPrice: "2600", limitPrice: "2590" })
    ).order.id;
    const pair = (
      await place({ side: "sell", type: "oco", quantity: "0.1", price: "2800", stopPrice: "2500", limitPrice: "2490" })
    ).orders!.map((o) => o.id);
    // The stop reached; its limit (2590) above the bid, so it waits as a limit order.
    await setPrice(db(), "2595");
    await fillCrossedOrders(db());
    expect((await cancel(u.token, pair[0]!, key())).status).toBe(200);
    await u.reasons();
    expect(u.heard.map(({ reason, orderId }) => ({ reason, orderId }))).toEqual([
      { reason: "order.placed", orderId: stop },
      { reason: "order.placed", orderId: pair[0] },
      { reason: "order.triggered", orderId: stop },
      { reason: "order.cancelled", orderId: [...pair].sort()[0] },
    ]);
  });
});
