import type { Db } from "@/db/client";
import { z } from "zod";
import { formatAmount } from "@/lib/core/amount";
import { decimalString, isoTime } from "@/lib/core/answers";
import { rulesFor, rulesView } from "./config";
import { dailyUsed } from "./daily";
import { currentQuote } from "./market";
import { BASE, QUOTE } from "@/lib/ledger/assets";

/** What GET /api/trades/trade-settings answers beside `success`. */
export const tradeSettingsSchema = z.object({
  market: z.object({
    base: z.string(),
    quote: z.string(),
    baseDecimals: z.number().int(),
    quoteDecimals: z.number().int(),
  }),
  settings: z.object({
    enabled: z.boolean(),
    feeBps: z.number().int(),
    spreadBps: z.number().int(),
    minQuantity: decimalString,
    maxQuantity: decimalString,
    /** Per day, in USDT. */
    dailyLimit: decimalString,
    dailyUsed: decimalString,
    dailyRemaining: decimalString,
  }),
  /** The price the user would get now; null before the feed's first price. */
  price: z
    .object({ last: decimalString, bid: decimalString, ask: decimalString, at: isoTime, stale: z.boolean() })
    .nullable(),
});

export type TradeSettingsView = z.infer<typeof tradeSettingsSchema>;

/** GET /api/trades/trade-settings: the rules one user trades under, and the price they would get now. */
export async function tradeSettings(db: Db, userId: string): Promise<TradeSettingsView> {
  const { effective, market } = await rulesFor(db, userId);
  const [quote, used] = await Promise.all([currentQuote(db, effective.spreadBps), dailyUsed(db, userId)]);
  const usdt = (v: bigint) => formatAmount(v, market.quoteDecimals);
  return {
    market: { base: BASE, quote: QUOTE, baseDecimals: market.baseDecimals, quoteDecimals: market.quoteDecimals },
    settings: {
      ...rulesView(effective, market),
      dailyUsed: usdt(used),
      dailyRemaining: usdt(effective.dailyLimit > used ? effective.dailyLimit - used : 0n),
    },
    price: quote && {
      last: usdt(quote.price),
      bid: usdt(quote.bid),
      ask: usdt(quote.ask),
      at: quote.at.toISOString(),
      stale: quote.stale,
    },
  };
}
