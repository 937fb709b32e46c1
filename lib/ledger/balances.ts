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
  /** What the user's strategies hold, all of them together. */
  reserve: string;
}

/** Every asset's balances for one user, zero where no account exists yet. */
export async function userBalances(db: Db, userId: string): Promise<AssetBalance[]> {
  const [assetList, rows] = await Promise.all([listAssets(db), db.select().from(accounts).where(eq(accounts.userId, userId))]);
  // One account per kind and asset, except reserves: one per strategy, added up.
  const units = new Map<string, bigint>();
  for (const a of rows) units.set(`${a.asset}:${a.kind}`, (units.get(`${a.asset}:${a.kind}`) ?? 0n) + a.balance);
  return assetList.map((asset) => {
    const of = (kind: UserAccountKind) => formatAmount(units.get(`${asset.code}:${kind}`) ?? 0n, asset.decimals);
    const [available, hold, storage, savings, reserve] = USER_ACCOUNT_KINDS.map(of) as [string, string, string, string, string];
    return { asset: asset.code, name: asset.name, decimals: asset.decimals, available, hold, storage, savings, reserve };
  });
}

/** Where a user's money sits beside their available balance, as the screens list it. */
export const SET_ASIDE = ["hold", "reserve", "storage", "savings"] as const;

export const isZero = (v: string) => /^0(\.0+)?$/.test(v);

/**
 * The balances worth a row on a screen: what the user holds anywhere, the assets they can trade
 * (`always`), and those they can fund; not a zero row for an asset they cannot use yet.
 */
export function balancesWorthShowing(balances: AssetBalance[], always: readonly string[], fundable: ReadonlySet<string>): AssetBalance[] {
  return balances.filter((b) => always.includes(b.asset) || fundable.has(b.asset) || [b.available, ...SET_ASIDE.map((k) => b[k])].some((v) => !isZero(v)));
}
