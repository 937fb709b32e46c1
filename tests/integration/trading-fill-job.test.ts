import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { orders, tradeConfigs, users } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { readEnv } from "@/lib/core/env";
import { fillCrossedOrders, limitOrderJob } from "@/lib/strategies/fill-job";
import { placeOrder } from "@/lib/trading/place-order";
import { askOf } from "@/lib/trading/pricing";
import { withTestDatabase } from "../support/db";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { cancel, trade } from "../support/trading";
import { racingBeforeFirstTransaction } from "../support/racing-db";
import { registerUser } from "../support/users";

// The fill job's own rules: what it reads before it fills, and what it checks again under each
// order's lock. Its own database: the feed's last tick decides what fills, and every open order in
// the database is the job's to scan.

const db = withTestDatabase();

afterEach(() => {
  vi.useRealTimers();
});

const statusOf = async (id: string) =>
  (await db().select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;

// The database as the fill job sees it, with `between` committed after the job chose its orders
// and before it locks the first of them.
const racing = (between: () => Promise<void>) => racingBeforeFirstTransaction(db(), between);

describe("the fill job", () => {
  it("fills nothing before the feed's first price", async () => {
    expect(await fillCrossedOrders(db())).toBe(0);
  });

  describe("checks each order again under its lock, and passes over one that changed since it chose it", () => {
    // Site defaults: spread 30 bps. A buy limited at 2600.37 is reached when the price falls to
    // 2592.58 (ask 2600.357740), and not at 2650.
    const LIMIT = "2600.37";
    const REACHED = "2592.58";
    let trader: { id: string; token: string };

    beforeAll(async () => {
      const { user, token } = await registerUser();
      await fund(db(), user.id, "USDT", units("5432.109876"));
      trader = { id: user.id, token };
    });

    async function waitingBuy(): Promise<string> {
      await setPrice(db(), "2650");
      const res = await trade(trader.token, { side: "buy", type: "limit", quantity: "0.123457", price: LIMIT });
      expect(res.body.order, JSON.stringify(res.body)).toMatchObject({ status: "open" });
      await setPrice(db(), REACHED);
      return (res.body.order as { id: string }).id;
    }

    it("an order cancelled", async () => {
      const id = await waitingBuy();
      const race = racing(async () => {
        expect((await cancel(trader.token, id)).status).toBe(200);
      });
      expect(await fillCrossedOrders(race.db)).toBe(0);
      expect(race.happened()).toBe(true);
      expect(await statusOf(id)).toBe("cancelled");
    });

    it("the price moved away", async () => {
      const id = await waitingBuy();
      const race = racing(() => setPrice(db(), "2650").then(() => undefined));
      expect(await fillCrossedOrders(race.db)).toBe(0);
      expect(race.happened()).toBe(true);
      expect(await statusOf(id)).toBe("open");
      expect((await cancel(trader.token, id)).status).toBe(200);
    });

    it("the price gone out of date", async () => {
      const id = await waitingBuy();
      const race = racing(async () => {
        vi.useFakeTimers({ toFake: ["Date"] });
        vi.setSystemTime(Date.now() + (readEnv().PRICE_STALE_SECONDS + 1) * 1000);
      });
      expect(await fillCrossedOrders(race.db)).toBe(0);
      expect(race.happened()).toBe(true);
      vi.useRealTimers();
      expect(await statusOf(id)).toBe("open");
      expect((await cancel(trader.token, id)).status).toBe(200);
    });

    it("trading switched off for its owner", async () => {
      const id = await waitingBuy();
      const race = racing(async () => {
        await db().insert(tradeConfigs).values({ userId: trader.id, enabled: false });
      });
      expect(await fillCrossedOrders(race.db)).toBe(0);
      expect(race.happened()).toBe(true);
      expect(await statusOf(id)).toBe("open");
      await db().delete(tradeConfigs).where(eq(tradeConfigs.userId, trader.id));
      expect((await cancel(trader.token, id)).status).toBe(200);
    });

    it("its owner's account disabled", async () => {
      const id = await waitingBuy();
      const race = racing(async () => {
        await db().update(users).set({ status: "disabled" }).where(eq(users.id, trader.id));
      });
      expect(await fillCrossedOrders(race.db)).toBe(0);
      expect(race.happened()).toBe(true);
      expect(await statusOf(id)).toBe("open");
      await db().update(users).set({ status: "active" }).where(eq(users.id, trader.id));
      expect((await cancel(trader.token, id)).status).toBe(200);
    });

    it("and fills it when nothing changed", async () => {
      const id = await waitingBuy();
      const race = racing(async () => {});
      expect(await fillCrossedOrders(race.db)).toBe(1);
      expect(await statusOf(id)).toBe("filled");
    });
  });

  it("is the job the server runs every second, and a run fills what the price reaches", async () => {
    expect(limitOrderJob).toMatchObject({ name: "trading.fill-limit-orders", everyMs: 1_000 });
    await setPrice(db(), "2650");
    const { user, token } = await registerUser();
    await fund(db(), user.id, "USDT", units("765.432109"));
    const res = await trade(token, { side: "buy", type: "limit", quantity: "0.054321", price: "2600.37" });
    expect(res.body.order).toMatchObject({ status: "open" });
    await setPrice(db(), "2592.58");
    await limitOrderJob.run(db());
    expect(await statusOf((res.body.order as { id: string }).id)).toBe("filled");
  });

  it("judges each order by its owner's own spread: a narrower one fills at its own ask, a wider one waits", async () => {
    // At 2592.58 the ask is 2594.394806 with 7 bps, 2600.357740 with the site's 30 and 2606.839190 with 55:
    // a buy limited at 2597.77 is reached under 7 bps only.
    await setPrice(db(), "2650");
    const owner = async (spreadBps: number) => {
      const { user, token } = await registerUser();
      await fund(db(), user.id, "USDT", units("876.543219"));
      await db().insert(tradeConfigs).values({ userId: user.id, spreadBps });
      const res = await trade(token, { side: "buy", type: "limit", quantity: "0.043219", price: "2597.77" });
      expect(res.body.order, JSON.stringify(res.body)).toMatchObject({ status: "open" });
      return (res.body.order as { id: string }).id;
    };
    const narrow = await owner(7);
    const wide = await owner(55);
    await setPrice(db(), "2592.58");
    expect(await fillCrossedOrders(db())).toBe(1);
    const [filled] = await db().select().from(orders).where(eq(orders.id, narrow));
    expect(filled).toMatchObject({ status: "filled", fillPrice: askOf(units("2592.58"), 7) });
    expect(askOf(units("2592.58"), 7)).toBe(units("2594.394806"));
    expect(await statusOf(wide)).toBe("open");
  });

  it("reads only the orders the price reaches: 200 older ones it does not reach do not hold back one it does", async () => {
    // The job reads at most 200 candidates a pass, oldest first. Four traders with 50 open orders each
    // (the most one may have), none of which the price reaches, then one that it does.
    await setPrice(db(), "2650");
    for (let t = 0; t < 4; t++) {
      const { user } = await registerUser();
      await fund(db(), user.id, "USDT", units("987.654321"));
      await fund(db(), user.id, "XAUT", units("1.234567"));
      for (let i = 0; i < 50; i++) {
        // Buys below the ask and sells above the bid, either side of the market.
        const side = i % 2 === 0 ? "buy" : "sell";
        const limitPrice = side === "buy" ? units("1234.567891") : units("4321.987654");
        const placed = await runTransaction(db(), (tx) =>
          placeOrder(tx, user.id, { side, type: "limit", quantity: 1_003n, limitPrice }),
        );
        expect(placed.order.status).toBe("open");
      }
    }
    const { user, token } = await registerUser();
    await fund(db(), user.id, "USDT", units("543.210987"));
    const res = await trade(token, { side: "buy", type: "limit", quantity: "0.012345", price: "2600.37" });
    expect(res.body.order).toMatchObject({ status: "open" });
    await setPrice(db(), "2592.58");
    expect(await fillCrossedOrders(db())).toBe(1);
    expect(await statusOf((res.body.order as { id: string }).id)).toBe("filled");
  });
});
