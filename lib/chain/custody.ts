import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { wallets, type FundingNetwork } from "@/db/schema";
import { getSettings } from "@/lib/settings";
import { custodyEntriesFor } from "@/lib/settings/schema";

/**
 * The operator's custody addresses for `currency` on `network`, lower case: the wallet's address and
 * those the settings list for the network (`chain.custody`). Withdrawals are paid from one of them and
 * the reserves read them all. Both are changed by two administrators.
 */
export async function custodyAddressesOf(db: Db, currency: string, network: FundingNetwork): Promise<string[]> {
  const [rows, settings] = await Promise.all([
    db
      .select({ address: wallets.address })
      .from(wallets)
      .where(and(eq(wallets.currency, currency), eq(wallets.network, network))),
    getSettings(db),
  ]);
  return [
    ...new Set([...rows.map((r) => r.address.toLowerCase()), ...custodyEntriesFor(settings.chain.custody, network)]),
  ];
}
