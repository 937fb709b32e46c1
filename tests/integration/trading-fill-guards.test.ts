import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, tradeConfigs, type Order } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { checkLedger } from "@/lib/ledger/check";
import { fillCrossedOrders } from "@/lib/strategies/fill-job";
import { fillLimitOrder } from "@/lib/trading/fill-limit";
import { currentQuote, marketAssets } from "@/lib/trading/market";
import { placeOrder } from "@/lib/trading/place-order";
import { withTestDatabase } from "../support/db";
import { fund } from "../support/ledger";
import { setPrice } from "../support/prices";
import { balanceOf, writes } from "../support/trading";
import { registerUser } from "../support/users";

// A limit order's fill checks for itself what its callers (the fill job, a limit placed past the
// market) have already checked: that the quote reaches it, that it is still open, and that its hold
// covers exactly what it pays. Each check is the last one before money moves, so each is tried here
// with a caller that got it wrong, and nothing may be written.

const db = withTestDatabase();

/** A user trading with no spread (the ask and the bid are the feed's price) and a limit order of theirs, waiting. */
async function waiting(side: "buy" | "sell", limitPrice: bigint): Promise<{ userId: string; order: Order }> {
  await setPrice(db(), "4000");
  const { user } = await registerUser();
  await fund(db(), user.id, "USDT", 100_000_000_000n);
  await fund(db(), user.id, "XAUT", 10_000_000n);
  await db().insert(tradeConfigs).values({ userId: user.id, spreadBps: 0 });
  const placed = await runTransaction(db(), (tx) =>
    placeOrder(tx, user.id, { side, type: "limit", quantity: 10_000n, limitPrice }),
  );
  expect(placed.order.status).toBe("open");
  return { userId: user.id, order: placed.order };
}

async function fill(order: Order) {
  const quote = (await currentQuote(db(), 0))!;
  const m = await marketAssets(db());
  return runTransaction(db(), (tx) => fillLimitOrder(tx, order, quote, m));
}

const stored = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

describe("a limit order's fill", () => {
  it("is refused when the quote does not reach the order", async () => {
    const { order } = await waiting("buy", 3_000_000_000n);
    const before = await writes(db());
    await expect(fill(order)).rejects.toThrow(`order ${order.id} does not cross the quote`);
    expect(await writes(db())).toEqual(before);
    expect((await stored(order.id)).status).toBe("open");
  });

  it("happens once: a copy of the order read before another runner filled it is refused, and its posting rolls back", async () => {
    const { userId, order } = await waiting("buy", 3_000_000_000n);
    // A second order of the user's, further from the market, keeps enough on hold that the ledger
    // alone would let the stale copy pay: only the order's status stops a second fill.
    await runTransaction(db(), (tx) =>
      placeOrder(tx, userId, { side: "buy", type: "limit", quantity: 20_000n, limitPrice: 2_000_000_000n }),
    );
    await setPrice(db(), "2900");
    await fillCrossedOrders(db());
    expect((await stored(order.id)).status).toBe("filled");
    const [usdt, xaut, before] = [
      await balanceOf(db(), userId, "USDT"),
      await balanceOf(db(), userId, "XAUT"),
      await writes(db()),
    ];
    await expect(fill(order)).rejects.toThrow(`order ${order.id} was no longer open`);
    expect([await balanceOf(db(), userId, "USDT"), await balanceOf(db(), userId, "XAUT"), await writes(db())]).toEqual([
      usdt,
      xaut,
      before,
    ]);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("of a buy is refused when the order's hold is less than the fill takes", async () => {
    const { order } = await waiting("buy", 3_000_000_000n);
    await setPrice(db(), "3000");
    // At its limit a buy takes all it held; one unit less held cannot pay for it.
    const short = { ...order, held: order.held - 1n };
    const before = await writes(db());
    await expect(fill(short)).rejects.toThrow(
      `fill needs ${order.held} but order ${order.id} holds ${order.held - 1n}`,
    );
    expect(await writes(db())).toEqual(before);
    // The order as it is stored fills, its hold spent to the unit.
    await fill(await stored(order.id));
    expect(await balanceOf(db(), order.userId, "USDT", "hold")).toBe(0n);
  });

  it("of a sell is refused when the order holds other than the quantity it sells", async () => {
    const { order } = await waiting("sell", 5_000_000_000n);
    await setPrice(db(), "5000");
    const before = await writes(db());
    for (const held of [order.quantity - 1n, order.quantity + 1n]) {
      await expect(fill({ ...order, held })).rejects.toThrow(
        `sell of ${order.quantity} but order ${order.id} holds ${held}`,
      );
    }
    expect(await writes(db())).toEqual(before);
    await fill(await stored(order.id));
    expect(await balanceOf(db(), order.userId, "XAUT", "hold")).toBe(0n);
  });
});
