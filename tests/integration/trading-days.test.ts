import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tradeConfigs, tradingDays } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { checkLedger } from "@/lib/ledger/check";
import { utcDayStart } from "@/lib/core/time";
import { cancelOrder } from "@/lib/trading/cancel-order";
import { fillCrossedOrders } from "@/lib/strategies/fill-job";
import { placeOrder } from "@/lib/trading/place-order";
import { withTestDatabase } from "../support/db";
import { fund } from "../support/ledger";
import { setPrice } from "../support/prices";
import { registerUser } from "../support/users";

// The daily trading limit reads one kept row per user and UTC day (trading_days), which a trigger on
// orders keeps for every order written or changed. These follow it through each kind of change.

const db = withTestDatabase();

const today = () => utcDayStart(new Date()).toISOString().slice(0, 10);

async function kept(userId: string): Promise<bigint | undefined> {
  const [row] = await db()
    .select()
    .from(tradingDays)
    .where(and(eq(tradingDays.userId, userId), eq(tradingDays.day, today())));
  return row?.used;
}

const place = (userId: string, request: Parameters<typeof placeOrder>[2]) =>
  runTransaction(db(), (tx) => placeOrder(tx, userId, request));

describe("the day's trading total", () => {
  it("adds a market order at its cost, a waiting limit at its limit price, moves to the cost when it fills, and drops a cancelled one", async () => {
    const { user } = await registerUser();
    await fund(db(), user.id, "USDT", 100_000_000_000n);
    await fund(db(), user.id, "XAUT", 10_000_000n);
    await db().insert(tradeConfigs).values({ userId: user.id, feeBps: 25, spreadBps: 0 });
    await setPrice(db(), "4000");
    expect(await kept(user.id)).toBeUndefined();

    // 0.001234 XAUT at 4,000: 4.936 USDT.
    await place(user.id, { side: "buy", type: "market", quantity: 1_234n });
    expect(await kept(user.id)).toBe(4_936_000n);

    // A buy waiting at 3,999.999999: 0.003333 × 3,999.999999 = 13.331999996667, rounded up to 13.332000 USDT.
    const waiting = await place(user.id, { side: "buy", type: "limit", quantity: 3_333n, limitPrice: 3_999_999_999n });
    expect(waiting.order.status).toBe("open");
    expect(await kept(user.id)).toBe(4_936_000n + 13_332_000n);

    // It fills at the ask of 3,990: its part becomes what it cost, 13.298670 USDT.
    await setPrice(db(), "3990");
    expect(await fillCrossedOrders(db())).toBeGreaterThan(0);
    expect(await kept(user.id)).toBe(4_936_000n + 13_298_670n);

    // A sell waiting at 5,000, then cancelled: counted while it waits, not after.
    const sell = await place(user.id, { side: "sell", type: "limit", quantity: 1_000n, limitPrice: 5_000_000_000n });
    expect(await kept(user.id)).toBe(4_936_000n + 13_298_670n + 5_000_000n);
    await runTransaction(db(), (tx) => cancelOrder(tx, user.id, sell.order.id));
    expect(await kept(user.id)).toBe(4_936_000n + 13_298_670n);

    expect(await checkLedger(db())).toEqual([]);
  });

  it("is what the limit reads, and ledger:check names a total that no longer matches its orders", async () => {
    const { user } = await registerUser();
    await fund(db(), user.id, "USDT", 100_000_000_000n);
    await db().insert(tradeConfigs).values({ userId: user.id, spreadBps: 0, dailyLimit: 10_000_000n });
    await setPrice(db(), "4000");
    await place(user.id, { side: "buy", type: "market", quantity: 1_000n });
    expect(await kept(user.id)).toBe(4_000_000n);

    // Raised by hand past the limit: the next order is refused on it, though the orders say 4 USDT.
    await db().update(tradingDays).set({ used: 9_000_000n }).where(eq(tradingDays.userId, user.id));
    await expect(place(user.id, { side: "buy", type: "market", quantity: 1_000n })).rejects.toMatchObject({
      status: 422,
      code: "DAILY_LIMIT_EXCEEDED",
    });
    expect(await checkLedger(db())).toEqual([
      {
        rule: "each day's trading total equals its orders",
        detail: `user ${user.id} on ${today()}: kept 9000000, orders sum to 4000000`,
      },
    ]);

    await db().update(tradingDays).set({ used: 4_000_000n }).where(eq(tradingDays.userId, user.id));
    await place(user.id, { side: "buy", type: "market", quantity: 1_000n });
    expect(await kept(user.id)).toBe(8_000_000n);
    expect(await checkLedger(db())).toEqual([]);
  });
});
