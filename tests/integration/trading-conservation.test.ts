import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, tradeConfigs } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { AppError } from "@/lib/core/errors";
import { formatAmount } from "@/lib/core/amount";
import { checkLedger } from "@/lib/ledger/check";
import { cancelOrder } from "@/lib/trading/cancel-order";
import { fillCrossedOrders } from "@/lib/strategies/fill-job";
import { placeOrder } from "@/lib/trading/place-order";
import { withTestDatabase } from "../support/db";
import { fund } from "../support/ledger";
import { setPrice } from "../support/prices";
import { registerUser } from "../support/users";

const db = withTestDatabase();
let traders: string[] = [];

beforeAll(async () => {
  traders = await Promise.all([0, 1, 2].map(async () => (await registerUser()).user.id));
  for (const id of traders) {
    await fund(db(), id, "USDT", 5_000_000_000n);
    await fund(db(), id, "XAUT", 2_000_000n);
  }
  // Each trader a different fee and spread, one of them free of both, the next at the maximum.
  await db()
    .insert(tradeConfigs)
    .values([
      { userId: traders[0]!, feeBps: 0, spreadBps: 0, dailyLimit: 10n ** 15n },
      { userId: traders[1]!, feeBps: 1_000, spreadBps: 1_000, dailyLimit: 10n ** 15n },
      { userId: traders[2]!, feeBps: 7, spreadBps: 13, dailyLimit: 10n ** 15n },
    ]);
});

const who = fc.integer({ min: 0, max: 2 });
const side = fc.constantFrom("buy" as const, "sell" as const);
const qty = fc.bigInt({ min: 1_000n, max: 900_000n });
const px = fc.bigInt({ min: 1_000_000_000n, max: 4_000_000_000n });

const op = fc.oneof(
  fc.record({ op: fc.constant("market" as const), who, side, qty }),
  fc.record({ op: fc.constant("total" as const), who, total: fc.bigInt({ min: 1_000_000n, max: 3_000_000_000n }) }),
  fc.record({ op: fc.constant("limit" as const), who, side, qty, price: px }),
  fc.record({ op: fc.constant("cancel" as const), who, pick: fc.nat() }),
  fc.record({ op: fc.constant("price" as const), price: px }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

async function run(o: Op): Promise<void> {
  if (o.op === "price") {
    await setPrice(db(), formatAmount(o.price, 6));
    await fillCrossedOrders(db());
    return;
  }
  const userId = traders[o.who]!;
  try {
    if (o.op === "cancel") {
      const open = await db()
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.status, "open")));
      if (open.length === 0) return;
      await runTransaction(db(), (tx) => cancelOrder(tx, userId, open[o.pick % open.length]!.id));
      return;
    }
    const request =
      o.op === "market"
        ? { side: o.side, type: "market" as const, quantity: o.qty }
        : o.op === "total"
          ? { side: "buy" as const, type: "market" as const, total: o.total }
          : { side: o.side, type: "limit" as const, quantity: o.qty, limitPrice: o.price };
    await runTransaction(db(), (tx) => placeOrder(tx, userId, request));
  } catch (err) {
    // Refusals (funds, limits) are part of trading; anything else is a failure.
    if (!(err instanceof AppError && err.status === 422)) throw err;
  }
}

/** Per asset: what users hold (every kind), the house's and the fees account's sums, and what came in from outside. */
async function totals() {
  const rows = await db().execute<{ asset: string; owner: string; total: string }>(
    sql`select a.asset, case when a.user_id is not null then 'users' else a.kind::text end as owner, sum(e.amount)::text as total
        from entries e join accounts a on a.id = e.account_id group by 1, 2`,
  );
  const list = (Array.isArray(rows) ? rows : (rows as unknown as { rows: typeof rows }).rows) as {
    asset: string;
    owner: string;
    total: string;
  }[];
  const of = (asset: string, owner: string) =>
    BigInt(list.find((r) => r.asset === asset && r.owner === owner)?.total ?? "0");
  return ["USDT", "XAUT"].map((asset) => ({
    asset,
    inside: of(asset, "users") + of(asset, "house") + of(asset, "fees"),
    external: of(asset, "external"),
  }));
}

/** Per asset, what hold accounts contain and what open orders say they reserved. */
async function holds() {
  const rows = await db().execute<{ held: string; reserved: string }>(
    sql`select
          (select coalesce(sum(balance), 0) from accounts where kind = 'hold' and asset = 'USDT')::text as usdt_held,
          (select coalesce(sum(held), 0) from orders where status = 'open' and side = 'buy')::text as usdt_reserved,
          (select coalesce(sum(balance), 0) from accounts where kind = 'hold' and asset = 'XAUT')::text as xaut_held,
          (select coalesce(sum(held), 0) from orders where status = 'open' and side = 'sell')::text as xaut_reserved`,
  );
  const [row] = (Array.isArray(rows) ? rows : (rows as unknown as { rows: typeof rows }).rows) as unknown as Record<
    string,
    string
  >[];
  return row!;
}

describe("no sequence of trades creates or destroys value", () => {
  it("users + house + fees stay equal to what came in, per asset; holds back open orders exactly", async () => {
    await setPrice(db(), "2650");
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const o of ops) await run(o);
        for (const t of await totals()) expect(t.inside, t.asset).toBe(-t.external);
        const h = await holds();
        expect(h.usdt_held).toBe(h.usdt_reserved);
        expect(h.xaut_held).toBe(h.xaut_reserved);
      }),
      { numRuns: 25 },
    );
    expect(await checkLedger(db())).toEqual([]);
    // The sequences did trade: market fills, limit fills by the job, and cancels all happened.
    const done = await db()
      .select({ type: orders.type, status: orders.status, n: sql<number>`count(*)::int` })
      .from(orders)
      .groupBy(orders.type, orders.status);
    const n = (type: string, status: string) => done.find((d) => d.type === type && d.status === status)?.n ?? 0;
    expect(n("market", "filled")).toBeGreaterThan(10);
    expect(n("limit", "filled")).toBeGreaterThan(0);
    expect(n("limit", "cancelled")).toBeGreaterThan(0);
  }, 180_000);
});
