import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createPlanRoute } from "@/app/api/admin/saving-plans/route";
import { GET as plansRoute } from "@/app/api/savings/route";
import { POST as redeemRoute } from "@/app/api/savings/user/[id]/redeem/route";
import { POST as subscribeRoute } from "@/app/api/savings/user/create/route";
import { GET as mySavingsRoute } from "@/app/api/savings/user/route";
import { savingSubscriptions } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { checkLedger } from "@/lib/ledger/check";
import { accrueSavings } from "@/lib/savings/accrue";
import { DAY_MS } from "@/lib/time";
import { interestFor } from "@/lib/savings/interest";
import { subscribe } from "@/lib/savings/subscriptions";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { units } from "../support/prices";
import { balanceOf } from "../support/trading";
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
  const res = await call(createPlanRoute, { token: adminToken, body: { name: `Rules plan ${++plans}`, asset: "USDT", aprBps: 500, termDays: 0, minAmount: "1", maxAmount: "100000", totalCap: "1000000", enabled: true, ...overrides } });
  expect(res.status).toBe(201);
  return res.body.plan as { id: string };
}

async function saver(usdt: string) {
  const u = await registerUser();
  await fund(db(), u.user.id, "USDT", units(usdt));
  return { id: u.user.id, token: u.token };
}

const subscribeVia = (u: { token: string }, planId: string, amount: string) => call(subscribeRoute, { token: u.token, body: { planId, amount }, headers: key() });

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
    const capLeft = async () => ((await call(plansRoute, { token: last.token })).body.plans as { id: string; capLeft: string }[]).find((x) => x.id === p.id)?.capLeft;
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
    const sub = await runTransaction(db(), (tx) => subscribe(tx, early.id, { planId: p.id, amount: "300.000001" }, new Date(Date.now() - 6 * DAY_MS)));
    await accrueSavings(db());
    expect((await db().select().from(savingSubscriptions).where(eq(savingSubscriptions.id, sub.id)))[0]).toMatchObject({ status: "matured" });
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

    const mine = (await call(mySavingsRoute, { token: u.token })).body.subscriptions as { id: string; expectedInterest: string; redeemNow: { receive: string; forfeit: string } }[];
    const view = mine.find((m) => m.id === sub.id)!;
    expect(view.expectedInterest).toBe("7.685777");
    expect(view.redeemNow).toEqual({ receive: "1236.303389", forfeit: "5.950279" });

    expect((await call(redeemRoute, { token: u.token, params: { id: sub.id }, headers: key() })).status).toBe(200);
    // What was shown is what happens: principal and the 7 days back, nothing of the rest.
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units("2000") + 1_735_498n);
    expect(await checkLedger(db())).toEqual([]);
  });
});
