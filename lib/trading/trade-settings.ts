import type { Db } from "@/db/client";
import { formatAmount } from "@/lib/core/amount";
import { rulesFor, rulesView } from "./config";
import { dailyUsed } from "./daily";
import { currentQuote } from "./market";
import { BASE, QUOTE } from "@/lib/ledger/assets";

/** GET /api/trades/trade-settings: the rules one user trades under, and the price they would get now. */
export async function tradeSettings(db: Db, userId: string) {
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

export type TradeSettingsView = Awaited<ReturnType<typeof tradeSettings>>;
