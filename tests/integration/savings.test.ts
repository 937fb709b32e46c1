import { and, count, eq, sql, sum } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PUT as updatePlanRoute } from "@/app/api/admin/saving-plans/[id]/route";
import { POST as createPlanRoute } from "@/app/api/admin/saving-plans/route";
import { GET as plansRoute } from "@/app/api/savings/route";
import { POST as redeemRoute } from "@/app/api/savings/user/[id]/redeem/route";
import { POST as subscribeRoute } from "@/app/api/savings/user/create/route";
import { GET as mySavingsRoute } from "@/app/api/savings/user/route";
import { POST as retrieveRoute } from "@/app/api/storage/retrieve/route";
import { GET as storageRoute } from "@/app/api/storage/route";
import { POST as storeRoute } from "@/app/api/storage/store/route";
import { savingAccruals, savingPlans, savingSubscriptions, storageAccruals } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { dashboardStats } from "@/lib/admin/dashboard";
import { checkLedger } from "@/lib/ledger/check";
import { accrueSavings } from "@/lib/savings/accrue";
import { DAY_MS } from "@/lib/core/time";
import { interestFor } from "@/lib/savings/interest";
import { subscribe } from "@/lib/savings/subscriptions";
import { updateSettings } from "@/lib/settings";
import { accrueStorage } from "@/lib/storage/accrue";
import { approvedBySecondAdmin, signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { createdPlan } from "../support/plans";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { units } from "../support/prices";
import { balanceOf } from "../support/trading";
import { registerUser } from "../support/users";

const db = withTestDatabase();
let admin: { token: string; id: string };

beforeAll(async () => {
  const a = await signInAdmin(db());
  admin = { token: a.token, id: a.user.id };
});

let keys = 0;
const key = () => ({ "Idempotency-Key": `savings-test-${++keys}-${Date.now()}` });

let plans = 0;
async function plan(overrides: Record<string, unknown> = {}) {
  const res = await createdPlan(db(), admin.token, {
    name: `Gold flexible ${++plans}`,
    asset: "USDT",
    aprBps: 500,
    termDays: 0,
    minAmount: "10",
    maxAmount: "100000",
    totalCap: "1000000",
    enabled: true,
    ...overrides,
  });
  expect(res.status).toBe(201);
  return res.body.plan as { id: string };
}

async function saver(usdt = "10000") {
  const u = await registerUser();
  await fund(db(), u.user.id, "USDT", units(usdt));
  return { id: u.user.id, token: u.token };
}

/** A subscription started at `at` (the clock is the caller's), through the same verb the API uses. */
const subscribeAt = (userId: string, planId: string, amount: string, at: Date) =>
  runTransaction(db(), (tx) => subscribe(tx, userId, { planId, amount }, at));

describe("saving plans", () => {
  it("refuse inconsistent limits; an edit leaves running subscriptions' terms as they started", async () => {
    expect(
      (
        await call(createPlanRoute, {
          token: admin.token,
          body: {
            name: "x",
            asset: "USDT",
            aprBps: 500,
            termDays: 0,
            minAmount: "100",
            maxAmount: "10",
            totalCap: "1000",
            enabled: true,
          },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(createPlanRoute, {
          token: admin.token,
          body: {
            name: "x",
            asset: "BTC",
            aprBps: 500,
            termDays: 0,
            minAmount: "1",
            maxAmount: "10",
            totalCap: "1000",
            enabled: true,
          },
        })
      ).status,
    ).toBe(400);
    const p = await plan({ name: "Edited later", termDays: 30 });
    const u = await saver();
    expect(
      (await call(subscribeRoute, { token: u.token, body: { planId: p.id, amount: "1000" }, headers: key() })).status,
    ).toBe(201);
    const edited = await approvedBySecondAdmin(
      db(),
      await call(updatePlanRoute, {
        method: "PUT",
        token: admin.token,
        params: { id: p.id },
        body: {
          name: "Edited later",
          asset: "USDT",
          aprBps: 900,
          termDays: 90,
          minAmount: "10",
          maxAmount: "100000",
          totalCap: "1000000",
          enabled: true,
        },
      }),
    );
    expect(edited.status).toBe(200);
    const [sub] = await db().select().from(savingSubscriptions).where(eq(savingSubscriptions.userId, u.id));
    expect(sub).toMatchObject({ aprBps: 500, termDays: 30 });
  });

  it("are told apart by name: a second plan of the same name, in any case, is a 409 and writes nothing", async () => {
    const first = await plan({ name: "Named once" });
    const other = await plan({ name: "Named twice" });
    const body = {
      asset: "USDT",
      aprBps: 500,
      termDays: 0,
      minAmount: "10",
      maxAmount: "100000",
      totalCap: "1000000",
      enabled: true,
    };
    const again = await createdPlan(db(), admin.token, { ...body, name: "NAMED ONCE" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: "PLAN_NAME_TAKEN",
      errors: { name: ["A plan with this name already exists"] },
    });
    const renamed = await call(updatePlanRoute, {
      method: "PUT",
      token: admin.token,
      params: { id: other.id },
      body: { ...body, name: "named once" },
    });
    expect(renamed.status).toBe(409);
    const named = await db()
      .select()
      .from(savingPlans)
      .where(sql`lower(${savingPlans.name}) = 'named once'`);
    expect(named.map((p) => p.id)).toEqual([first.id]);
  });
});

describe("subscribing", () => {
  it("moves the amount into savings, needs an Idempotency-Key, and refuses what is outside the plan or the balance, writing nothing", async () => {
    const p = await plan({ minAmount: "100", maxAmount: "5000", totalCap: "6000" });
    const u = await saver("7000");
    const sub = (amount: string, headers: Record<string, string> = key()) =>
      call(subscribeRoute, { token: u.token, body: { planId: p.id, amount }, headers });
    expect((await sub("1000", {})).body).toMatchObject({ code: "IDEMPOTENCY_KEY_REQUIRED" });
    expect((await sub("99")).body).toMatchObject({ code: "BELOW_MINIMUM" });
    expect((await sub("5001")).body).toMatchObject({ code: "ABOVE_MAXIMUM" });
    const ok = await sub("5000");
    expect(ok.status).toBe(201);
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units("2000"));
    expect((await sub("1500")).body).toMatchObject({ code: "CAP_REACHED" });
    const plans = (await call(plansRoute, { token: u.token })).body.plans as { id: string; capLeft: string }[];
    expect(plans.find((x) => x.id === p.id)?.capLeft).toBe("1000.000000");
    const poor = await saver("50");
    expect(
      (await call(subscribeRoute, { token: poor.token, body: { planId: p.id, amount: "100" }, headers: key() })).body,
    ).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect(
      (
        await call(subscribeRoute, {
          token: poor.token,
          body: { planId: "0190f5c2-0000-7000-8000-000000000000", amount: "100" },
          headers: key(),
        })
      ).status,
    ).toBe(404);
    expect(
      await db().select({ n: count() }).from(savingSubscriptions).where(eq(savingSubscriptions.userId, poor.id)),
    ).toEqual([{ n: 0 }]);
  });
});

describe("interest", () => {
  it("over a whole term equals the closed form to the unit, matures by itself, and notifies", async () => {
    const t0 = new Date("2026-03-01T15:30:00Z");
    for (const [amount, aprBps, term] of [
      ["1000", 500, 30],
      ["12345.678901", 1234, 90],
      ["10.000001", 7, 7],
    ] as const) {
      const p = await plan({ aprBps, termDays: term });
      const u = await saver("20000");
      const sub = await subscribeAt(u.id, p.id, amount, t0);
      // Halfway, then past the end: days are caught up, each paid once.
      await accrueSavings(db(), new Date(t0.getTime() + Math.floor(term / 2) * DAY_MS));
      await accrueSavings(db(), new Date(t0.getTime() + (term + 5) * DAY_MS));
      const [after] = await db().select().from(savingSubscriptions).where(eq(savingSubscriptions.id, sub.id));
      const expected = interestFor(units(amount), aprBps, term);
      expect(after).toMatchObject({ status: "matured", daysPaid: term, accrued: expected });
      const [paid] = await db()
        .select({ total: sum(savingAccruals.amount), days: count() })
        .from(savingAccruals)
        .where(eq(savingAccruals.subscriptionId, sub.id));
      expect(BigInt(paid!.total!)).toBe(expected);
      expect(paid!.days).toBe(term);
      expect(await balanceOf(db(), u.id, "USDT")).toBe(units("20000") + expected);
    }
    expect(await checkLedger(db())).toEqual([]);
  });

  it("pays nothing twice: a rerun of the same day, a restart, and days caught up after downtime", async () => {
    const t0 = new Date("2026-04-10T08:00:00Z");
    const p = await plan({ aprBps: 800, termDays: 0 });
    const u = await saver();
    const sub = await subscribeAt(u.id, p.id, "5000", t0);
    const day = (n: number) => new Date(t0.getTime() + n * DAY_MS);
    expect(await accrueSavings(db(), day(0.5))).toBe(0);
    expect(await accrueSavings(db(), day(2))).toBe(1);
    expect(await accrueSavings(db(), day(2))).toBe(0);
    // Down for a week: the missed days are paid on the next run, once.
    expect(await accrueSavings(db(), day(9))).toBe(7);
    expect(await accrueSavings(db(), day(9))).toBe(0);
    const [s] = await db().select().from(savingSubscriptions).where(eq(savingSubscriptions.id, sub.id));
    expect(s).toMatchObject({ daysPaid: 8, accrued: interestFor(units("5000"), 800, 8) });
  });

  it("redeems a flexible one with what accrued, an early fixed one forfeiting the rest as shown, and never twice", async () => {
    const t0 = new Date(Date.now() - 10 * DAY_MS);
    const fixed = await plan({ aprBps: 1000, termDays: 90 });
    const u = await saver();
    const sub = await subscribeAt(u.id, fixed.id, "3650", t0);
    await accrueSavings(db());
    const mine = (await call(mySavingsRoute, { token: u.token })).body.subscriptions as {
      id: string;
      accrued: string;
      redeemNow: { receive: string; forfeit: string };
    }[];
    const view = mine.find((m) => m.id === sub.id)!;
    // 3650 at 10 % earns exactly 1 USDT a day: 9 whole days have ended since the start day.
    expect(view.accrued).toBe("9.000000");
    expect(view.redeemNow).toEqual({ receive: "3659.000000", forfeit: "81.000000" });
    const other = await saver();
    expect((await call(redeemRoute, { token: other.token, params: { id: sub.id } })).status).toBe(404);
    expect((await call(redeemRoute, { token: u.token, params: { id: sub.id } })).status).toBe(200);
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units("10009"));
    expect((await call(redeemRoute, { token: u.token, params: { id: sub.id } })).body).toMatchObject({
      code: "ALREADY_CLOSED",
    });
    await accrueSavings(db(), new Date(Date.now() + 5 * DAY_MS));
    expect(
      await db().select({ n: count() }).from(savingAccruals).where(eq(savingAccruals.subscriptionId, sub.id)),
    ).toEqual([{ n: 9 }]);
    const books = (await dashboardStats(db())).books.find((b) => b.asset === "USDT")!;
    expect(books.balanced).toBe(true);
    expect(Number(books.interestPaid)).toBeGreaterThan(0);
    expect(await checkLedger(db())).toEqual([]);
  });
});

describe("storage", () => {
  it("stores and retrieves XAUt, refuses more than there is, and earns the settings' rate daily with the remainder carried", async () => {
    const u = await registerUser();
    await fund(db(), u.user.id, "XAUT", units("12"));
    const move = (route: typeof storeRoute, amount: string) =>
      call(route, { token: u.token, body: { amount }, headers: key() });
    expect((await move(storeRoute, "10")).status).toBe(200);
    expect((await move(storeRoute, "5")).body).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect((await move(retrieveRoute, "10.5")).body).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect(await balanceOf(db(), u.user.id, "XAUT")).toBe(units("2"));

    // Today and tomorrow settle at a rate of 0: switching a rate on later does not pay them after the fact.
    expect(await accrueStorage(db(), new Date(Date.now() + 2 * DAY_MS))).toBe(0);
    await updateSettings(db(), { storage: { annualRateBps: 1000 } }, { id: admin.id, ip: null });
    const later = new Date(Date.now() + 4 * DAY_MS);
    expect(await accrueStorage(db(), later)).toBe(2);
    expect(await accrueStorage(db(), later)).toBe(0);
    const earned = await db()
      .select({ basis: storageAccruals.basis, amount: storageAccruals.amount, carry: storageAccruals.carry })
      .from(storageAccruals)
      .where(and(eq(storageAccruals.userId, u.user.id)))
      .orderBy(storageAccruals.day);
    // Day 1 (stored during the day) held at least 0; day 2 held 10 XAUT, at 0 %. Then at 10 %, on the least
    // held each day, earnings included (they are stored too), the part below a unit carried (in units ×
    // 3,650,000): 10,000,000 × 1000 → 2739 carry 2,650,000; 10,002,739 × 1000 + 2,650,000 → 2741 carry 739,000.
    expect(earned).toEqual([
      { basis: 0n, amount: 0n, carry: 0n },
      { basis: 10_000_000n, amount: 0n, carry: 0n },
      { basis: 10_000_000n, amount: 2739n, carry: 2_650_000n },
      { basis: 10_002_739n, amount: 2741n, carry: 739_000n },
    ]);
    const overview = await call(storageRoute, { token: u.token });
    expect(overview.body).toMatchObject({ asset: "XAUT", stored: "10.005480", annualRateBps: 1000 });
    expect((overview.body.history as { kind: string }[]).map((h) => h.kind)).toEqual(["earning", "earning", "stored"]);
    await updateSettings(db(), { storage: { annualRateBps: 0 } }, { id: admin.id, ip: null });
    expect(await checkLedger(db())).toEqual([]);
  });
});
