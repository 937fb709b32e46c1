import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { accounts, USER_ACCOUNT_KINDS, type UserAccountKind } from "@/db/schema";
import { formatAmount } from "./amount";
import { listAssets } from "./assets";

export interface AssetBalance {
  asset: string;
  name: string;
  decimals: number;
  /** The spot balance: what can be traded or withdrawn now. */
  available: string;
  hold: string;
  storage: string;
  savings: string;
}

/** Every asset's balances for one user, zero where no account exists yet. */
export async function userBalances(db: Db, userId: string): Promise<AssetBalance[]> {
  const [assetList, rows] = await Promise.all([listAssets(db), db.select().from(accounts).where(eq(accounts.userId, userId))]);
  const units = new Map(rows.map((a) => [`${a.asset}:${a.kind}`, a.balance]));
  return assetList.map((asset) => {
    const of = (kind: UserAccountKind) => formatAmount(units.get(`${asset.code}:${kind}`) ?? 0n, asset.decimals);
    const [available, hold, storage, savings] = USER_ACCOUNT_KINDS.map(of) as [string, string, string, string];
    return { asset: asset.code, name: asset.name, decimals: asset.decimals, available, hold, storage, savings };
  });
}

export const isZero = (v: string) => /^0(\.0+)?$/.test(v);

/**
 * The balances worth a row on a screen: what the user holds anywhere, the assets they can trade
 * (`always`), and those they can fund; not a zero row for an asset they cannot use yet.
 */
export function balancesWorthShowing(balances: AssetBalance[], always: readonly string[], fundable: ReadonlySet<string>): AssetBalance[] {
  return balances.filter((b) => always.includes(b.asset) || fundable.has(b.asset) || [b.available, b.hold, b.storage, b.savings].some((v) => !isZero(v)));
}
