import { count, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as createPlanRoute } from "@/app/api/admin/saving-plans/route";
import { POST as redeemRoute } from "@/app/api/savings/user/[id]/redeem/route";
import { POST as subscribeRoute } from "@/app/api/savings/user/create/route";
import { savingAccruals, savingSubscriptions } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { checkLedger } from "@/lib/ledger/check";
import { accrueSavings } from "@/lib/savings/accrue";
import { DAY_MS } from "@/lib/core/time";
import { interestFor } from "@/lib/savings/interest";
import { subscribe } from "@/lib/savings/subscriptions";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { createdPlan } from "../support/plans";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { balanceOf, trade } from "../support/trading";
import { registerUser } from "../support/users";

const db = withTestDatabase();
let planId: string;

beforeAll(async () => {
  const admin = await signInAdmin(db());
  const res = await createdPlan(db(), admin.token, {
    name: "Race",
    asset: "USDT",
    aprBps: 700,
    termDays: 0,
    minAmount: "1",
    maxAmount: "100000",
    totalCap: "1000000",
    enabled: true,
  });
  planId = (res.body.plan as { id: string }).id;
});
beforeEach(async () => {
  await setPrice(db(), "2650");
});

async function saver(usdt: string) {
  const u = await registerUser();
  await fund(db(), u.user.id, "USDT", units(usdt));
  return { id: u.user.id, token: u.token };
}

describe("savings under concurrency (PostgreSQL)", () => {
  it("two job runners at once pay every day exactly once", async () => {
    const t0 = new Date("2026-05-01T12:00:00Z");
    const people = await Promise.all(Array.from({ length: 6 }, () => saver("5000")));
    const subs = await Promise.all(
      people.map((p) => runTransaction(db(), (tx) => subscribe(tx, p.id, { planId, amount: "4000" }, t0))),
    );
    const when = new Date(t0.getTime() + 21 * DAY_MS);
    await Promise.all([accrueSavings(db(), when), accrueSavings(db(), when), accrueSavings(db(), when)]);
    for (const s of subs) {
      const [row] = await db().select().from(savingSubscriptions).where(eq(savingSubscriptions.id, s.id));
      expect(row).toMatchObject({ daysPaid: 20, accrued: interestFor(units("4000"), 700, 20) });
      expect(
        await db().select({ n: count() }).from(savingAccruals).where(eq(savingAccruals.subscriptionId, s.id)),
      ).toEqual([{ n: 20 }]);
    }
    expect(await checkLedger(db())).toEqual([]);
  });

  it("two redeems of one subscription at once: one wins, the money comes back once", async () => {
    for (let round = 0; round < 4; round++) {
      const u = await saver("1000");
      const sub = await call(subscribeRoute, {
        token: u.token,
        body: { planId, amount: "1000" },
        headers: { "Idempotency-Key": `race-sub-${u.id}` },
      });
      const id = (sub.body.subscription as { id: string }).id;
      const results = await Promise.all([
        call(redeemRoute, { token: u.token, params: { id } }),
        call(redeemRoute, { token: u.token, params: { id } }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await balanceOf(db(), u.id, "USDT")).toBe(units("1000"));
    }
    expect(await checkLedger(db())).toEqual([]);
  });

  it("parallel subscriptions cannot together pass a plan's total cap", async () => {
    const admin = await signInAdmin(db());
    const res = await createdPlan(db(), admin.token, {
      name: "Capped",
      asset: "USDT",
      aprBps: 300,
      termDays: 30,
      minAmount: "100",
      maxAmount: "100",
      totalCap: "500",
      enabled: true,
    });
    const capped = (res.body.plan as { id: string }).id;
    const people = await Promise.all(Array.from({ length: 12 }, () => saver("100")));
    const results = await Promise.all(
      people.map((p) =>
        call(subscribeRoute, {
          token: p.token,
          body: { planId: capped, amount: "100" },
          headers: { "Idempotency-Key": `cap-${p.id}` },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 422).map((r) => r.body.code)).toEqual(Array(7).fill("CAP_REACHED"));
    expect(
      await db().select({ n: count() }).from(savingSubscriptions).where(eq(savingSubscriptions.planId, capped)),
    ).toEqual([{ n: 5 }]);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("two admins creating plans of one name at once: one is made, the other a 409", async () => {
    const admin = await signInAdmin(db());
    // At 0 % a plan is created at once (one that pays waits for a second administrator): the race here is the name.
    const body = {
      asset: "USDT",
      aprBps: 0,
      termDays: 0,
      minAmount: "1",
      maxAmount: "100",
      totalCap: "500",
      enabled: true,
    };
    const results = await Promise.all(
      ["Twin", "TWIN", "twin"].map((name) => call(createPlanRoute, { token: admin.token, body: { ...body, name } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it("a subscription racing a market buy for the same USDT: one fails cleanly", async () => {
    for (let round = 0; round < 4; round++) {
      const u = await saver("300");
      const [s, t] = await Promise.all([
        call(subscribeRoute, {
          token: u.token,
          body: { planId, amount: "250" },
          headers: { "Idempotency-Key": `race-buy-${u.id}` },
        }),
        trade(u.token, { side: "buy", type: "market", quantity: "0.1" }),
      ]);
      expect([s.status, t.status].sort()).toEqual([201, 422]);
    }
    expect(await checkLedger(db())).toEqual([]);
  });
});
