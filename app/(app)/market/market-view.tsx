"use client";

import Link from "next/link";
import { Amount } from "@/components/amount";
import { DetailList } from "@/components/detail-list";
import { MarketChart } from "@/components/market/market-chart";
import { PriceHeadline } from "@/components/market/price-headline";
import { StaleNotice } from "@/components/market/stale-notice";
import { useLiveMarket } from "@/components/market/use-live-market";
import type { Interval } from "@/lib/market/intervals";
import type { Ticker } from "@/lib/market/ticker";
import type { CandleView } from "@/lib/market/views";

interface Props {
  initialTicker: Ticker | null;
  initialCandles: CandleView[];
  initialInterval: Interval;
}

/** The Tether Gold market: last price and its day, and a live candlestick chart at a chosen interval. */
export function MarketView({ initialTicker, initialCandles, initialInterval }: Props) {
  const ticker = useLiveMarket(initialTicker);

  return (
    <div className="space-y-4 lg:grid lg:grid-cols-[20rem_minmax(0,1fr)] lg:items-start lg:gap-4 lg:space-y-0">
      <div className="flex items-baseline justify-between lg:col-span-2">
        <h1 className="text-xl font-semibold">Tether Gold Market</h1>
        <span className="text-sm text-muted">XAUt / USDT</span>
      </div>
      <div className="space-y-4">
        <Link href="/trade" className="btn-gold">Trade XAUt</Link>

        <section className="card" aria-label="Price">
          {ticker ? (
            <>
              <PriceHeadline price={ticker.price} change24h={ticker.change24h} size="large" testId="last-price" />
              <div className="mt-2">
                <DetailList
                  items={[
                    ["24h high", <Amount key="high" value={ticker.high24h} asset="USDT" />],
                    ["24h low", <Amount key="low" value={ticker.low24h} asset="USDT" />],
                    ["24h volume", <Amount key="volume" value={ticker.volume24h} asset="XAUt" />],
                  ]}
                />
              </div>
              {ticker.stale && <StaleNotice className="mt-3" />}
            </>
          ) : (
            <p className="text-sm text-muted">Waiting for the first price…</p>
          )}
        </section>
      </div>

      <section className="card px-2 pb-2" aria-label="Chart">
        <MarketChart initialCandles={initialCandles} initialInterval={initialInterval} height="h-72 md:h-96 lg:h-[26rem]" />
      </section>
    </div>
  );
}
