import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as settingsRoute } from "@/app/api/trades/trade-settings/route";
import { readEnv } from "@/lib/core/env";
import { fillCrossedOrders } from "@/lib/strategies/fill-job";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { ordersOf, trade, writes } from "../support/trading";
import { registerUser } from "../support/users";

// Its own database: the feed's last tick decides staleness, and other files move it.
const db = withTestDatabase();

afterEach(() => {
  vi.useRealTimers();
});

describe("the price feed halts trading", () => {
  it("without any price, nothing trades", async () => {
    const { user, token } = await registerUser();
    await fund(db(), user.id, "USDT", units("1000"));
    const res = await trade(token, { side: "buy", type: "market", quantity: "0.01" });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: "PRICE_UNAVAILABLE",
      message: "Trading is paused: there is no market price yet",
    });
    expect((await call(settingsRoute, { token })).body.price).toBeNull();
  });

  it("with a stale price, no order is placed and no limit order fills, until the feed is back", async () => {
    const { user, token } = await registerUser();
    await fund(db(), user.id, "USDT", units("1000"));
    await setPrice(db(), "2650");
    expect((await trade(token, { side: "buy", type: "limit", quantity: "0.1", price: "2600" })).status).toBe(201);

    // The feed goes quiet past the limit price; time passes beyond PRICE_STALE_SECONDS (only the
    // clock is faked, so the database keeps working).
    await setPrice(db(), "2000");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + (readEnv().PRICE_STALE_SECONDS + 1) * 1000);
    const before = await writes(db());
    for (const body of [
      { side: "buy", type: "market", quantity: "0.01" },
      { side: "buy", type: "market", total: "10" },
      { side: "buy", type: "limit", quantity: "0.01", price: "2000" },
    ]) {
      const res = await trade(token, body);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        code: "PRICE_STALE",
        message: "Trading is paused: the market price is out of date. Please try again shortly",
      });
    }
    expect(await fillCrossedOrders(db())).toBe(0);
    expect(await writes(db())).toEqual(before);
    expect((await call(settingsRoute, { token })).body.price).toMatchObject({ last: "2000.000000", stale: true });

    await setPrice(db(), "2000");
    expect(await fillCrossedOrders(db())).toBe(1);
    expect((await trade(token, { side: "buy", type: "market", quantity: "0.01" })).status).toBe(201);
    expect((await ordersOf(db(), user.id)).map((o) => o.status)).toEqual(["filled", "filled"]);
  });
});
