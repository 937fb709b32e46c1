import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, strategyRuns } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { checkLedger } from "@/lib/ledger/check";
import { attempt } from "@/lib/strategies/attempt";
import { lockStrategy } from "@/lib/strategies/books";
import { runDueRounds } from "@/lib/strategies/rounds";
import { fillCrossedOrders } from "@/lib/strategies/fill-job";
import { withTestDatabase } from "../support/db";
import { deadlocks } from "../support/deadlocks";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { createStrategy, reserveOf, stopStrategy, testClock } from "../support/strategies";
import { balanceOf, trade } from "../support/trading";
import { registerUser } from "../support/users";

const db = withTestDatabase();
const clock = testClock();

async function saver(usdt: string) {
  const { user, token } = await registerUser();
  await fund(db(), user.id, "USDT", units(usdt));
  return { id: user.id, token };
}

describe("strategies under concurrency (PostgreSQL)", () => {
  it("three runners at once run each due round exactly once", async () => {
    await setPrice(db(), "2650", clock.advance(1_000));
    const people = await Promise.all(Array.from({ length: 6 }, () => saver("1000")));
    const ids = await Promise.all(
      people.map(
        async (p) =>
          (
            (
              await createStrategy(p.token, {
                type: "recurring",
                amount: "50",
                period: "hourly",
                maxRounds: 5,
                acceptRisk: true,
              })
            ).body.strategy as { id: string }
          ).id,
      ),
    );
    await setPrice(db(), "2640", clock.advance(3_700_000));
    const ran = await Promise.all([
      runDueRounds(db(), clock.now()),
      runDueRounds(db(), clock.now()),
      runDueRounds(db(), clock.now()),
    ]);
    expect(ran.reduce((a, b) => a + b, 0)).toBe(6);
    for (const id of ids) {
      expect(await db().select({ n: count() }).from(strategyRuns).where(eq(strategyRuns.strategyId, id))).toEqual([
        { n: 2 },
      ]);
      expect(await db().select({ n: count() }).from(orders).where(eq(orders.strategyId, id))).toEqual([{ n: 2 }]);
    }
    expect(await checkLedger(db())).toEqual([]);
  });

  it("fill jobs racing a stop: every hold is released once and no order outlives its grid", async () => {
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
    await setPrice(db(), "2590", clock.advance(1_000));
    const [, , stopped] = await Promise.all([
      fillCrossedOrders(db()),
      fillCrossedOrders(db()),
      stopStrategy(u.token, id),
    ]);
    expect(stopped.status).toBe(200);
    expect(
      await db()
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.strategyId, id), eq(orders.status, "open"))),
    ).toEqual([{ n: 0 }]);
    for (const asset of ["USDT", "XAUT"]) {
      expect(await balanceOf(db(), u.id, asset, "hold")).toBe(0n);
      expect(await reserveOf(db(), id, asset)).toBe(0n);
    }
    expect(await checkLedger(db())).toEqual([]);
  });

  it("the user's own buys racing a strategy's start cannot spend its budget", async () => {
    await setPrice(db(), "2650", clock.advance(1_000));
    const u = await saver("1000");
    const results = await Promise.all([
      createStrategy(u.token, { type: "recurring", amount: "100", period: "daily", maxRounds: 8, acceptRisk: true }),
      ...Array.from({ length: 4 }, () => trade(u.token, { side: "buy", type: "market", total: "100" })),
    ]);
    const spot = await balanceOf(db(), u.id, "USDT");
    expect(spot).toBeGreaterThanOrEqual(0n);
    if (results[0]!.status === 201)
      expect(await balanceOf(db(), u.id, "USDT", "reserve")).toBeGreaterThan(units("600"));
    expect(await checkLedger(db())).toEqual([]);
  });

  it("parallel orders of two strategies, racing the user's own trades, never spend past either reserve", async () => {
    await setPrice(db(), "2650", clock.advance(1_000));
    const u = await saver("1000");
    expect((await trade(u.token, { side: "buy", type: "limit", quantity: "0.1", price: "2000" })).status).toBe(201);
    const ownHold = await balanceOf(db(), u.id, "USDT", "hold");
    // Open-ended with a ceiling below the price: 50 USDT each sits in its reserve, nothing spent.
    const ids = await Promise.all(
      [0, 1].map(
        async () =>
          (
            (
              await createStrategy(u.token, {
                type: "recurring",
                amount: "50",
                period: "hourly",
                priceCeiling: "2000",
                acceptRisk: true,
              })
            ).body.strategy as { id: string }
          ).id,
      ),
    );
    const deadlocksBefore = deadlocks();
    // Each reserve covers one buy of 30 USDT, not two; the user's spot and hold could pay them all.
    const results = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        runTransaction(db(), async (tx) =>
          attempt(tx, await lockStrategy(tx, ids[i % 2]!), `race:${i}`, {
            side: "buy",
            type: "market",
            total: units("30"),
          }),
        ),
      ),
      ...Array.from({ length: 4 }, () => trade(u.token, { side: "buy", type: "market", total: "100" })),
    ]);
    const ran = results.slice(0, 8).filter((r) => "order" in r) as { strategy: { id: string } }[];
    expect(ran.map((r) => r.strategy.id).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const [spent] = await db()
        .select({ total: sql<string>`sum(${orders.cost} + ${orders.fee})::text` })
        .from(orders)
        .where(eq(orders.strategyId, id));
      expect(await reserveOf(db(), id, "USDT")).toBe(units("50") - BigInt(spent!.total));
    }
    expect(await balanceOf(db(), u.id, "USDT", "hold")).toBe(ownHold);
    expect(deadlocks() - deadlocksBefore, "deadlocks").toBe(0);
    expect(await checkLedger(db())).toEqual([]);
  });
});
