import { sql } from "drizzle-orm";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { runTransaction } from "@/db/transaction";
import { valuedBalances } from "@/lib/trading/valuation";
import { withTestDatabase } from "../support/db";
import { fund } from "../support/ledger";
import { registerUser } from "../support/users";

// marketAssets keeps its first answer for the life of its module, which the files run in one worker
// share: the first test asks a module of its own, whose first read is the one the test arranges, and
// drops it again when done (it keeps 8 decimals for XAUT, which every later file in the worker would
// otherwise read). The second changes USDT's decimals instead.
const db = withTestDatabase();

describe("the assets' decimals as the database has them", () => {
  it("reads each asset's own decimals, and keeps no failed read", async () => {
    vi.resetModules();
    onTestFinished(() => {
      vi.resetModules();
    });
    const { marketAssets } = await import("@/lib/trading/market");
    // Without XAUT, or without USDT, in the table the read fails, naming both assets.
    await db().execute(sql`alter table assets rename to assets_kept`);
    try {
      for (const missing of ["XAUT", "USDT"]) {
        await db().execute(sql`create table assets as select * from assets_kept where code <> ${missing}`);
        try {
          await expect(marketAssets(db())).rejects.toThrow("assets XAUT and USDT must exist");
        } finally {
          await db().execute(sql`drop table assets`);
        }
      }
    } finally {
      await db().execute(sql`alter table assets_kept rename to assets`);
    }

    // The failure was not kept: the next read sees the table as it is now. XAUT's decimals set apart
    // from USDT's show each read from its own row.
    await db().execute(sql`update assets set decimals = 8 where code = 'XAUT'`);
    try {
      expect(await marketAssets(db())).toStrictEqual({ baseDecimals: 8, quoteDecimals: 6, unit: 100_000_000n });
      // Read once: the same answer without asking the database again.
      await db().execute(sql`update assets set decimals = 7 where code = 'XAUT'`);
      expect(await marketAssets(db())).toStrictEqual({ baseDecimals: 8, quoteDecimals: 6, unit: 100_000_000n });
    } finally {
      await db().execute(sql`update assets set decimals = 6 where code = 'XAUT'`);
    }
  });

  it("a transaction asking first never waits on a read queued for the connection it holds", async () => {
    vi.resetModules();
    onTestFinished(() => {
      vi.resetModules();
    });
    const { marketAssets } = await import("@/lib/trading/market");
    let outside: Promise<unknown> | undefined;
    const inside = await runTransaction(db(), async (tx) => {
      await tx.execute(sql`select 1`);
      // On PGlite this read waits for the transaction's connection; on PostgreSQL it may not.
      outside = marketAssets(db());
      return Promise.race([
        marketAssets(tx),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error("waited on the kept read")), 10_000)),
      ]);
    });
    expect(inside).toStrictEqual({ baseDecimals: 6, quoteDecimals: 6, unit: 1_000_000n });
    // The read outside is the one kept, and a transaction takes it once it has finished.
    const kept = await outside;
    expect(await marketAssets(db())).toBe(kept);
    expect(await runTransaction(db(), (tx) => marketAssets(tx))).toBe(kept);
  });

  it("values balances in USDT with USDT's own decimals", async () => {
    const { user } = await registerUser();
    await db().execute(sql`update assets set decimals = 4 where code = 'USDT'`);
    try {
      await fund(db(), user.id, "USDT", 123_457n);
      await fund(db(), user.id, "USDC", 9_876_543n);
      const valued = await valuedBalances(db(), user.id);
      // 12.3457 USDT at par, and 9.876543 USDC (6 decimals) rounded down to 9.8765.
      expect(valued.balances.filter((b) => b.valueUsdt !== null).map((b) => [b.asset, b.valueUsdt])).toEqual([
        ["USDC", "9.8765"],
        ["USDT", "12.3457"],
      ]);
      expect(valued.totalUsdt).toBe("22.2222");
    } finally {
      await db().execute(sql`update assets set decimals = 6 where code = 'USDT'`);
    }
  });
});
