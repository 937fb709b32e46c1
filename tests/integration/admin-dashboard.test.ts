import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "@/db/schema";
import { dashboardStats, type AssetBooks } from "@/lib/admin/dashboard";
import { adjustBalance } from "@/lib/admin/adjust-balance";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { fund } from "../support/ledger";
import { setPrice } from "../support/prices";
import { trade } from "../support/trading";
import { registerUser } from "../support/users";

const db = withTestDatabase();

const booksOf = async (asset: string): Promise<AssetBooks> =>
  (await dashboardStats(db())).books.find((b) => b.asset === asset)!;

describe("the dashboard's books", () => {
  it("show where each asset's user balances came from (admin credits, house, fees), and say when that does not add up", async () => {
    const admin = await signInAdmin(db());
    const { user, token } = await registerUser();
    await adjustBalance(db(), {
      userId: user.id,
      actorId: admin.user.id,
      ip: null,
      asset: "USDT",
      operation: "credit",
      amount: "1000",
      reason: "welcome",
    });
    // At 2650 the ask is 2657.95 (spread 30 bps): 0.1 XAUT costs 265.795 and the fee (20 bps) 0.531590.
    await setPrice(db(), "2650");
    expect((await trade(token, { side: "buy", type: "market", quantity: "0.1" })).status).toBe(201);

    expect(await booksOf("USDT")).toEqual({
      asset: "USDT",
      heldByUsers: "733.673410",
      house: "265.795000",
      feesEarned: "0.531590",
      creditedByAdmins: "1000.000000",
      deposited: "0.000000",
      interestPaid: "0.000000",
      balanced: true,
    });
    expect(await booksOf("XAUT")).toMatchObject({
      heldByUsers: "0.100000",
      house: "-0.100000",
      feesEarned: "0.000000",
      balanced: true,
    });
    expect(await booksOf("BTC")).toMatchObject({ heldByUsers: "0.00000000", house: "0.00000000", balanced: true });
    await fund(db(), user.id, "USDC", 5_000_000n);
    expect(await booksOf("USDC")).toMatchObject({
      heldByUsers: "5.000000",
      deposited: "5.000000",
      creditedByAdmins: "0.000000",
      balanced: true,
    });

    // A balance changed behind the ledger's back (never through post()) shows at once.
    await db()
      .update(accounts)
      .set({ balance: 1n })
      .where(and(eq(accounts.userId, user.id), eq(accounts.asset, "XAUT"), eq(accounts.kind, "spot")));
    expect(await booksOf("XAUT")).toMatchObject({ heldByUsers: "0.000001", balanced: false });
    expect(await booksOf("USDT")).toMatchObject({ balanced: true });
  });
});
