import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PUT as updatePlanRoute } from "@/app/api/admin/saving-plans/[id]/route";
import { GET as plansRoute } from "@/app/api/savings/route";
import { POST as redeemRoute } from "@/app/api/savings/user/[id]/redeem/route";
import { POST as subscribeRoute } from "@/app/api/savings/user/create/route";
import { GET as mySavingsRoute } from "@/app/api/savings/user/route";
import { journals, notifications, savingAccruals, savingSubscriptions } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { checkLedger } from "@/lib/ledger/check";
import { accrueSavings } from "@/lib/savings/accrue";
import { DAY_MS } from "@/lib/core/time";
import { interestFor } from "@/lib/savings/interest";
import { redeem, subscribe } from "@/lib/savings/subscriptions";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { createdPlan } from "../support/plans";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { units } from "../support/prices";
import { balanceOf } from "../support/trading";
import { racingBeforeFirstTransaction } from "../support/racing-db";
import { registerUser } from "../support/users";

// The rules of savings where a comparison or a rounding decides: fixtures sit on the threshold and
// amounts are not round, so `>` against `>=`, or a forfeit worked out another way, shows.

const db = withTestDatabase();
let adminToken: string;

beforeAll(async () => {
  adminToken = (await signInAdmin(db())).token;
});

let keys = 0;
const key = () => ({ "Idempotency-Key": `savings-rules-${++keys}-${Date.now()}` });

let plans = 0;
async function plan(overrides: Record<string, unknown>) {
  const res = await createdPlan(db(), adminToken, {
    name: `Rules plan ${++plans}`,
    asset: "USDT",
    aprBps: 500,
    termDays: 0,
    minAmount: "1",
    maxAmount: "100000",
    totalCap: "1000000",
    enabled: true,
    ...overrides,
  });
  expect(res.status).toBe(201);
  return res.body.plan as { id: string };
}

async function saver(usdt: string) {
  const u = await registerUser();
  await fund(db(), u.user.id, "USDT", units(usdt));
  return { id: u.user.id, token: u.token };
}

/** A subscription started at `at` (the clock is the caller's), through the same verb the API uses. */
const subscribeAt = (u: { id: string }, planId: string, amount: string, at: Date) =>
  runTransaction(db(), (tx) => subscribe(tx, u.id, { planId, amount }, at));

const subscribeVia = (u: { token: string }, planId: string, amount: string) =>
  call(subscribeRoute, { token: u.token, body: { planId, amount }, headers: key() });

describe("a plan's total cap", () => {
  it("counts running subscriptions only, and takes exactly what is left but not one unit more", async () => {
    const p = await plan({ maxAmount: "2000", totalCap: "2345.678912" });
    const leaver = await saver("1500.5");
    const stayer = await saver("1500.5");
    const last = await saver("3000.25");

    const left = await subscribeVia(leaver, p.id, "1000.000001");
    expect(left.status).toBe(201);
    const leftId = (left.body.subscription as { id: string }).id;
    expect((await call(redeemRoute, { token: leaver.token, params: { id: leftId }, headers: key() })).status).toBe(200);
    expect((await subscribeVia(stayer, p.id, "1111.111111")).status).toBe(201);

    // Redeemed money no longer takes room: 2345.678912 − 1111.111111 is left.
    const capLeft = async () =>
      ((await call(plansRoute, { token: last.token })).body.plans as { id: string; capLeft: string }[]).find(
        (x) => x.id === p.id,
      )?.capLeft;
    expect(await capLeft()).toBe("1234.567801");
    const over = await subscribeVia(last, p.id, "1234.567802");
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ code: "CAP_REACHED", message: "This plan has room for 1,234.56 USDT more" });
    expect(await balanceOf(db(), last.id, "USDT")).toBe(units("3000.25"));

    const exact = await subscribeVia(last, p.id, "1234.567801");
    expect(exact.status, JSON.stringify(exact.body)).toBe(201);
    expect(await balanceOf(db(), last.id, "USDT")).toBe(units("1765.682199"));
    expect(await capLeft()).toBe("0.000000");
    expect((await subscribeVia(leaver, p.id, "1")).body).toMatchObject({ code: "CAP_REACHED" });
    expect(await checkLedger(db())).toEqual([]);
  });

  it("is free again once a fixed term has matured", async () => {
    const p = await plan({ aprBps: 611, termDays: 3, maxAmount: "500.123456", totalCap: "500.123456" });
    const early = await saver("700.7");
    const sub = await runTransaction(db(), (tx) =>
      subscribe(tx, early.id, { planId: p.id, amount: "300.000001" }, new Date(Date.now() - 6 * DAY_MS)),
    );
    await accrueSavings(db());
    expect((await db().select().from(savingSubscriptions).where(eq(savingSubscriptions.id, sub.id)))[0]).toMatchObject({
      status: "matured",
    });
    const late = await saver("700.7");
    const whole = await subscribeVia(late, p.id, "500.123456");
    expect(whole.status, JSON.stringify(whole.body)).toBe(201);
  });
});

describe("redeeming a fixed term early", () => {
  it("forfeits the whole term's interest less what was paid, not the remaining days' interest", async () => {
    // 1234.567891 USDT at 7.33 % earns 0.247917… a day: the interest of the remaining 24 days
    // (5.950278) is one unit less than the term's less the 7 days paid (7.685777 − 1.735498 = 5.950279).
    const principal = units("1234.567891");
    const aprBps = 733;
    const term = 31;
    expect(interestFor(principal, aprBps, term) - interestFor(principal, aprBps, 7)).toBe(5_950_279n);
    expect(interestFor(principal, aprBps, term - 7)).toBe(5_950_278n);

    const p = await plan({ aprBps, termDays: term });
    const u = await saver("2000");
    const t0 = new Date(Date.now() - 8 * DAY_MS);
    const sub = await runTransaction(db(), (tx) => subscribe(tx, u.id, { planId: p.id, amount: "1234.567891" }, t0));
    await accrueSavings(db());
    const [paid] = await db().select().from(savingSubscriptions).where(eq(savingSubscriptions.id, sub.id));
    expect(paid).toMatchObject({ daysPaid: 7, accrued: 1_735_498n, status: "active" });

    const mine = (await call(mySavingsRoute, { token: u.token })).body.subscriptions as {
      id: string;
      expectedInterest: string;
      redeemNow: { receive: string; forfeit: string };
    }[];
    const view = mine.find((m) => m.id === sub.id)!;
    expect(view.expectedInterest).toBe("7.685777");
    expect(view.redeemNow).toEqual({ receive: "1236.303389", forfeit: "5.950279" });

    expect((await call(redeemRoute, { token: u.token, params: { id: sub.id }, headers: key() })).status).toBe(200);
    // What was shown is what happens: principal and the 7 days back, nothing of the rest.
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units("2000") + 1_735_498n);
    expect(await checkLedger(db())).toEqual([]);
  });
});

describe("a plan's limits, as a saver is told them", () => {
  it("name the limit in the answer and on the amount field; a plan switched off is not offered", async () => {
    const p = await plan({ minAmount: "12.34", maxAmount: "567.89", totalCap: "600" });
    const u = await saver("1000");
    expect((await subscribeVia(u, p.id, "12.339999")).body).toEqual({
      success: false,
      code: "BELOW_MINIMUM",
      message: "The minimum for this plan is 12.34 USDT",
      errors: { amount: ["At least 12.34 USDT"] },
    });
    expect((await subscribeVia(u, p.id, "567.890001")).body).toEqual({
      success: false,
      code: "ABOVE_MAXIMUM",
      message: "The maximum for this plan is 567.89 USDT",
      errors: { amount: ["At most 567.89 USDT"] },
    });
    expect((await subscribeVia(u, p.id, "500")).status).toBe(201);
    expect((await subscribeVia(u, p.id, "100.000001")).body).toEqual({
      success: false,
      code: "CAP_REACHED",
      message: "This plan has room for 100.00 USDT more",
      errors: { amount: ["At most 100.00 USDT left"] },
    });

    // A cap lowered below what is already held leaves no room, never a negative one.
    const lowered = await call(updatePlanRoute, {
      method: "PUT",
      token: adminToken,
      params: { id: p.id },
      body: {
        name: `Lowered ${p.id}`,
        asset: "USDT",
        aprBps: 500,
        termDays: 0,
        minAmount: "1",
        maxAmount: "300",
        totalCap: "300",
        enabled: true,
      },
    });
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    const listed = ((await call(plansRoute, { token: u.token })).body.plans as { id: string; capLeft: string }[]).find(
      (x) => x.id === p.id,
    );
    expect(listed?.capLeft).toBe("0.000000");
    expect((await subscribeVia(u, p.id, "1")).body).toEqual({
      success: false,
      code: "CAP_REACHED",
      message: "This plan has room for 0.00 USDT more",
      errors: { amount: ["At most 0.00 USDT left"] },
    });

    const off = await plan({ enabled: false });
    const refused = await subscribeVia(u, off.id, "50");
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ message: "This plan is not offered" });
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units("500"));
  });
});

describe("days that earn less than a unit", () => {
  it("are settled and counted without a journal, and what they leave below a unit is paid on a later day", async () => {
    // 1 USDT at 0.01 % earns 1,000,000 / 3,650,000 of a unit a day: the first unit is due on day 4.
    const p = await plan({ aprBps: 1, minAmount: "1" });
    const u = await saver("1");
    const t0 = new Date("2026-07-01T12:00:00Z");
    const sub = await runTransaction(db(), (tx) => subscribe(tx, u.id, { planId: p.id, amount: "1" }, t0));
    expect(await accrueSavings(db(), new Date(t0.getTime() + 5 * DAY_MS))).toBe(4);
    const days = await db()
      .select({ day: savingAccruals.day, amount: savingAccruals.amount })
      .from(savingAccruals)
      .where(eq(savingAccruals.subscriptionId, sub.id))
      .orderBy(savingAccruals.day);
    expect(days).toEqual([
      { day: 1, amount: 0n },
      { day: 2, amount: 0n },
      { day: 3, amount: 0n },
      { day: 4, amount: 1n },
    ]);
    const paid = await db()
      .select({ memo: journals.memo })
      .from(journals)
      .where(and(eq(journals.kind, "interest"), eq(journals.reference, sub.id)));
    expect(paid).toEqual([{ memo: "day 4" }]);
    expect(await balanceOf(db(), u.id, "USDT", "savings")).toBe(units("1") + 1n);
  });
});

describe("a subscription as its owner sees it", () => {
  it("shows what it earned, when it next earns and ends, what leaving now means, and then how it closed", async () => {
    // 3,650 USDT at 10 % earns exactly 1 USDT a day, 1,825 half of that.
    const fixed = await plan({ name: "Seen fixed", aprBps: 1000, termDays: 3 });
    const flexible = await plan({ name: "Seen flexible", aprBps: 1000 });
    const u = await saver("5475");
    const t0 = new Date("2026-02-10T15:00:00Z");
    const [f, x] = [await subscribeAt(u, fixed.id, "3650", t0), await subscribeAt(u, flexible.id, "1825", t0)];
    await accrueSavings(db(), new Date("2026-02-12T15:00:00Z"));
    const views = async () =>
      Object.fromEntries(
        ((await call(mySavingsRoute, { token: u.token })).body.subscriptions as { id: string }[]).map((v) => [v.id, v]),
      );
    const running = await views();
    expect(running[f.id]).toEqual({
      id: f.id,
      planId: fixed.id,
      planName: "Seen fixed",
      asset: "USDT",
      principal: "3650.000000",
      aprBps: 1000,
      termDays: 3,
      accrued: "1.000000",
      daysPaid: 1,
      status: "active",
      startedAt: "2026-02-10T15:00:00.000Z",
      nextAccrualAt: "2026-02-13T00:00:00.000Z",
      maturesAt: "2026-02-14T00:00:00.000Z",
      expectedInterest: "3.000000",
      redeemNow: { receive: "3651.000000", forfeit: "2.000000" },
      closedAt: null,
    });
    expect(running[x.id]).toEqual({
      id: x.id,
      planId: flexible.id,
      planName: "Seen flexible",
      asset: "USDT",
      principal: "1825.000000",
      aprBps: 1000,
      termDays: 0,
      accrued: "0.500000",
      daysPaid: 1,
      status: "active",
      startedAt: "2026-02-10T15:00:00.000Z",
      nextAccrualAt: "2026-02-13T00:00:00.000Z",
      maturesAt: null,
      expectedInterest: null,
      redeemNow: { receive: "1825.500000", forfeit: "0.000000" },
      closedAt: null,
    });

    const maturedAt = new Date("2026-02-15T08:00:00Z");
    await accrueSavings(db(), maturedAt);
    const redeemed = await call(redeemRoute, { token: u.token, params: { id: x.id }, headers: key() });
    expect(redeemed.status).toBe(200);
    const [closed] = await db()
      .select({ closedAt: savingSubscriptions.closedAt })
      .from(savingSubscriptions)
      .where(eq(savingSubscriptions.id, x.id));
    expect(redeemed.body.subscription).toMatchObject({
      id: x.id,
      status: "redeemed",
      accrued: "2.000000",
      redeemNow: null,
      closedAt: closed!.closedAt!.toISOString(),
    });
    const done = await views();
    expect(done[f.id]).toEqual({
      ...running[f.id],
      accrued: "3.000000",
      daysPaid: 3,
      status: "matured",
      nextAccrualAt: null,
      redeemNow: null,
      closedAt: maturedAt.toISOString(),
    });
    expect(done[x.id]).toEqual({
      ...running[x.id],
      accrued: "2.000000",
      daysPaid: 4,
      status: "redeemed",
      nextAccrualAt: null,
      redeemNow: null,
      closedAt: closed!.closedAt!.toISOString(),
    });
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units("5480"));

    // Each move in the records says what it was: the plan joined, the day and term paid, how it closed.
    const memos = async (id: string) =>
      (
        await db().select({ kind: journals.kind, memo: journals.memo }).from(journals).where(eq(journals.reference, id))
      ).sort((a, b) => a.memo!.localeCompare(b.memo!));
    expect(await memos(f.id)).toEqual([
      { kind: "interest", memo: "day 1 of 3" },
      { kind: "interest", memo: "day 2 of 3" },
      { kind: "interest", memo: "day 3 of 3" },
      { kind: "saving", memo: "matured" },
      { kind: "saving", memo: "subscribed to Seen fixed" },
    ]);
    expect(await memos(x.id)).toEqual([
      { kind: "interest", memo: "day 1" },
      { kind: "interest", memo: "day 2" },
      { kind: "interest", memo: "day 3" },
      { kind: "interest", memo: "day 4" },
      { kind: "saving", memo: "redeemed" },
      { kind: "saving", memo: "subscribed to Seen flexible" },
    ]);
    expect(
      await db()
        .select({ title: notifications.title, message: notifications.message })
        .from(notifications)
        .where(eq(notifications.userId, u.id)),
    ).toEqual([
      {
        title: "Savings matured",
        message:
          "Your 3-day savings of 3,650.00 USDT matured with 3.00 USDT interest. Both are in your available balance.",
      },
    ]);

    const stranger = await saver("1");
    expect(
      (await call(redeemRoute, { token: stranger.token, params: { id: f.id }, headers: key() })).body,
    ).toMatchObject({ code: "NOT_FOUND", message: "Subscription not found" });
    expect((await call(redeemRoute, { token: u.token, params: { id: f.id }, headers: key() })).body).toMatchObject({
      code: "ALREADY_CLOSED",
      message: "This subscription was already matured",
    });
    expect(await checkLedger(db())).toEqual([]);
  });
});

describe("a run and a redeem at once", () => {
  it("the run passes over a subscription redeemed after it chose it: it pays it nothing", async () => {
    const p = await plan({ aprBps: 1000 });
    const u = await saver("3650");
    const sub = await subscribeAt(u, p.id, "3650", new Date(Date.now() - 5 * DAY_MS));
    // The database as the run sees it, the redeem committed by another request between the run's
    // choice of running subscriptions and its first settlement (a race PostgreSQL allows).
    const racing = racingBeforeFirstTransaction(db(), async () => {
      await runTransaction(db(), (tx) => redeem(tx, u.id, sub.id));
    });
    // Earlier tests' subscriptions in this database are settled by the same run.
    await accrueSavings(racing.db);
    expect(racing.happened()).toBe(true);
    expect(await db().select().from(savingAccruals).where(eq(savingAccruals.subscriptionId, sub.id))).toEqual([]);
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units("3650"));
    expect(await balanceOf(db(), u.id, "USDT", "savings")).toBe(0n);
  });
});
