import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, tradeConfigs, users } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { newId } from "@/lib/core/ids";
import { checkLedger } from "@/lib/ledger/check";
import { cancelOrder } from "@/lib/trading/cancel-order";
import type { OrderRequest } from "@/lib/trading/order-input";
import { MAX_OPEN_ORDERS, placeOrder } from "@/lib/trading/place-order";
import { buyDebit } from "@/lib/trading/pricing";
import { tradeSettings } from "@/lib/trading/trade-settings";
import { withTestDatabase } from "../support/db";
import { fund } from "../support/ledger";
import { setPrice } from "../support/prices";
import { createStrategy } from "../support/strategies";
import { balanceOf, writes } from "../support/trading";
import { registerUser } from "../support/users";

// The order rules at their edges: an order exactly at a bound is allowed and one unit past it is
// refused, so a `<` written for `<=` (or the reverse) shows. Each user trades with no spread, so the
// ask and the bid are the feed's price and the arithmetic below is the order's own.

const db = withTestDatabase();
const UNIT = 1_000_000n;

const place = (userId: string, request: OrderRequest) => runTransaction(db(), (tx) => placeOrder(tx, userId, request));

async function trader(overrides: Partial<typeof tradeConfigs.$inferInsert> = {}) {
  const { user, token } = await registerUser();
  await fund(db(), user.id, "USDT", 100_000_000_000n);
  await fund(db(), user.id, "XAUT", 10_000_000n);
  await db()
    .insert(tradeConfigs)
    .values({ userId: user.id, spreadBps: 0, ...overrides });
  return { id: user.id, token };
}

const refusal = (code: string, message?: string) => ({
  status: 422,
  code,
  ...(message === undefined ? {} : { message }),
});

describe("an order's quantity", () => {
  it("may be exactly the minimum or the maximum, not a unit outside them", async () => {
    await setPrice(db(), "4000");
    const { id } = await trader({ minQuantity: 10_000n, maxQuantity: 20_000n });
    const before = await writes(db());
    await expect(place(id, { side: "buy", type: "market", quantity: 9_999n })).rejects.toMatchObject(
      refusal("QUANTITY_TOO_SMALL", "The minimum order is 0.010000 XAUt"),
    );
    await expect(
      place(id, { side: "sell", type: "limit", quantity: 20_001n, limitPrice: 9_000n * UNIT }),
    ).rejects.toMatchObject(refusal("QUANTITY_TOO_LARGE", "The maximum order is 0.020000 XAUt"));
    expect(await writes(db())).toEqual(before);

    expect((await place(id, { side: "buy", type: "market", quantity: 10_000n })).order).toMatchObject({
      status: "filled",
      quantity: 10_000n,
    });
    expect(
      (await place(id, { side: "sell", type: "limit", quantity: 20_000n, limitPrice: 9_000n * UNIT })).order,
    ).toMatchObject({ status: "open", quantity: 20_000n });
  });

  it("bought for a total may be exactly the minimum: a total a unit short of it is refused", async () => {
    await setPrice(db(), "4000");
    const { id } = await trader({ minQuantity: 10_000n, feeBps: 25 });
    // 0.01 XAUt at 4,000 costs 40 USDT and a 0.1 USDT fee.
    const total = buyDebit(10_000n, 4_000n * UNIT, 25, UNIT);
    expect(total).toBe(40_100_000n);
    await expect(place(id, { side: "buy", type: "market", total: total - 1n })).rejects.toMatchObject(
      refusal("QUANTITY_TOO_SMALL", "That total buys less than the minimum order of 0.010000 XAUt"),
    );
    const bought = await place(id, { side: "buy", type: "market", total });
    expect(bought.order).toMatchObject({ status: "filled", quantity: 10_000n, cost: 40_000_000n, fee: 100_000n });
    expect(await balanceOf(db(), id, "USDT")).toBe(100_000_000_000n - total);
  });
});

describe("an order too small to trade", () => {
  it("is refused when a sell would pay nothing after the fee, at market or at its limit; a buy as small is not", async () => {
    // 0.001 XAUt at 0.001999 USDT pays 0.000001 USDT, all of it the fee.
    await setPrice(db(), "0.001999");
    const { id } = await trader({ minQuantity: 1_000n, feeBps: 20 });
    const before = await writes(db());
    await expect(place(id, { side: "sell", type: "market", quantity: 1_000n })).rejects.toMatchObject(
      refusal("ORDER_TOO_SMALL", "This order is too small to trade"),
    );
    await expect(
      place(id, { side: "sell", type: "limit", quantity: 1_000n, limitPrice: 1_999n }),
    ).rejects.toMatchObject(refusal("ORDER_TOO_SMALL", "This order is too small to trade"));
    expect(await writes(db())).toEqual(before);
    // Twice the quantity pays 0.000003 USDT, 0.000001 of it the fee: it trades.
    expect((await place(id, { side: "sell", type: "market", quantity: 2_000n })).order).toMatchObject({
      status: "filled",
      cost: 3n,
      fee: 1n,
    });
    expect(
      (await place(id, { side: "sell", type: "limit", quantity: 2_000n, limitPrice: 1_999n })).order,
    ).toMatchObject({ status: "filled", cost: 3n, fee: 1n });
    // A buy always pays something: 0.001 XAUt at a limit of 0.001998, where a sell would pay all
    // of its 0.000001 USDT in fee, holds a cost of 0.000002 and a fee of 0.000001, and waits.
    expect((await place(id, { side: "buy", type: "limit", quantity: 1_000n, limitPrice: 1_998n })).order).toMatchObject(
      { status: "open", held: 3n },
    );
    expect(await checkLedger(db())).toEqual([]);
  });
});

describe("the daily limit", () => {
  it("may be reached exactly, by limit and market orders together; after that not a unit more", async () => {
    await setPrice(db(), "4000");
    const { id } = await trader({ minQuantity: 1n, dailyLimit: 40_000_000n });
    // A limit buy that waits counts at its limit price: 0.005 × 3,000 = 15 USDT.
    expect(
      (await place(id, { side: "buy", type: "limit", quantity: 5_000n, limitPrice: 3_000n * UNIT })).order,
    ).toMatchObject({ status: "open" });
    // A market buy at its cost: 0.00625 × 4,000 = 25 USDT, which brings the day to 40 exactly.
    expect((await place(id, { side: "buy", type: "market", quantity: 6_250n })).order).toMatchObject({
      status: "filled",
      cost: 25_000_000n,
    });
    await expect(place(id, { side: "buy", type: "market", quantity: 1n })).rejects.toMatchObject(
      refusal(
        "DAILY_LIMIT_EXCEEDED",
        "This order would pass your daily trading limit of 40.00 USDT (0.00 USDT left today)",
      ),
    );
    await expect(
      place(id, { side: "sell", type: "limit", quantity: 1n, limitPrice: 9_000n * UNIT }),
    ).rejects.toMatchObject(refusal("DAILY_LIMIT_EXCEEDED"));
  });

  it("lowered below what the user already traded today leaves nothing, not a negative amount", async () => {
    await setPrice(db(), "4000");
    const { id } = await trader({ dailyLimit: 100_000_000n });
    await place(id, { side: "buy", type: "market", quantity: 10_000n });
    await db().update(tradeConfigs).set({ dailyLimit: 30_000_000n }).where(eq(tradeConfigs.userId, id));
    await expect(place(id, { side: "buy", type: "market", quantity: 1_000n })).rejects.toMatchObject(
      refusal(
        "DAILY_LIMIT_EXCEEDED",
        "This order would pass your daily trading limit of 30.00 USDT (0.00 USDT left today)",
      ),
    );
    // The trade screen's rules say the same: 40 USDT used (0.01 XAUt at 4,000, no spread), none left.
    expect((await tradeSettings(db(), id)).settings).toMatchObject({
      dailyLimit: "30.000000",
      dailyUsed: "40.000000",
      dailyRemaining: "0.000000",
    });
  });
});

describe("open limit orders", () => {
  it(`are at most ${MAX_OPEN_ORDERS} of the user's own at a time; a cancelled one frees a place`, async () => {
    await setPrice(db(), "4000");
    const { id, token } = await trader({ minQuantity: 1n });
    // Placed as the trade path writes them, the funds on hold: buys at 1 USDT never cross.
    const limit = { side: "buy", type: "limit", quantity: 1_000n, limitPrice: UNIT } as const;
    for (let i = 0; i < MAX_OPEN_ORDERS; i++) await place(id, limit);
    await expect(place(id, limit)).rejects.toMatchObject(
      refusal(
        "TOO_MANY_OPEN_ORDERS",
        `You can have at most ${MAX_OPEN_ORDERS} open orders. Cancel one to place another`,
      ),
    );
    // A market order is not held back by them.
    expect((await place(id, { side: "buy", type: "market", quantity: 1_000n })).order).toMatchObject({
      status: "filled",
    });
    const [first] = await db().select({ id: orders.id }).from(orders).where(eq(orders.userId, id)).limit(1);
    await runTransaction(db(), (tx) => cancelOrder(tx, id, first!.id));
    expect((await place(id, limit)).order).toMatchObject({ status: "open" });
    // A strategy's orders are bounded by its levels, not counted with the user's own.
    const grid = await createStrategy(token, {
      type: "grid",
      lower: "3000",
      upper: "3500",
      levels: 3,
      investment: "300",
      acceptRisk: true,
    });
    expect(grid.status, JSON.stringify(grid.body)).toBe(201);
    const gridOrders = await db()
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.strategyId, (grid.body.strategy as { id: string }).id));
    expect(gridOrders.length).toBeGreaterThan(0);
    expect(gridOrders.every((o) => o.status === "open")).toBe(true);
  });
});

describe("the trader", () => {
  it("must exist and be active, checked under the lock before anything is written", async () => {
    await setPrice(db(), "4000");
    const { id } = await trader();
    await db().update(users).set({ status: "disabled" }).where(eq(users.id, id));
    const before = await writes(db());
    await expect(place(id, { side: "buy", type: "market", quantity: 10_000n })).rejects.toMatchObject({
      status: 403,
      code: "ACCOUNT_NOT_ACTIVE",
      message: "This account is not active",
    });
    await expect(place(newId(), { side: "buy", type: "market", quantity: 10_000n })).rejects.toMatchObject({
      status: 404,
      message: "User not found",
    });
    expect(await writes(db())).toEqual(before);
  });
});
