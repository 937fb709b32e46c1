import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { wallets, type FundingNetwork } from "@/db/schema";

/**
 * The operator's custody addresses for `currency` on `network`, lower case: where withdrawals are
 * paid from and what the reserves read. Each is set by administrators, four-eyed.
 */
export async function custodyAddressesOf(db: Db, currency: string, network: FundingNetwork): Promise<string[]> {
  const rows = await db
    .select({ address: wallets.address })
    .from(wallets)
    .where(and(eq(wallets.currency, currency), eq(wallets.network, network)));
  return [...new Set(rows.map((r) => r.address.toLowerCase()))];
}
