import { asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { assets } from "@/db/schema";
import { badRequest } from "@/lib/core/errors";
import { AmountError, parseAmount } from "@/lib/core/amount";
import { assetName } from "@/lib/core/format";

export type Asset = typeof assets.$inferSelect;

/**
 * The one market: XAUT bought and sold against USDT, the platform on the other side. Declared with
 * the assets rather than the market so the ledger's own checks (reserves held per asset) can name
 * them without depending on trading, which sits above it.
 */
export const BASE = "XAUT";
export const QUOTE = "USDT";

export function listAssets(db: Db): Promise<Asset[]> {
  return db.select().from(assets).orderBy(asc(assets.code));
}

export async function findAsset(db: Db, code: string): Promise<Asset> {
  const [asset] = await db.select().from(assets).where(eq(assets.code, code.toUpperCase()));
  if (!asset) throw badRequest(`Unknown asset ${code}`, { asset: [`Unknown asset ${code}`] }, "UNKNOWN_ASSET");
  return asset;
}

/** An API amount string in the asset's smallest units; a bad amount is the caller's 400. */
export function amountIn(asset: Asset, amount: string, field = "amount"): bigint {
  try {
    return parseAmount(amount, asset.decimals, assetName(asset.code));
  } catch (err) {
    if (err instanceof AmountError) throw badRequest(err.message, { [field]: [err.message] });
    throw err;
  }
}
