import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "@/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import { fillCrossedOrders } from "@/lib/strategies/fill-job";
import { askOf, bidOf, buyDebit, buyFill, sellFill } from "@/lib/trading/pricing";
import { withTestDatabase } from "../support/db";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { createStrategy } from "../support/strategies";
import { balanceOf, trade } from "../support/trading";
import { registerUser } from "../support/users";

// Where a price limit meets the market: a buy's limit (or a recurring buy's ceiling) is compared with
// the ask, a sell's with the bid, and reaching it exactly counts. Limits sit one unit either side of
// the ask and bid, so a comparison with the feed's mid price or the other side, or `<` for `<=`, shows.

const db = withTestDatabase();

// Site defaults: fee 20 bps, spread 30 bps. At 2651.234567 the ask is 2659.188271 and the bid 2643.280863.
const PRICE = "2651.234567";
const ASK = "2659.188271";
const BID = "2643.280863";
const UNIT = 1_000_000n;
const Q = "0.123457";

async function trader() {
  const { user, token } = await registerUser();
  await fund(db(), user.id, "USDT", units("2345.678901"));
  await fund(db(), user.id, "XAUT", units("1.234567"));
  return { id: user.id, token };
}

const orderOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

describe("a limit order's price against the market", () => {
  it("the fixture: the limits below sit between the bid and the ask, one unit from them", () => {
    expect(askOf(units(PRICE), 30)).toBe(units(ASK));
    expect(bidOf(units(PRICE), 30)).toBe(units(BID));
  });

  it("when placed: a buy fills when the ask is at its limit, not a unit below; a sell when the bid is at its limit, not a unit above", async () => {
    await setPrice(db(), PRICE);
    const u = await trader();
    const place = async (side: "buy" | "sell", price: string) => {
      const res = await trade(
        u.token,
        { side, type: "limit", quantity: Q, price },
        { "Idempotency-Key": `trading-rules-${side}-${price}-${Date.now()}` },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return orderOf((res.body.order as { id: string }).id);
    };

    const buyBelow = await place("buy", "2659.188270");
    expect(buyBelow).toMatchObject({
      status: "open",
      fillPrice: null,
      held: buyDebit(units(Q), units("2659.188270"), 20, UNIT),
    });
    const buyAt = await place("buy", ASK);
    const bought = buyFill(units(Q), units(ASK), 20, UNIT);
    expect(buyAt).toMatchObject({ status: "filled", fillPrice: units(ASK), cost: bought.cost, fee: bought.fee });

    const sellAbove = await place("sell", "2643.280864");
    expect(sellAbove).toMatchObject({ status: "open", fillPrice: null, held: units(Q) });
    const sellAt = await place("sell", BID);
    const sold = sellFill(units(Q), units(BID), 20, UNIT);
    expect(sellAt).toMatchObject({ status: "filled", fillPrice: units(BID), cost: sold.cost, fee: sold.fee });

    // Still at the same price, the fill job leaves the two open ones open.
    expect(await fillCrossedOrders(db())).toBe(0);
    expect((await orderOf(buyBelow.id)).status).toBe("open");
    expect((await orderOf(sellAbove.id)).status).toBe("open");
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units("2345.678901") - buyBelow.held - bought.net + sold.net);
    expect(await balanceOf(db(), u.id, "XAUT")).toBe(units("1.234567") + units(Q) - 2n * units(Q));
    expect(await checkLedger(db())).toEqual([]);
  });

  it("by the fill job: when the market comes to the limits, the ones it reaches exactly fill and the ones a unit away do not", async () => {
    const u = await trader();
    const place = async (side: "buy" | "sell", price: string) => {
      const res = await trade(
        u.token,
        { side, type: "limit", quantity: Q, price },
        { "Idempotency-Key": `trading-rules-job-${side}-${price}-${Date.now()}` },
      );
      expect(res.body.order, JSON.stringify(res.body)).toMatchObject({ status: "open" });
      return (res.body.order as { id: string }).id;
    };
    // Sells placed while the bid is below them, buys while the ask is above them.
    await setPrice(db(), "2600.5");
    const sellAt = await place("sell", BID);
    const sellAbove = await place("sell", "2643.280864");
    await setPrice(db(), "2700.5");
    const buyAt = await place("buy", ASK);
    const buyBelow = await place("buy", "2659.188270");

    await setPrice(db(), PRICE);
    expect(await fillCrossedOrders(db())).toBe(2);
    expect(await orderOf(buyAt)).toMatchObject({ status: "filled", fillPrice: units(ASK) });
    expect(await orderOf(sellAt)).toMatchObject({ status: "filled", fillPrice: units(BID) });
    expect((await orderOf(buyBelow)).status).toBe("open");
    expect((await orderOf(sellAbove)).status).toBe("open");
    expect(await checkLedger(db())).toEqual([]);
  });
});

describe("a recurring buy's price ceiling", () => {
  it("is compared with the ask: a ceiling a unit below it skips the round, a ceiling at it buys", async () => {
    await setPrice(db(), PRICE);
    const round = async (priceCeiling: string) => {
      const u = await trader();
      const created = await createStrategy(u.token, {
        type: "recurring",
        amount: "123.45",
        period: "daily",
        priceCeiling,
        acceptRisk: true,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.strategy as { roundsRun: number; roundsSkipped: number; lastSkipReason: string | null };
    };
    expect(await round("2659.188270")).toMatchObject({
      roundsRun: 0,
      roundsSkipped: 1,
      lastSkipReason: expect.stringContaining("above your ceiling"),
    });
    expect(await round(ASK)).toMatchObject({ roundsRun: 1, roundsSkipped: 0 });
  });
});
