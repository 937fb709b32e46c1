import { and, count, eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { journals, orders, tradeConfigs } from "@/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import { post } from "@/lib/ledger/post";
import { fillCrossedOrders } from "@/lib/strategies/fill-job";
import { withTestDatabase } from "../support/db";
import { expectNoDeadlocks } from "../support/deadlocks";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { balanceOf, cancel, ordersOf, trade } from "../support/trading";
import { registerUser } from "../support/users";

const db = withTestDatabase();

beforeEach(async () => {
  await setPrice(db(), "2650");
});

async function trader(usdt: string) {
  const { user, token } = await registerUser();
  await fund(db(), user.id, "USDT", units(usdt));
  return { id: user.id, token };
}

const BUY = { side: "buy", type: "market", quantity: "0.1" };
// 0.1 XAUT at the ask of 2657.95: 265.795 USDT and a 0.53159 USDT fee.
const BUY_DEBIT = units("266.32659");

// Racing orders, fills and cancels never deadlock, not even once where runTransaction's retry would hide it.
expectNoDeadlocks();

describe("trading under concurrency (PostgreSQL)", () => {
  it("parallel market buys beyond the balance: only the affordable ones fill", async () => {
    const u = await trader("1000");
    const results = await Promise.all(Array.from({ length: 20 }, () => trade(u.token, BUY)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 422).map((r) => r.body.code)).toEqual(
      Array(17).fill("INSUFFICIENT_FUNDS"),
    );
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units("1000") - 3n * BUY_DEBIT);
    expect(await balanceOf(db(), u.id, "XAUT")).toBe(300_000n);
    expect(await ordersOf(db(), u.id)).toHaveLength(3);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("orders and other postings on the same account at once: every debit sees the one before it", async () => {
    // A market order locks its accounts with its reads, before the posting: credits and moves to
    // savings racing it on the same spot USDT must wait for it, not write over its balance.
    const u = await trader("5000");
    const spot = { userId: u.id, asset: "USDT", kind: "spot" as const };
    let trading = true;
    const churn = async () => {
      let rounds = 0n;
      while (trading) {
        await post(db(), {
          kind: "adjustment",
          legs: [
            { account: { system: "adjustments", asset: "USDT" }, amount: -units("10") },
            { account: spot, amount: units("10") },
          ],
        });
        await post(db(), {
          kind: "adjustment",
          legs: [
            { account: spot, amount: -units("10") },
            { account: { ...spot, kind: "savings" }, amount: units("10") },
          ],
        });
        rounds++;
      }
      return rounds;
    };
    const churning = Promise.all([churn(), churn(), churn()]);
    const results = await Promise.all(Array.from({ length: 15 }, () => trade(u.token, BUY)));
    trading = false;
    const rounds = (await churning).reduce((a, b) => a + b, 0n);
    expect(results.map((r) => r.status)).toEqual(Array(15).fill(201));
    expect(rounds).toBeGreaterThan(0n);
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units("5000") - 15n * BUY_DEBIT);
    expect(await balanceOf(db(), u.id, "USDT", "savings")).toBe(rounds * units("10"));
    expect(await checkLedger(db())).toEqual([]);
  });

  it("parallel orders cannot together pass the daily limit", async () => {
    const u = await trader("100000");
    await db()
      .insert(tradeConfigs)
      .values({ userId: u.id, dailyLimit: units("1000") });
    const results = await Promise.all(Array.from({ length: 20 }, () => trade(u.token, BUY)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 422).map((r) => r.body.code)).toEqual(
      Array(17).fill("DAILY_LIMIT_EXCEEDED"),
    );
  });

  it("one Idempotency-Key sent ten times at once places one order", async () => {
    const u = await trader("1000");
    const results = await Promise.all(
      Array.from({ length: 10 }, () => trade(u.token, BUY, { "Idempotency-Key": "parallel-trade-0001" })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    for (const r of results) expect(r.body).toEqual(results[0]!.body);
    expect(await ordersOf(db(), u.id)).toHaveLength(1);
  });

  it("limit orders crossed while job runners race fill exactly once", async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => trader("2000")));
    for (const p of people) {
      for (const price of ["2600", "2610", "2620", "2630", "2640"]) {
        expect((await trade(p.token, { side: "buy", type: "limit", quantity: "0.1", price })).status).toBe(201);
      }
    }
    await setPrice(db(), "2500");
    // Four runners at once, bypassing the lease on purpose: exactly-once must come from the row locks.
    const filled = await Promise.all(Array.from({ length: 4 }, () => fillCrossedOrders(db())));
    expect(filled.reduce((a, b) => a + b, 0)).toBe(30);
    expect(await fillCrossedOrders(db())).toBe(0);

    const ids = (
      await db()
        .select({ id: orders.id })
        .from(orders)
        .where(
          inArray(
            orders.userId,
            people.map((p) => p.id),
          ),
        )
    ).map((o) => o.id);
    const fills = await db()
      .select({ n: count() })
      .from(journals)
      .where(and(inArray(journals.reference, ids), eq(journals.memo, "Limit buy filled")));
    expect(fills[0]!.n).toBe(30);
    for (const p of people) {
      expect(await balanceOf(db(), p.id, "USDT", "hold")).toBe(0n);
      expect(await balanceOf(db(), p.id, "XAUT")).toBe(500_000n);
    }
    expect(await checkLedger(db())).toEqual([]);
  });

  it("a cancel racing a fill: each order ends filled or cancelled, never both, and no hold is left", async () => {
    const u = await trader("10000");
    const placed = [];
    for (let i = 0; i < 20; i++)
      placed.push(
        (await trade(u.token, { side: "buy", type: "limit", quantity: "0.1", price: "2600" })).body.order as {
          id: string;
        },
      );
    await setPrice(db(), "2500");
    const [fills, cancels] = await Promise.all([
      Promise.all([fillCrossedOrders(db()), fillCrossedOrders(db())]),
      Promise.all(placed.map((o) => cancel(u.token, o.id))),
    ]);
    const cancelled = cancels.filter((r) => r.status === 200).length;
    expect(cancels.every((r) => r.status === 200 || (r.status === 409 && r.body.code === "ORDER_NOT_OPEN"))).toBe(true);
    expect(fills[0]! + fills[1]! + cancelled).toBe(20);
    const final = await ordersOf(db(), u.id);
    expect(final.filter((o) => o.status === "filled")).toHaveLength(20 - cancelled);
    expect(final.filter((o) => o.status === "cancelled")).toHaveLength(cancelled);
    expect(await balanceOf(db(), u.id, "USDT", "hold")).toBe(0n);
    expect(await balanceOf(db(), u.id, "XAUT")).toBe(BigInt(20 - cancelled) * 100_000n);
    expect(await checkLedger(db())).toEqual([]);
  });
});
