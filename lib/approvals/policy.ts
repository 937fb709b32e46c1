import { and, count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { toUnits } from "@/lib/ledger/amount";
import { getSettings } from "@/lib/settings";
import { DAY_MS } from "@/lib/time";
import { currentQuote } from "@/lib/trading/market";
import { usdtValueOf } from "@/lib/trading/valuation";

const USDT_DECIMALS = 6;

/** How long a proposal waits for a second administrator before it lapses. */
export const PROPOSAL_TTL_MS = DAY_MS;

/**
 * Whether moving `units` of an asset is worth a second administrator: its USDT value (stablecoins
 * at par, XAUT at the site's bid) reaches `approvals.thresholdUsdt`. What has no price (BTC, ETH,
 * XAUT before the first price) always is: a threshold cannot wave through what it cannot value.
 */
export async function worthApproval(db: Db, asset: { code: string; decimals: number }, units: bigint): Promise<boolean> {
  const settings = await getSettings(db);
  const threshold = toUnits(settings.approvals.thresholdUsdt, USDT_DECIMALS, "down");
  const value = usdtValueOf(asset.code, asset.decimals, units, await currentQuote(db, settings.trading.spreadBps), USDT_DECIMALS);
  return value === null || value >= threshold;
}

export async function activeAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(and(eq(users.role, "admin"), eq(users.status, "active")));
  return row?.n ?? 0;
}
