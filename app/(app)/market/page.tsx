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
      heading={
        <div className="flex flex-wrap items-baseline justify-between gap-x-4">
          <h1 className="text-xl font-semibold">Tether Gold Market</h1>
          <span className="text-sm text-muted">XAUt / USDT</span>
        </div>
      }
      quoteNote={
        <p className="text-xs text-muted">
          Aurum is the other side of every trade. A buyer pays the ask, the feed price plus the spread; a seller gets
          the bid, the feed price less it. Buying and selling straight back costs the spread and the fee twice.
        </p>
      }
      sourceNote=". Prices in USDT per XAUt; the 24 hours end at the last price."
      tradesIntro={
        <>
          <h2 id="aurum-trades-heading" className="font-semibold">
            Aurum&apos;s recent trades
          </h2>
          <p className="text-xs text-muted">Every fill on Aurum, anonymous, newest first.</p>
        </>
      }
    />
  );
}
