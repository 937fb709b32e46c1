import { beforeAll, describe, expect, it } from "vitest";
import { GET as publicTradesRoute } from "@/app/api/xaut/trades/route";
import { sql, type SQLWrapper } from "drizzle-orm";
import { aurumVolume24h, fillsSince, latestFills } from "@/lib/trading/public-trades";
import { rowsOf } from "@/db/rows";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { trade } from "../support/trading";
import { registerUser } from "../support/users";

const db = withTestDatabase();

// Site defaults: spread 30 bps. At 2650 USDT the ask is 2657.95 and the bid 2642.05.
beforeAll(async () => {
  await setPrice(db(), "2650");
});

describe("GET /api/xaut/trades", () => {
  it("shows Aurum's fills to another user, newest first, with nothing that leads back to who traded", async () => {
    const seller = await registerUser();
    await fund(db(), seller.user.id, "XAUT", units("1"));
    await fund(db(), seller.user.id, "USDT", units("10000"));
    expect((await trade(seller.token, { side: "buy", type: "market", quantity: "0.25" })).status).toBe(201);
    expect((await trade(seller.token, { side: "sell", type: "market", quantity: "0.5" })).status).toBe(201);
    // An open limit order is not a trade.
    expect((await trade(seller.token, { side: "buy", type: "limit", quantity: "0.1", price: "1000" })).status).toBe(
      201,
    );

    const reader = await registerUser();
    const res = await call(publicTradesRoute, { token: reader.token, path: "/api/xaut/trades?limit=2" });
    expect(res.status).toBe(200);
    const body = res.body as unknown as {
      trades: Record<string, string>[];
      volume24h: { quantity: string; notional: string; trades: number };
    };
    expect(body.trades).toHaveLength(2);
    expect(body.trades.map((t) => [t.side, t.price, t.quantity])).toEqual([
      ["sell", "2642.050000", "0.500000"],
      ["buy", "2657.950000", "0.250000"],
    ]);
    for (const t of body.trades) expect(Object.keys(t).sort()).toEqual(["at", "price", "quantity", "side"]);
    expect(JSON.stringify(body)).not.toContain(seller.user.id);
    // 0.25 × 2657.95 = 664.4875, 0.5 × 2642.05 = 1321.025: before fees.
    expect(body.volume24h).toEqual({ quantity: "0.750000", notional: "1985.512500", trades: 2 });
  });

  it("counts only the last 24 hours in Aurum's volume", async () => {
    const tomorrow = new Date(Date.now() + 25 * 3600_000);
    expect(await aurumVolume24h(db(), tomorrow)).toEqual({ quantity: "0.000000", notional: "0.000000", trades: 0 });
  });

  it("reads filled orders through their own index, not every order ever placed", async () => {
    // The planner would scan a test's few rows either way; with scans priced out it shows whether
    // an index fits each query at all.
    const plan = async (query: SQLWrapper) => {
      const rows = await db().transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return rowsOf<Record<string, string>>(tx, sql`explain ${query}`);
      });
      return rows.map((r) => Object.values(r)[0]).join("\n");
    };
    expect(await plan(latestFills(db(), 20))).toContain("orders_filled_idx");
    expect(await plan(fillsSince(db(), new Date()))).toContain("orders_filled_idx");
  });

  it("refuses a limit it does not offer with a 400", async () => {
    const { token } = await registerUser();
    for (const limit of ["0", "51", "abc", "1.5"]) {
      const res = await call(publicTradesRoute, { token, path: `/api/xaut/trades?limit=${limit}` });
      expect(res.status, limit).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: "VALIDATION_FAILED" });
    }
  });
});
