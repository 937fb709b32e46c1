import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as balanceRoute } from "@/app/api/auth/balance/route";
import { GET as userOrdersRoute } from "@/app/api/trades/user/route";
import { journals, orders } from "@/db/schema";
import { newId } from "@/lib/core/ids";
import { dailyUsed } from "@/lib/trading/daily";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { balanceOf, cancel, trade } from "../support/trading";
import { registerUser } from "../support/users";

// Cancelling, listing and valuing a user's orders and balances, and the day's use the limit reads.
// Site defaults: fee 20 bps, spread 30 bps. The tests run in order: the first one sees no price yet.
const db = withTestDatabase();

async function trader(usdt: string, xaut?: string) {
  const { user, token } = await registerUser();
  await fund(db(), user.id, "USDT", units(usdt));
  if (xaut) await fund(db(), user.id, "XAUT", units(xaut));
  return { id: user.id, token };
}

const idOf = (res: { body: Record<string, unknown> }) => (res.body.order as { id: string }).id;

describe("a user's balances in USDT", () => {
  it("before the feed's first price: XAUT unvalued, no bid, no time, nothing said about staleness", async () => {
    const u = await trader("123.456789", "0.5");
    const res = await call(balanceRoute, { token: u.token });
    expect(res.status).toBe(200);
    const byAsset = Object.fromEntries(
      (res.body.balances as { asset: string; valueUsdt: string | null }[]).map((b) => [b.asset, b.valueUsdt]),
    );
    expect(byAsset).toMatchObject({ USDT: "123.456789", XAUT: null, ETH: null });
    expect(res.body.totalUsdt).toBe("123.456789");
    // XAUT is held and has no price; ETH has no price but none is held, so it is not named.
    expect(res.body.valuation).toStrictEqual({ xautBid: null, priceAt: null, stale: null, unvalued: ["XAUT"] });
  });

  it("with a price: its bid and time, stale once it is old, XAUT set aside counted at the bid", async () => {
    const at = new Date(Date.now() - 5 * 60_000);
    await setPrice(db(), "2650.000001", at);
    const u = await trader("10", "0.5");
    // 2650.000001 × 0.997 = 2642.050000997, rounded down; 0.5 of it is 1321.025000.
    const res = await call(balanceRoute, { token: u.token });
    expect(res.body.valuation).toStrictEqual({
      xautBid: "2642.050000",
      priceAt: at.toISOString(),
      stale: true,
      unvalued: [],
    });
    expect(res.body.totalUsdt).toBe("1331.025000");

    await setPrice(db(), "2650.000001");
    await trade(u.token, { side: "sell", type: "limit", quantity: "0.2", price: "9000" });
    const fresh = await call(balanceRoute, { token: u.token });
    expect(fresh.body.valuation).toMatchObject({ stale: false, unvalued: [] });
    expect(fresh.body.totalUsdt).toBe("1331.025000");
  });
});

describe("cancelling a limit order", () => {
  it("returns a buy's USDT and a sell's XAUT from hold to spot, in a journal saying which, and stamps the order", async () => {
    await setPrice(db(), "2650");
    const u = await trader("1000", "1");
    // 0.1 at 2600 holds 260 USDT and its 0.52 USDT fee; 0.3 XAUT held for the sell.
    const buy = idOf(await trade(u.token, { side: "buy", type: "limit", quantity: "0.1", price: "2600" }));
    const sell = idOf(await trade(u.token, { side: "sell", type: "limit", quantity: "0.3", price: "5000" }));
    expect(await balanceOf(db(), u.id, "USDT", "hold")).toBe(units("260.52"));
    expect(await balanceOf(db(), u.id, "XAUT", "hold")).toBe(units("0.3"));

    const before = new Date();
    const res = await cancel(u.token, buy);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: "Order cancelled",
      order: { id: buy, status: "cancelled", held: "260.520000" },
    });
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units("1000"));
    expect(await balanceOf(db(), u.id, "USDT", "hold")).toBe(0n);
    // The sell's hold is untouched by the buy's cancel.
    expect(await balanceOf(db(), u.id, "XAUT", "hold")).toBe(units("0.3"));

    expect((await cancel(u.token, sell)).status).toBe(200);
    expect(await balanceOf(db(), u.id, "XAUT")).toBe(units("1"));
    expect(await balanceOf(db(), u.id, "XAUT", "hold")).toBe(0n);

    const cancelled = await db().select().from(orders).where(eq(orders.userId, u.id));
    for (const o of cancelled) {
      expect(o.status).toBe("cancelled");
      expect(o.cancelledAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1_000);
    }
    const written = await db()
      .select({ kind: journals.kind, reference: journals.reference, memo: journals.memo, actorId: journals.actorId })
      .from(journals)
      .where(and(eq(journals.actorId, u.id), eq(journals.kind, "trade")));
    expect(written.filter((j) => j.memo?.endsWith("cancelled"))).toEqual(
      expect.arrayContaining([
        { kind: "trade", reference: buy, memo: "Limit buy cancelled", actorId: u.id },
        { kind: "trade", reference: sell, memo: "Limit sell cancelled", actorId: u.id },
      ]),
    );
    expect(written.filter((j) => j.memo?.endsWith("cancelled"))).toHaveLength(2);
  });

  it("refuses someone else's order as not found, one no longer open, and a strategy's, each with its sentence", async () => {
    await setPrice(db(), "2650");
    const u = await trader("1000");
    const other = await trader("1000");
    const open = idOf(await trade(u.token, { side: "buy", type: "limit", quantity: "0.1", price: "2600" }));
    expect(await cancel(other.token, open)).toMatchObject({
      status: 404,
      body: { code: "NOT_FOUND", message: "Order not found" },
    });

    const filled = idOf(await trade(u.token, { side: "buy", type: "market", quantity: "0.01" }));
    expect(await cancel(u.token, filled)).toMatchObject({
      status: 409,
      body: { code: "ORDER_NOT_OPEN", message: "This order is already filled" },
    });

    // An order a strategy placed waits in the user's own hold, but only the strategy may withdraw it.
    const byStrategy = newId();
    await db()
      .insert(orders)
      .values({
        id: byStrategy,
        userId: u.id,
        side: "sell",
        type: "limit",
        status: "open",
        quantity: 1_000n,
        limitPrice: units("9000"),
        held: 0n,
        feeBps: 20,
        strategyId: newId(),
        gridLevel: 2,
      });
    expect(await cancel(u.token, byStrategy)).toMatchObject({
      status: 409,
      body: {
        code: "STRATEGY_ORDER",
        message: "This order belongs to one of your strategies: pause or stop the strategy on AI trading",
      },
    });
    const [row] = await db().select().from(orders).where(eq(orders.id, byStrategy));
    expect(row).toMatchObject({ status: "open", cancelledAt: null });
    expect(await balanceOf(db(), u.id, "USDT", "hold")).toBe(units("260.52"));
  });
});

describe("listing a user's orders", () => {
  it("filters by side and status, pages from the newest, and always shows the user's own open orders", async () => {
    await setPrice(db(), "2650");
    const u = await trader("5000", "1");
    const placed: string[] = [];
    for (const body of [
      { side: "buy", type: "market", quantity: "0.011" },
      { side: "sell", type: "limit", quantity: "0.012", price: "9000" },
      { side: "buy", type: "limit", quantity: "0.013", price: "2000" },
      { side: "sell", type: "market", quantity: "0.014" },
      { side: "buy", type: "market", quantity: "0.015" },
    ]) {
      placed.push(idOf(await trade(u.token, body)));
      // Each its own moment, so newest first is one order.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const other = await trader("5000");
    await trade(other.token, { side: "buy", type: "limit", quantity: "0.016", price: "2100" });

    const list = async (query: string) => {
      const res = await call(userOrdersRoute, { token: u.token, path: `/api/trades/user?${query}` });
      expect(res.status).toBe(200);
      return res.body as unknown as {
        orders: { id: string; quantity: string }[];
        open: { quantity: string }[];
        total: number;
        page: number;
        pageSize: number;
      };
    };
    const second = await list("page=2&pageSize=2");
    expect(second.orders.map((o) => o.quantity)).toEqual(["0.013000", "0.012000"]);
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect((await list("page=3&pageSize=2")).orders.map((o) => o.quantity)).toEqual(["0.011000"]);

    const buys = await list("side=buy");
    expect(buys.orders.map((o) => o.quantity)).toEqual(["0.015000", "0.013000", "0.011000"]);
    expect(buys.total).toBe(3);
    const sells = await list("side=sell&status=filled");
    expect(sells.orders.map((o) => o.quantity)).toEqual(["0.014000"]);
    expect(sells.total).toBe(1);
    // The open orders come with every page, the other user's never.
    expect(sells.open.map((o) => o.quantity)).toEqual(["0.013000", "0.012000"]);
  });
});

describe("the day's use", () => {
  it("is nothing for a user who placed no order that day, and the day's notional otherwise", async () => {
    await setPrice(db(), "2650");
    const u = await trader("1000");
    expect(await dailyUsed(db(), u.id)).toBe(0n);
    await trade(u.token, { side: "buy", type: "market", quantity: "0.012345" });
    // 0.012345 × 2657.95 = 32.81239275, the cost rounded up.
    expect(await dailyUsed(db(), u.id)).toBe(32_812_393n);
    expect(await dailyUsed(db(), u.id, new Date(Date.now() + 86_400_000))).toBe(0n);
  });
});
