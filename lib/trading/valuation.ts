import { z } from "zod";
import type { Db } from "@/db/client";
import { formatAmount, toUnits } from "@/lib/core/amount";
import { decimalString, isoTime } from "@/lib/core/answers";
import { assetBalanceSchema, SET_ASIDE, userBalances, type AssetBalance } from "@/lib/ledger/balances";
import { rulesFor } from "./config";
import { currentQuote, type Quote } from "./market";
import { BASE, QUOTE } from "@/lib/ledger/assets";

/** Stablecoins counted one for one against USDT. */
const AT_PAR = new Set(["USDT", "USDC"]);

/** A user's balances valued in USDT: the answer of GET /api/auth/balance beside `success`. */
export const valuedBalancesSchema = z.object({
  balances: z.array(
    assetBalanceSchema.extend({
      /** Everything held in this asset (available, hold, strategy reserves, vault, savings) in USDT; null without a price. */
      valueUsdt: decimalString.nullable(),
    }),
  ),
  totalUsdt: decimalString,
  valuation: z.object({
    xautBid: decimalString.nullable(),
    priceAt: isoTime.nullable(),
    stale: z.boolean().nullable(),
    /** Assets held that have no price, left out of the total. */
    unvalued: z.array(z.string()),
  }),
});

export type ValuedBalances = z.infer<typeof valuedBalancesSchema>;
export type ValuedBalance = ValuedBalances["balances"][number];

/**
 * `units` of an asset in USDT units, rounded down: stablecoins at par, XAUT at `quote`'s bid, and
 * null for what has no price (BTC, ETH; XAUT before the first price).
 */
export function usdtValueOf(
  asset: string,
  decimals: number,
  units: bigint,
  quote: Quote | null,
  quoteDecimals = 6,
): bigint | null {
  if (AT_PAR.has(asset)) return (units * 10n ** BigInt(quoteDecimals)) / 10n ** BigInt(decimals);
  if (asset === BASE && quote) return (units * quote.bid) / 10n ** BigInt(decimals);
  return null;
}

/**
 * `units` of an asset in USDT units at the feed's own price (the mid), rounded down: what a
 * spread cannot move. Stablecoins at par; null for what has no price.
 */
export function usdtValueAtMid(
  asset: string,
  decimals: number,
  units: bigint,
  quote: Quote | null,
  quoteDecimals = 6,
): bigint | null {
  if (AT_PAR.has(asset)) return (units * 10n ** BigInt(quoteDecimals)) / 10n ** BigInt(decimals);
  if (asset === BASE && quote) return (units * quote.price) / 10n ** BigInt(decimals);
  return null;
}

const held = (b: AssetBalance) =>
  (["available", ...SET_ASIDE] as const).reduce((sum, k) => sum + toUnits(b[k], b.decimals), 0n);

/**
 * A user's balances (strategy reserves included) with their worth in USDT, rounded down so nothing is overstated. XAUT is
 * valued at the user's bid (what selling it would pay before the fee), USDT and USDC at par.
 * BTC and ETH have no price feed: they stay unvalued (null) rather than carry an invented price,
 * and the total leaves them out, naming them in `unvalued`.
 */
export async function valuedBalances(db: Db, userId: string): Promise<ValuedBalances> {
  const [balances, { effective }] = await Promise.all([userBalances(db, userId), rulesFor(db, userId)]);
  const quote = await currentQuote(db, effective.spreadBps);
  const quoteDecimals = balances.find((b) => b.asset === QUOTE)?.decimals ?? 6;
  let total = 0n;
  const unvalued: string[] = [];
  const valued: ValuedBalance[] = balances.map((b) => {
    const units = held(b);
    const value = usdtValueOf(b.asset, b.decimals, units, quote, quoteDecimals);
    if (value === null && units > 0n) unvalued.push(b.asset);
    total += value ?? 0n;
    return { ...b, valueUsdt: value === null ? null : formatAmount(value, quoteDecimals) };
  });
  return {
    balances: valued,
    totalUsdt: formatAmount(total, quoteDecimals),
    valuation: {
      xautBid: quote ? formatAmount(quote.bid, quoteDecimals) : null,
      priceAt: quote?.at.toISOString() ?? null,
      stale: quote?.stale ?? null,
      unvalued,
    },
  };
}
