import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/auth/page-session";
import { priceSource } from "@/lib/market/create-feed";
import { DEFAULT_INTERVAL } from "@/lib/market/intervals";
import { getKlines } from "@/lib/market/klines";
import { getTicker } from "@/lib/market/ticker";
import { aurumVolume24h, recentPublicTrades } from "@/lib/trading/public-trades";
import { tradeSettings } from "@/lib/trading/trade-settings";
import { MARKET_TRADES, MarketView } from "./market-view";

export const metadata: Metadata = { title: "Tether Gold Market" };

export default async function MarketPage() {
  const { user } = await requireUser();
  const db = await getDb();
  const [ticker, candles, ts, trades, volume24h] = await Promise.all([
    getTicker(db),
    getKlines(db, DEFAULT_INTERVAL),
    tradeSettings(db, user.id),
    recentPublicTrades(db, MARKET_TRADES),
    aurumVolume24h(db),
  ]);
  return (
    <MarketView
      initialTicker={ticker}
      initialCandles={candles}
      initialInterval={DEFAULT_INTERVAL}
      initialQuote={ts.price}
      spreadBps={ts.settings.spreadBps}
      quoteDecimals={ts.market.quoteDecimals}
      initialTrades={{ trades, volume24h }}
      source={priceSource().name}
    />
  );
}
