import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as withdrawSetupRoute, PUT as changeSetupRoute } from "@/app/api/admin/trade-setups/[id]/route";
import { GET as userSetupsRoute, POST as proposeRoute } from "@/app/api/admin/users/[id]/trade-setups/route";
import { GET as userOrdersRoute } from "@/app/api/trades/user/route";
import { auditLogs, notifications, orders, strategyRuns } from "@/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import { runDueRounds } from "@/lib/strategies/rounds";
import { fillCrossedOrders } from "@/lib/strategies/fill-job";
import { buyDebit, quantityForTotal } from "@/lib/trading/pricing";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import {
  acceptSetup,
  createStrategy,
  listStrategies,
  pauseStrategy,
  reserveOf,
  resumeStrategy,
  stopStrategy,
  strategyDetail,
  testClock,
} from "../support/strategies";
import { balanceOf, cancel, trade, writes } from "../support/trading";
import { registerUser } from "../support/users";

const db = withTestDatabase();
// One clock for the file: the feed's last tick is the latest by time, so time only moves on.
const clock = testClock();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let adminToken: string;

// Site defaults: fee 20 bps, spread 30 bps, orders of 0.001–1000 XAUT, 10000 USDT a day.
beforeAll(async () => {
  adminToken = (await signInAdmin(db())).token;
});

async function saver(usdt = "1000") {
  const { user, token } = await registerUser();
  await fund(db(), user.id, "USDT", units(usdt));
  return { id: user.id, token };
}

const ask = (price: string) => (units(price) * 10_030n + 9_999n) / 10_000n;
const noticesOf = async (userId: string) =>
  db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.createdAt);

describe("recurring buy", () => {
  it("asks for the risk statement first, buys its first round at once, runs each due round once, and completes", async () => {
    await setPrice(db(), "2650", clock.advance(1_000));
    const u = await saver();
    const body = { type: "recurring", amount: "100", period: "daily", maxRounds: 3 };
    const before = await writes(db());
    const refused = await createStrategy(u.token, body);
    expect(refused).toMatchObject({ status: 422, body: { code: "RISK_NOT_ACCEPTED" } });
    expect(await writes(db())).toEqual(before);

    const created = await createStrategy(u.token, { ...body, acceptRisk: true });
    expect(created.status).toBe(201);
    const s = created.body.strategy as { id: string; name: string; status: string; roundsRun: number };
    expect(s).toMatchObject({ name: "Recurring buy: 100.00 USDT every day", status: "running", roundsRun: 1 });
    const q1 = quantityForTotal(units("100"), ask("2650"), 20, 1_000_000n);
    const net1 = buyDebit(q1, ask("2650"), 20, 1_000_000n);
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units("700"));
    // The budget sits in the strategy's own reserve, not in the user's hold.
    expect(await reserveOf(db(), s.id, "USDT")).toBe(units("300") - net1);
    expect(await balanceOf(db(), u.id, "USDT", "hold")).toBe(0n);
    expect(await balanceOf(db(), u.id, "XAUT")).toBe(q1);
    expect((await listStrategies(u.token)).body.riskAccepted).toBe(true);

    // Not yet due: nothing runs. A day on, at a new price, round 2; a second pass of the same moment runs nothing.
    expect(await runDueRounds(db(), clock.now())).toBe(0);
    await setPrice(db(), "2600", clock.advance(DAY + 60_000));
    expect(await runDueRounds(db(), clock.now())).toBe(1);
    expect(await runDueRounds(db(), clock.now())).toBe(0);
    const q2 = quantityForTotal(units("100"), ask("2600"), 20, 1_000_000n);
    expect(await balanceOf(db(), u.id, "XAUT")).toBe(q1 + q2);

    await setPrice(db(), "2700", clock.advance(DAY + 60_000));
    expect(await runDueRounds(db(), clock.now())).toBe(1);
    const q3 = quantityForTotal(units("100"), ask("2700"), 20, 1_000_000n);
    const spent = net1 + buyDebit(q2, ask("2600"), 20, 1_000_000n) + buyDebit(q3, ask("2700"), 20, 1_000_000n);
    const detail = (await strategyDetail(u.token, s.id)).body.strategy as Record<string, unknown>;
    expect(detail).toMatchObject({
      status: "completed",
      roundsRun: 3,
      roundsSkipped: 0,
      results: { fills: 3, invested: (Number(spent) / 1e6).toFixed(6) },
    });
    expect(await reserveOf(db(), s.id, "USDT")).toBe(0n);
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units("1000") - spent);
    expect((await noticesOf(u.id)).map((n) => n.title)).toContain("Strategy completed");
    await setPrice(db(), "2700", clock.advance(DAY + 60_000));
    expect(await runDueRounds(db(), clock.now())).toBe(0);

    // Its orders are ordinary ones, named after it, and not the user's to cancel by hand.
    const mine = await call(userOrdersRoute, { token: u.token });
    expect((mine.body.orders as { strategy: { name: string } }[]).map((o) => o.strategy.name)).toEqual(
      Array(3).fill(s.name),
    );
    expect(await checkLedger(db())).toEqual([]);
  });

  it("skips rounds above its ceiling, telling the user once per streak, and buys when the price comes down", async () => {
    await setPrice(db(), "2650", clock.advance(1_000));
    const u = await saver();
    const created = await createStrategy(u.token, {
      type: "recurring",
      amount: "50",
      period: "hourly",
      priceCeiling: "2600",
      acceptRisk: true,
    });
    expect(created.status).toBe(201);
    const id = (created.body.strategy as { id: string }).id;
    expect(created.body.strategy).toMatchObject({
      roundsRun: 0,
      roundsSkipped: 1,
      lastSkipReason: expect.stringContaining("above your ceiling of 2,600.00 USDT"),
    });
    // Open-ended: one round's amount stays reserved ahead.
    expect(await reserveOf(db(), id, "USDT")).toBe(units("50"));
    await setPrice(db(), "2650", clock.advance(HOUR + 60_000));
    expect(await runDueRounds(db(), clock.now())).toBe(1);
    expect((await noticesOf(u.id)).filter((n) => n.title === "A strategy round was skipped")).toHaveLength(1);

    await setPrice(db(), "2500", clock.advance(HOUR + 60_000));
    expect(await runDueRounds(db(), clock.now())).toBe(1);
    const bought = quantityForTotal(units("50"), ask("2500"), 20, 1_000_000n);
    expect(await balanceOf(db(), u.id, "XAUT")).toBe(bought);
    expect(await reserveOf(db(), id, "USDT")).toBe(units("50"));
    const runs = await db()
      .select()
      .from(strategyRuns)
      .where(eq(strategyRuns.strategyId, id))
      .orderBy(strategyRuns.key);
    expect(runs.map((r) => [r.key, r.outcome])).toEqual([
      ["round:1", "skipped"],
      ["round:2", "skipped"],
      ["round:3", "ran"],
    ]);

    const stopped = await stopStrategy(u.token, id);
    expect(stopped.body.strategy).toMatchObject({ status: "stopped" });
    expect(await reserveOf(db(), id, "USDT")).toBe(0n);
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units("1000") - buyDebit(bought, ask("2500"), 20, 1_000_000n));
    expect((await stopStrategy(u.token, id)).status).toBe(409);
  });
});

describe("grid", () => {
  it("fills along a scripted price path exactly as computed by hand, and stopping releases every hold", async () => {
    await setPrice(db(), "2680", clock.advance(1_000));
    const u = await saver("1000");
    // Levels 2500, 2550, 2600, 2650, 2700; at 2680 it buys at the four below.
    const created = await createStrategy(u.token, {
      type: "grid",
      lower: "2500",
      upper: "2700",
      levels: 5,
      investment: "1000",
      acceptRisk: true,
    });
    expect(created.status).toBe(201);
    const id = (created.body.strategy as { id: string }).id;
    // q: the most whose buys at 2500+2550+2600+2650 with 0.2 % fees fit in 1000 USDT: 1000 / (10300 × 1.002) = 0.0968936…
    const q = (created.body.strategy as { quantityPerLevel: string }).quantityPerLevel;
    expect(q).toBe("0.096893");
    const levels = async () =>
      (
        await db().select().from(orders).where(eq(orders.strategyId, id)).orderBy(orders.createdAt, orders.gridLevel)
      ).map((o) => `${o.side}@${o.gridLevel}:${o.status}`);
    expect(await levels()).toEqual(["buy@0:open", "buy@1:open", "buy@2:open", "buy@3:open"]);
    // Its budget is reserved: the user's own buy cannot spend it.
    expect(await balanceOf(db(), u.id, "USDT")).toBe(0n);
    expect((await trade(u.token, { side: "buy", type: "market", total: "10" })).body.code).toBe("INSUFFICIENT_FUNDS");

    // 2640: the ask 2647.92 reaches 2650 → the buy at level 3 fills, a sell goes up at level 4 (2700).
    await setPrice(db(), "2640", clock.advance(1_000));
    expect(await fillCrossedOrders(db())).toBe(1);
    // 2720: the bid 2711.84 reaches 2700 → the sell fills, a buy goes back at level 3.
    await setPrice(db(), "2720", clock.advance(1_000));
    expect(await fillCrossedOrders(db())).toBe(1);
    // 2590: the ask 2597.77 reaches 2650 and 2600 → both buys fill, sells go up one level each.
    await setPrice(db(), "2590", clock.advance(1_000));
    expect(await fillCrossedOrders(db())).toBe(2);
    expect(await levels()).toEqual([
      "buy@0:open",
      "buy@1:open",
      "buy@2:filled",
      "buy@3:filled",
      "sell@4:filled",
      "buy@3:filled",
      "sell@3:open",
      "sell@4:open",
    ]);

    const detail = (await strategyDetail(u.token, id)).body.strategy as { results: Record<string, string | number> };
    expect(detail.results).toMatchObject({ fills: 4, bought: "0.290679", sold: "0.096893", holding: "0.193786" });
    expect(Number(detail.results.realised)).toBeGreaterThan(0);

    const stopped = await stopStrategy(u.token, id);
    expect(stopped.status).toBe(200);
    expect(await levels()).not.toContainEqual(expect.stringContaining(":open"));
    for (const asset of ["USDT", "XAUT"]) {
      expect(await balanceOf(db(), u.id, asset, "hold")).toBe(0n);
      expect(await reserveOf(db(), id, asset)).toBe(0n);
    }
    expect(await balanceOf(db(), u.id, "XAUT")).toBe(units("0.193786"));
    expect(await checkLedger(db())).toEqual([]);
  });

  it("pausing cancels its orders into its budget; resuming opens them again at the price of then", async () => {
    await setPrice(db(), "2680", clock.advance(1_000));
    const u = await saver("1000");
    const id = (
      (
        await createStrategy(u.token, {
          type: "grid",
          lower: "2500",
          upper: "2700",
          levels: 5,
          investment: "1000",
          acceptRisk: true,
        })
      ).body.strategy as { id: string }
    ).id;
    expect((await pauseStrategy(u.token, id)).body.strategy).toMatchObject({
      status: "paused",
      reserved: { USDT: "1000.000000" },
    });
    expect(
      await db()
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.strategyId, id), eq(orders.status, "open"))),
    ).toEqual([{ n: 0 }]);
    await setPrice(db(), "2580", clock.advance(1_000));
    expect((await resumeStrategy(u.token, id)).status).toBe(200);
    const open = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.strategyId, id), eq(orders.status, "open")));
    expect(open.map((o) => o.gridLevel).sort()).toEqual([0, 1]);
    expect(await checkLedger(db())).toEqual([]);
  });
});

describe("bad input and other users", () => {
  it("refuses each with a clear 4xx and writes nothing", async () => {
    await setPrice(db(), "2650", clock.advance(1_000));
    const u = await saver("100");
    const cases: [Record<string, unknown>, number, string][] = [
      [{ type: "grid", lower: "2700", upper: "2500", levels: 5, investment: "50", acceptRisk: true }, 400, "lower"],
      [{ type: "grid", lower: "2500", upper: "2700", levels: 1, investment: "50", acceptRisk: true }, 400, "levels"],
      [{ type: "grid", lower: "2500", upper: "2700", levels: 101, investment: "50", acceptRisk: true }, 400, "levels"],
      [{ type: "grid", lower: "2500", upper: "2700", levels: 2, investment: "500", acceptRisk: true }, 422, ""],
      [{ type: "grid", lower: "2660", upper: "2700", levels: 2, investment: "50", acceptRisk: true }, 422, "lower"],
      [{ type: "recurring", amount: "1", period: "daily", acceptRisk: true }, 422, "amount"],
      [{ type: "recurring", amount: "20000", period: "daily", acceptRisk: true }, 422, "amount"],
      [{ type: "recurring", amount: "10", period: "monthly", acceptRisk: true }, 400, "period"],
      [{ type: "recurring", amount: "60", period: "daily", maxRounds: 2, acceptRisk: true }, 422, ""],
      [{ type: "options", acceptRisk: true }, 400, "type"],
    ];
    const before = await writes(db());
    for (const [body, status, field] of cases) {
      const res = await createStrategy(u.token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.success).toBe(false);
      if (field) expect(Object.keys(res.body.errors as object), JSON.stringify(body)).toContain(field);
    }
    expect(await writes(db())).toEqual(before);
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units("100"));

    const mine = await createStrategy(u.token, {
      type: "recurring",
      amount: "20",
      period: "weekly",
      maxRounds: 2,
      acceptRisk: true,
    });
    const id = (mine.body.strategy as { id: string }).id;
    const other = await saver();
    expect((await strategyDetail(other.token, id)).status).toBe(404);
    expect((await stopStrategy(other.token, id)).status).toBe(404);
    expect((await pauseStrategy(other.token, id)).status).toBe(404);
    expect((await acceptSetup(other.token, id)).status).toBe(404);
    expect((await strategyDetail(u.token, "not-a-uuid")).status).toBe(404);
    // Its order is the strategy's: the user stops the strategy instead of cancelling it.
    expect((await resumeStrategy(u.token, id)).status).toBe(409);
  });

  it("a strategy's open order cannot be cancelled by hand", async () => {
    await setPrice(db(), "2680", clock.advance(1_000));
    const u = await saver("1000");
    const id = (
      (
        await createStrategy(u.token, {
          type: "grid",
          lower: "2500",
          upper: "2700",
          levels: 3,
          investment: "500",
          acceptRisk: true,
        })
      ).body.strategy as { id: string }
    ).id;
    const [order] = await db().select().from(orders).where(eq(orders.strategyId, id)).limit(1);
    expect(await cancel(u.token, order!.id)).toMatchObject({ status: 409, body: { code: "STRATEGY_ORDER" } });
  });
});

describe("trade setups", () => {
  it("run only after the user accepts; each admin change is audited and told to the user", async () => {
    await setPrice(db(), "2650", clock.advance(1_000));
    const u = await saver("1000");
    const admin = { token: adminToken };
    const proposed = await call(proposeRoute, {
      token: admin.token,
      params: { id: u.id },
      body: { type: "recurring", amount: "100", period: "daily", maxRounds: 2 },
    });
    expect(proposed.status).toBe(201);
    const id = (proposed.body.strategy as { id: string }).id;
    expect(proposed.body.strategy).toMatchObject({ status: "proposed", proposedBySupport: true });
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units("1000"));
    await setPrice(db(), "2650", clock.advance(DAY + 60_000));
    await runDueRounds(db(), clock.now());
    expect(await db().select({ n: count() }).from(strategyRuns).where(eq(strategyRuns.strategyId, id))).toEqual([
      { n: 0 },
    ]);

    const edited = await call(changeSetupRoute, {
      method: "PUT",
      token: admin.token,
      params: { id },
      body: { type: "recurring", amount: "150", period: "weekly", maxRounds: 2 },
    });
    expect(edited.body.strategy).toMatchObject({ amount: "150.000000", period: "weekly" });
    expect((await acceptSetup(u.token, id)).body.code).toBe("RISK_NOT_ACCEPTED");
    const accepted = await acceptSetup(u.token, id, { acceptRisk: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.strategy).toMatchObject({ status: "running", roundsRun: 1 });
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units("700"));
    expect((await acceptSetup(u.token, id)).status).toBe(409);

    expect(
      (
        await call(changeSetupRoute, {
          method: "PUT",
          token: admin.token,
          params: { id },
          body: { type: "recurring", amount: "10", period: "daily" },
        })
      ).status,
    ).toBe(409);
    expect((await call(withdrawSetupRoute, { method: "DELETE", token: admin.token, params: { id } })).status).toBe(409);
    const paused = await call(changeSetupRoute, {
      method: "PUT",
      token: admin.token,
      params: { id },
      body: { status: "paused" },
    });
    expect(paused.body.strategy).toMatchObject({ status: "paused" });
    // The user can still stop it, and gets back what it held.
    expect((await stopStrategy(u.token, id)).status).toBe(200);
    expect(await reserveOf(db(), id, "USDT")).toBe(0n);

    const second = await call(proposeRoute, {
      token: admin.token,
      params: { id: u.id },
      body: { type: "grid", lower: "2500", upper: "2600", levels: 3, investment: "300" },
    });
    const secondId = (second.body.strategy as { id: string }).id;
    expect(
      (await call(withdrawSetupRoute, { method: "DELETE", token: admin.token, params: { id: secondId } })).status,
    ).toBe(200);
    expect(((await listStrategies(u.token)).body.strategies as { id: string }[]).map((s) => s.id)).not.toContain(
      secondId,
    );
    expect(
      (
        (await call(userSetupsRoute, { token: admin.token, params: { id: u.id } })).body.strategies as { id: string }[]
      ).map((s) => s.id),
    ).toContain(id);

    const told = (await noticesOf(u.id)).map((n) => n.message);
    expect(told.filter((m) => m.startsWith("Aurum support"))).toHaveLength(5);
    const audited = await db().select().from(auditLogs).where(eq(auditLogs.targetId, u.id));
    expect(audited.map((a) => a.action).sort()).toEqual([
      "user.trade_setup.create",
      "user.trade_setup.create",
      "user.trade_setup.pause",
      "user.trade_setup.update",
      "user.trade_setup.withdraw",
    ]);
    expect(
      (
        await call(proposeRoute, {
          token: u.token,
          params: { id: u.id },
          body: { type: "recurring", amount: "100", period: "daily" },
        })
      ).status,
    ).toBe(403);
  });
});
