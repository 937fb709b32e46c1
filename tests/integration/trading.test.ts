import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as balanceRoute } from "@/app/api/auth/balance/route";
import { GET as recordsRoute } from "@/app/api/records/route";
import { GET as settingsRoute } from "@/app/api/trades/trade-settings/route";
import { GET as userOrdersRoute } from "@/app/api/trades/user/route";
import { accounts, entries, orders, tradeConfigs } from "@/db/schema";
import { setStatus } from "@/lib/admin/user-actions";
import { checkLedger } from "@/lib/ledger/check";
import { updateSettings } from "@/lib/settings";
import { fillCrossedOrders } from "@/lib/strategies/fill-job";
import { buyDebit, quantityForTotal } from "@/lib/trading/pricing";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { balanceOf, cancel, ordersOf, trade, writes } from "../support/trading";
import { registerUser } from "../support/users";

const db = withTestDatabase();
let admin: { id: string; ip: null };

// Site defaults: fee 20 bps, spread 30 bps, 0.001–1000 XAUT, 10000 USDT a day.
// At 2650 USDT the ask is 2657.95 and the bid 2642.05.
beforeAll(async () => {
  admin = { id: (await signInAdmin(db())).user.id, ip: null };
});
beforeEach(async () => {
  await setPrice(db(), "2650");
});

async function trader(usdtFunds = "1000", xautFunds?: string) {
  const { user, token } = await registerUser();
  if (usdtFunds !== "0") await fund(db(), user.id, "USDT", units(usdtFunds));
  if (xautFunds) await fund(db(), user.id, "XAUT", units(xautFunds));
  return { id: user.id, token };
}

/** The trade journal's entries as [owner, asset, amount], owner being "user:spot", "house", … */
async function legsOf(journalId: string) {
  const rows = await db()
    .select({ userId: accounts.userId, kind: accounts.kind, asset: accounts.asset, amount: entries.amount })
    .from(entries)
    .innerJoin(accounts, eq(accounts.id, entries.accountId))
    .where(eq(entries.journalId, journalId))
    .orderBy(entries.id);
  return rows.map((r) => [r.userId ? `user:${r.kind}` : r.kind, r.asset, r.amount]);
}

describe("market orders", () => {
  it("buys at the ask, the fee as its own entry, and shows the trade", async () => {
    const u = await trader("1000");
    const res = await trade(u.token, { side: "buy", type: "market", quantity: "0.1" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: "Bought 0.100000 XAUt for 266.32 USDT (fee 0.53 USDT)",
      order: {
        side: "buy",
        type: "market",
        status: "filled",
        quantity: "0.100000",
        price: "2657.950000",
        cost: "265.795000",
        fee: "0.531590",
        feeBps: 20,
        total: "266.326590",
      },
    });
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units("733.67341"));
    expect(await balanceOf(db(), u.id, "XAUT")).toBe(100_000n);
    // The answer carries the balances after the order, for the screen to show without asking again.
    expect(res.body.balances).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ asset: "USDT", available: "733.673410" }),
        expect.objectContaining({ asset: "XAUT", available: "0.100000" }),
      ]),
    );
    const [order] = await ordersOf(db(), u.id);
    // Placed and filled in one moment, its own: not the transaction's start, as a database default would stamp it.
    expect(order!.createdAt).toEqual(order!.filledAt);
    expect(await legsOf(order!.journalId!)).toEqual([
      ["user:spot", "USDT", -265_795_000n],
      ["house", "USDT", 265_795_000n],
      ["user:spot", "USDT", -531_590n],
      ["fees", "USDT", 531_590n],
      ["house", "XAUT", -100_000n],
      ["user:spot", "XAUT", 100_000n],
    ]);
    expect(await checkLedger(db())).toEqual([]);

    // In the user's records the fee is named, apart from the cost it was charged on.
    const records = (await call(recordsRoute, { token: u.token, path: "/api/records?kind=trade&asset=USDT" })).body
      .records as { amount: string; label: string | null }[];
    expect(records.map((r) => [r.amount, r.label])).toEqual([
      ["-0.531590", "Fee"],
      ["-265.795000", null],
    ]);
  });

  it("rounds a buy's cost and fee up", async () => {
    const u = await trader("10");
    // 0.001234 × 2657.95 = 3.2799103 → 3.279911; fee 0.2% of that = 0.0065598… → 0.006560.
    const res = await trade(u.token, { side: "buy", type: "market", quantity: "0.001234" });
    expect(res.body.order).toMatchObject({ cost: "3.279911", fee: "0.006560", total: "3.286471" });
  });

  it("sells at the bid, proceeds rounded down, the fee taken from them", async () => {
    const u = await trader("0", "0.5");
    const res = await trade(u.token, { side: "sell", type: "market", quantity: "0.05" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: "Sold 0.050000 XAUt for 131.83 USDT (fee 0.26 USDT)",
      order: { price: "2642.050000", cost: "132.102500", fee: "0.264205" },
    });
    expect(await balanceOf(db(), u.id, "USDT")).toBe(131_838_295n);
    expect(await balanceOf(db(), u.id, "XAUT")).toBe(450_000n);
    const [order] = await ordersOf(db(), u.id);
    expect(await legsOf(order!.journalId!)).toEqual([
      ["user:spot", "XAUT", -50_000n],
      ["house", "XAUT", 50_000n],
      ["house", "USDT", -132_102_500n],
      ["user:spot", "USDT", 132_102_500n],
      ["user:spot", "USDT", -264_205n],
      ["fees", "USDT", 264_205n],
    ]);
  });

  it("buys for a USDT total: the most XAUT whose cost and fee fit in it", async () => {
    const u = await trader("1000");
    const res = await trade(u.token, { side: "buy", type: "market", total: "100" });
    expect(res.status).toBe(201);
    const ask = units("2657.95");
    const q = quantityForTotal(units("100"), ask, 20, 1_000_000n);
    expect(buyDebit(q, ask, 20, 1_000_000n)).toBeLessThanOrEqual(units("100"));
    expect(buyDebit(q + 1n, ask, 20, 1_000_000n)).toBeGreaterThan(units("100"));
    expect(res.body.order).toMatchObject({ quantity: "0.037547" });
    expect(await balanceOf(db(), u.id, "XAUT")).toBe(q);
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units("1000") - buyDebit(q, ask, 20, 1_000_000n));
  });

  it.each([
    [
      "more USDT than the user has",
      "5",
      { side: "buy", type: "market", quantity: "0.01" },
      "INSUFFICIENT_FUNDS",
      "Insufficient USDT balance",
    ],
    [
      "a fee the balance cannot cover",
      "26.5795",
      { side: "buy", type: "market", quantity: "0.01" },
      "INSUFFICIENT_FUNDS",
      "Insufficient USDT balance",
    ],
    [
      "XAUT the user does not have",
      "1000",
      { side: "sell", type: "market", quantity: "0.01" },
      "INSUFFICIENT_FUNDS",
      "Insufficient XAUt balance",
    ],
    [
      "less than the minimum",
      "1000",
      { side: "buy", type: "market", quantity: "0.0009" },
      "QUANTITY_TOO_SMALL",
      "The minimum order is 0.001000 XAUt",
    ],
    [
      "more than the maximum",
      "1000",
      { side: "buy", type: "market", quantity: "1000.000001" },
      "QUANTITY_TOO_LARGE",
      "The maximum order is 1,000.000000 XAUt",
    ],
    [
      "a total below the minimum",
      "1000",
      { side: "buy", type: "market", total: "2" },
      "QUANTITY_TOO_SMALL",
      "That total buys less than the minimum order of 0.001000 XAUt",
    ],
  ])("refuses %s with a 422 and writes nothing", async (_, funds, body, code, message) => {
    const u = await trader(funds);
    const before = await writes(db());
    const res = await trade(u.token, body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, code, message });
    expect(await writes(db())).toEqual(before);
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units(funds === "0" ? "0" : funds));
  });

  it.each([
    ["an unknown side", { side: "hold", type: "market", quantity: "1" }, 'side must be "buy" or "sell"'],
    [
      "an unknown type",
      { side: "buy", type: "stop", quantity: "1" },
      'type must be "market", "limit", "stop_limit" or "oco"',
    ],
    ["no quantity", { side: "buy", type: "market" }, "Please enter a quantity"],
    [
      "a float quantity",
      { side: "buy", type: "market", quantity: 0.1 },
      'Amount must be a decimal string such as "12.50"',
    ],
    ["a negative quantity", { side: "buy", type: "market", quantity: "-1" }, "Amount must be greater than zero"],
    ["seven decimals", { side: "buy", type: "market", quantity: "0.0000001" }, "XAUt amounts have at most 6 decimals"],
    [
      "a total for a sell",
      { side: "sell", type: "market", total: "10" },
      "A total is only for market buys; give a quantity",
    ],
    [
      "both quantity and total",
      { side: "buy", type: "market", quantity: "1", total: "10" },
      "Give either a quantity or a total, not both",
    ],
    ["a limit without a price", { side: "buy", type: "limit", quantity: "1" }, "A limit order needs a price"],
    [
      "a market order with a price",
      { side: "buy", type: "market", quantity: "1", price: "2000" },
      "A market order takes no price: it fills at the current price",
    ],
  ])("refuses %s with a 400", async (_, body, message) => {
    const u = await trader("1000");
    const before = await writes(db());
    const res = await trade(u.token, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
    expect(await writes(db())).toEqual(before);
  });

  it("needs a signed-in user", async () => {
    expect((await trade("", { side: "buy", type: "market", quantity: "1" })).status).toBe(401);
  });

  it("places once per Idempotency-Key and replays the first answer", async () => {
    const u = await trader("1000");
    const body = { side: "buy", type: "market", quantity: "0.01" };
    const headers = { "Idempotency-Key": "trade-once-000001" };
    const first = await trade(u.token, body, headers);
    const again = await trade(u.token, body, headers);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await ordersOf(db(), u.id)).toHaveLength(1);
    expect((await trade(u.token, { ...body, quantity: "0.02" }, headers)).status).toBe(409);
  });

  it("keeps one user's Idempotency-Key to that user: another user's same key places their own order", async () => {
    const [a, b] = [await trader("1000"), await trader("1000")];
    const key = { "Idempotency-Key": "shared-key-0001" };
    const first = await trade(a.token, { side: "buy", type: "market", quantity: "0.01" }, key);
    const second = await trade(b.token, { side: "buy", type: "market", quantity: "0.01" }, key);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
    expect((second.body.order as { id: string }).id).not.toBe((first.body.order as { id: string }).id);
    expect(await ordersOf(db(), b.id)).toHaveLength(1);
  });

  it("halts when trading is disabled for the site or for the user", async () => {
    const u = await trader("1000");
    const body = { side: "buy", type: "market", quantity: "0.01" };
    await updateSettings(db(), { trading: { enabled: false } }, admin);
    try {
      expect((await trade(u.token, body)).body).toMatchObject({
        code: "TRADING_DISABLED",
        message: "Trading is disabled at the moment",
      });
    } finally {
      await updateSettings(db(), { trading: { enabled: true } }, admin);
    }
    await db().insert(tradeConfigs).values({ userId: u.id, enabled: false });
    const res = await trade(u.token, body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: "TRADING_DISABLED",
      message: "Trading is disabled for your account. Please contact Customer Service",
    });
    expect(await ordersOf(db(), u.id)).toEqual([]);
  });

  it("keeps each user within their daily limit of USDT notional", async () => {
    const u = await trader("1000");
    await db()
      .insert(tradeConfigs)
      .values({ userId: u.id, dailyLimit: units("300") });
    expect((await trade(u.token, { side: "buy", type: "market", quantity: "0.1" })).status).toBe(201);
    const res = await trade(u.token, { side: "buy", type: "market", quantity: "0.02" });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: "DAILY_LIMIT_EXCEEDED",
      message: "This order would pass your daily trading limit of 300.00 USDT (34.20 USDT left today)",
    });
    // 0.012868 XAUT at the ask costs 34.202501 USDT: it fits; 0.012869 (34.205159) would not.
    expect((await trade(u.token, { side: "buy", type: "market", quantity: "0.012869" })).body.code).toBe(
      "DAILY_LIMIT_EXCEEDED",
    );
    expect((await trade(u.token, { side: "buy", type: "market", quantity: "0.012868" })).status).toBe(201);
  });
});

describe("limit orders", () => {
  it("wait while their owner's account is disabled, funds on hold, and fill once it is enabled", async () => {
    const u = await trader("1000");
    await trade(u.token, { side: "buy", type: "limit", quantity: "0.1", price: "2600" });
    await setStatus(db(), u.id, "disabled", admin);
    await setPrice(db(), "2590");
    expect(await fillCrossedOrders(db())).toBe(0);
    expect((await ordersOf(db(), u.id))[0]).toMatchObject({ status: "open" });
    expect(await balanceOf(db(), u.id, "USDT", "hold")).toBe(units("260.52"));

    await setStatus(db(), u.id, "active", admin);
    expect(await fillCrossedOrders(db())).toBe(1);
    expect((await ordersOf(db(), u.id))[0]).toMatchObject({ status: "filled" });
  });

  it("reserve in hold, fill once when the feed crosses, and return what the fill did not need", async () => {
    const u = await trader("1000");
    const placed = await trade(u.token, { side: "buy", type: "limit", quantity: "0.1", price: "2600" });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      message: "Limit buy placed: 0.100000 XAUt at 2,600.00 USDT",
      order: { status: "open", limitPrice: "2600.000000", held: "260.520000" },
    });
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units("739.48"));
    expect(await balanceOf(db(), u.id, "USDT", "hold")).toBe(units("260.52"));
    expect(placed.body.balances).toEqual(
      expect.arrayContaining([expect.objectContaining({ asset: "USDT", available: "739.480000" })]),
    );

    expect(await fillCrossedOrders(db())).toBe(0);
    // At 2590 the ask is 2597.77: at or below the limit.
    await setPrice(db(), "2590");
    expect(await fillCrossedOrders(db())).toBe(1);
    expect(await fillCrossedOrders(db())).toBe(0);

    const [order] = await ordersOf(db(), u.id);
    expect(order).toMatchObject({
      status: "filled",
      fillPrice: units("2597.77"),
      cost: units("259.777"),
      fee: 519_554n,
    });
    // The legs of one journal, in no particular order.
    const byText = (legs: unknown[][]) => legs.map((l) => l.join(" ")).sort();
    expect(byText(await legsOf(order!.journalId!))).toEqual(
      byText([
        ["user:hold", "USDT", -259_777_000n],
        ["house", "USDT", 259_777_000n],
        ["user:hold", "USDT", -519_554n],
        ["fees", "USDT", 519_554n],
        ["house", "XAUT", -100_000n],
        ["user:spot", "XAUT", 100_000n],
        ["user:hold", "USDT", -223_446n],
        ["user:spot", "USDT", 223_446n],
      ]),
    );
    expect(await balanceOf(db(), u.id, "USDT", "hold")).toBe(0n);
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units("739.48") + 223_446n);
    expect(await balanceOf(db(), u.id, "XAUT")).toBe(100_000n);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("sell: holds the XAUT, fills at the bid when it reaches the limit", async () => {
    const u = await trader("0", "1");
    const placed = await trade(u.token, { side: "sell", type: "limit", quantity: "0.2", price: "2700" });
    expect(placed.body.order).toMatchObject({ status: "open", held: "0.200000" });
    expect(await balanceOf(db(), u.id, "XAUT", "hold")).toBe(200_000n);
    expect(await fillCrossedOrders(db())).toBe(0);
    // At 2710 the bid is 2701.87.
    await setPrice(db(), "2710");
    expect(await fillCrossedOrders(db())).toBe(1);
    const [order] = await ordersOf(db(), u.id);
    expect(order).toMatchObject({
      status: "filled",
      fillPrice: units("2701.87"),
      cost: units("540.374"),
      fee: units("1.080748"),
    });
    expect(await balanceOf(db(), u.id, "XAUT", "hold")).toBe(0n);
    expect(await balanceOf(db(), u.id, "XAUT")).toBe(800_000n);
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units("540.374") - units("1.080748"));
  });

  it("fill when the ask or bid reaches the limit exactly, not a unit before", async () => {
    const buyer = await trader("1000");
    const seller = await trader("0", "1");
    // At 2590 the ask is exactly 2597.77; at 2710 the bid is exactly 2701.87.
    expect(
      (await trade(buyer.token, { side: "buy", type: "limit", quantity: "0.1", price: "2597.77" })).body.order,
    ).toMatchObject({ status: "open" });
    expect(
      (await trade(seller.token, { side: "sell", type: "limit", quantity: "0.1", price: "2701.87" })).body.order,
    ).toMatchObject({ status: "open" });
    await setPrice(db(), "2590.000001");
    expect(await fillCrossedOrders(db())).toBe(0);
    await setPrice(db(), "2590");
    expect(await fillCrossedOrders(db())).toBe(1);
    expect((await ordersOf(db(), buyer.id))[0]).toMatchObject({ status: "filled", fillPrice: units("2597.77") });
    await setPrice(db(), "2709.999999");
    expect(await fillCrossedOrders(db())).toBe(0);
    await setPrice(db(), "2710");
    expect(await fillCrossedOrders(db())).toBe(1);
    expect((await ordersOf(db(), seller.id))[0]).toMatchObject({ status: "filled", fillPrice: units("2701.87") });
  });

  it("fill at once when the market is already past the limit, at the better price", async () => {
    const u = await trader("3100");
    const res = await trade(u.token, { side: "buy", type: "limit", quantity: "1", price: "3000" });
    expect(res.body).toMatchObject({
      message: "Bought 1.000000 XAUt for 2,663.26 USDT (fee 5.31 USDT)",
      order: { status: "filled", price: "2657.950000" },
    });
    expect(await balanceOf(db(), u.id, "USDT", "hold")).toBe(0n);
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units("3100") - units("2663.2659"));
  });

  it("cancel releases the hold; a second cancel, or someone else's, is refused", async () => {
    const u = await trader("0", "1");
    const other = await trader("0");
    const placed = await trade(u.token, { side: "sell", type: "limit", quantity: "0.3", price: "5000" });
    const id = (placed.body.order as { id: string }).id;
    expect((await cancel(other.token, id)).status).toBe(404);
    const res = await cancel(u.token, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: "Order cancelled", order: { status: "cancelled" } });
    expect(await balanceOf(db(), u.id, "XAUT")).toBe(1_000_000n);
    expect(await balanceOf(db(), u.id, "XAUT", "hold")).toBe(0n);
    const again = await cancel(u.token, id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "ORDER_NOT_OPEN", message: "This order is already cancelled" });
    expect((await cancel(u.token, "not-a-uuid")).status).toBe(404);
    await setPrice(db(), "6000");
    expect(await fillCrossedOrders(db())).toBe(0);
  });

  it("needs the funds for its reservation, fee included", async () => {
    // 0.1 at 2600 reserves 260 USDT and a 0.52 USDT fee.
    const u = await trader("260.519999");
    const before = await writes(db());
    const res = await trade(u.token, { side: "buy", type: "limit", quantity: "0.1", price: "2600" });
    expect(res.body).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect(await writes(db())).toEqual(before);
  });

  it("does not fill for a user whose trading was disabled after placing", async () => {
    const u = await trader("1000");
    await trade(u.token, { side: "buy", type: "limit", quantity: "0.1", price: "2600" });
    await db().insert(tradeConfigs).values({ userId: u.id, enabled: false });
    await setPrice(db(), "2500");
    await fillCrossedOrders(db());
    const [order] = await ordersOf(db(), u.id);
    expect(order!.status).toBe("open");
    await db().delete(tradeConfigs).where(eq(tradeConfigs.userId, u.id));
    await fillCrossedOrders(db());
    expect((await ordersOf(db(), u.id))[0]!.status).toBe("filled");
  });
});

describe("reading", () => {
  it("trade-settings: the user's rules, today's use, and the current bid and ask", async () => {
    const u = await trader("1000");
    await db().insert(tradeConfigs).values({ userId: u.id, feeBps: 10 });
    await trade(u.token, { side: "buy", type: "market", quantity: "0.1" });
    const res = await call(settingsRoute, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      market: { base: "XAUT", quote: "USDT", baseDecimals: 6, quoteDecimals: 6 },
      settings: {
        enabled: true,
        feeBps: 10,
        spreadBps: 30,
        minQuantity: "0.001000",
        maxQuantity: "1000.000000",
        dailyLimit: "10000.000000",
        dailyUsed: "265.795000",
        dailyRemaining: "9734.205000",
      },
      price: { last: "2650.000000", bid: "2642.050000", ask: "2657.950000", stale: false },
    });
    expect((await call(settingsRoute)).status).toBe(401);
  });

  it("lists the user's orders, newest first and paginated, with the open ones", async () => {
    const u = await trader("1000", "1");
    await trade(u.token, { side: "buy", type: "market", quantity: "0.01" });
    await trade(u.token, { side: "sell", type: "limit", quantity: "0.1", price: "9000" });
    await trade(u.token, { side: "sell", type: "market", quantity: "0.02" });
    const other = await trader("1000");
    await trade(other.token, { side: "buy", type: "market", quantity: "0.01" });

    const all = await call(userOrdersRoute, { token: u.token, path: "/api/trades/user?pageSize=2" });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect((all.body.orders as { side: string; type: string }[]).map((o) => `${o.side} ${o.type}`)).toEqual([
      "sell market",
      "sell limit",
    ]);
    expect((all.body.open as { limitPrice: string }[]).map((o) => o.limitPrice)).toEqual(["9000.000000"]);
    const filled = await call(userOrdersRoute, { token: u.token, path: "/api/trades/user?status=filled" });
    expect(filled.body.total).toBe(2);
    const bad = await call(userOrdersRoute, { token: u.token, path: "/api/trades/user?status=lost" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("status must be open, filled or cancelled");
    expect((await call(userOrdersRoute, { token: u.token, path: "/api/trades/user?pageSize=101" })).status).toBe(400);
  });

  it("values balances in USDT: XAUT at the bid, stablecoins at par, BTC unvalued", async () => {
    const u = await trader("100");
    await fund(db(), u.id, "XAUT", units("0.5"));
    await fund(db(), u.id, "USDC", units("20"));
    await fund(db(), u.id, "BTC", 10_000_000n);
    // Held XAUT counts too.
    await trade(u.token, { side: "sell", type: "limit", quantity: "0.1", price: "9000" });
    const res = await call(balanceRoute, { token: u.token });
    expect(res.status).toBe(200);
    const byAsset = Object.fromEntries(
      (res.body.balances as { asset: string; valueUsdt: string | null }[]).map((b) => [b.asset, b.valueUsdt]),
    );
    // 0.5 × 2642.05 = 1321.025
    expect(byAsset).toEqual({ BTC: null, ETH: null, USDC: "20.000000", USDT: "100.000000", XAUT: "1321.025000" });
    expect(res.body.totalUsdt).toBe("1441.025000");
    expect(res.body.valuation).toMatchObject({ xautBid: "2642.050000", stale: false, unvalued: ["BTC"] });
  });
});

describe("the orders table", () => {
  it("holds a market order already filled, with nothing reserved", async () => {
    const u = await trader("1000");
    await trade(u.token, { side: "buy", type: "market", quantity: "0.01" });
    const rows = await db().select().from(orders).where(eq(orders.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: "market", status: "filled", held: 0n, limitPrice: null });
  });
});
