"use client";

import Link from "next/link";
import { useImport } from "@/components/hooks/use-import";
import { TABLET_QUERY, useMediaQuery } from "@/components/hooks/use-media-query";
import type { Ticker } from "@/lib/market/ticker";
import { PriceHeadline } from "./price-headline";
import { StaleNotice } from "./stale-notice";
import { useLiveMarket } from "./use-live-market";

// The chart's code (the candle picture, and the interactive chart it fetches in turn) comes only where it shows.
const loadChart = () => import("./market-chart");

/**
 * Home's live XAUt price, linking to the market; where there is room (768 px up), with a small
 * hourly chart. A phone never loads the chart's code for it.
 */
export function LivePriceCard({ initial, className = "" }: { initial: Ticker | null; className?: string }) {
  const ticker = useLiveMarket(initial);
  const roomy = useMediaQuery(TABLET_QUERY);
  const chart = useImport(roomy, loadChart);
  return (
    <section className={`card ${className}`} aria-labelledby="xaut-price-heading">
      <div className="flex items-center justify-between">
        <h2 id="xaut-price-heading" className="font-semibold">
          XAUt price
        </h2>
        <Link href="/market" className="text-sm text-gold hover:text-gold-soft">
          Market →
        </Link>
      </div>
      {ticker ? (
        <>
          <div className="mt-2">
            <PriceHeadline price={ticker.price} change24h={ticker.change24h} size="medium" testId="home-xaut-price" />
          </div>
          {ticker.stale && <StaleNotice className="mt-3" />}
          {/* The chart's box is there from the first paint where it fits (CSS decides, before any
              script), so the chart arriving moves nothing; the chart itself mounts only there. */}
          <div className="mt-3 hidden h-44 md:block">
            {roomy && chart && <chart.MarketChart initialInterval={60} intervals={false} height="h-44" />}
          </div>
        </>
      ) : (
        <p className="mt-2 text-sm text-muted">Waiting for the first price…</p>
      )}
    </section>
  );
}
