import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { marketAssets } from "@/lib/trading/market";
import { withTestDatabase } from "../support/db";

// marketAssets keeps its first answer for the life of the process, so this file asks it nothing else:
// its first read must be the one this test arranges.
const db = withTestDatabase();

describe("the market's assets", () => {
  it("reads each asset's own decimals, and keeps no failed read", async () => {
    // Without XAUT in the table the read fails, naming both assets.
    await db().execute(sql`alter table assets rename to assets_kept`);
    await db().execute(sql`create table assets as select * from assets_kept where code <> 'XAUT'`);
    await expect(marketAssets(db())).rejects.toThrow("assets XAUT and USDT must exist");
    await db().execute(sql`drop table assets`);
    await db().execute(sql`alter table assets_kept rename to assets`);

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
});
