import { z } from "zod";
import type { Db } from "@/db/client";
import { query, type Int8 } from "@/db/raw";
import { USER_ACCOUNT_KINDS, type UserAccountKind } from "@/db/schema";
import { formatAmount } from "@/lib/core/amount";
import { decimalString } from "@/lib/core/answers";

/** One asset's balances of a user, as the API shows them. */
export const assetBalanceSchema = z.object({
  asset: z.string(),
  name: z.string(),
  decimals: z.number().int(),
  /** The spot balance: what can be traded or withdrawn now. */
  available: decimalString,
  hold: decimalString,
  storage: decimalString,
  savings: decimalString,
  /** What the user's strategies hold, all of them together. */
  reserve: decimalString,
});

export type AssetBalance = z.infer<typeof assetBalanceSchema>;

// Read by every screen that shows money and by every order's answer (db/raw.ts: written once,
// prepared once per connection): each asset with the user's balance per kind, reserves added up.
const BALANCES = `select s.code, s.name, s.decimals, a.kind, coalesce(sum(a.balance), 0) as units
  from assets s left join accounts a on a.asset = s.code and a.user_id = $1
  group by s.code, s.name, s.decimals, a.kind
  order by s.code`;

interface BalanceRow {
  code: string;
  name: string;
  decimals: number;
  kind: UserAccountKind | null;
  units: Int8;
}

/** Every asset's balances for one user, zero where no account exists yet. */
export async function userBalances(db: Db, userId: string): Promise<AssetBalance[]> {
  const rows = await query<BalanceRow>(db, BALANCES, [userId]);
  const byAsset = new Map<string, { name: string; decimals: number; units: Map<string, bigint> }>();
  for (const r of rows) {
    const asset = byAsset.get(r.code) ?? { name: r.name, decimals: r.decimals, units: new Map<string, bigint>() };
    byAsset.set(r.code, asset);
    if (r.kind) asset.units.set(r.kind, BigInt(r.units));
  }
  return [...byAsset].map(([code, asset]) => {
    const of = (kind: UserAccountKind) => formatAmount(asset.units.get(kind) ?? 0n, asset.decimals);
    const [available, hold, storage, savings, reserve] = USER_ACCOUNT_KINDS.map(of) as [
      string,
      string,
      string,
      string,
      string,
    ];
    return { asset: code, name: asset.name, decimals: asset.decimals, available, hold, storage, savings, reserve };
  });
}

/** Where a user's money sits beside their available balance, as the screens list it. */
export const SET_ASIDE = ["hold", "reserve", "storage", "savings"] as const;

export const isZero = (v: string) => /^0(\.0+)?$/.test(v);

/**
 * The balances worth a row on a screen: what the user holds anywhere, the assets they can trade
 * (`always`), and those they can fund; not a zero row for an asset they cannot use yet.
 */
export function balancesWorthShowing(
  balances: AssetBalance[],
  always: readonly string[],
  fundable: ReadonlySet<string>,
): AssetBalance[] {
  return balances.filter(
    (b) =>
      always.includes(b.asset) ||
      fundable.has(b.asset) ||
      [b.available, ...SET_ASIDE.map((k) => b[k])].some((v) => !isZero(v)),
  );
}
