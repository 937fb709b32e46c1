"use client";

import Link from "next/link";
import type { Ticker } from "@/lib/market/ticker";
import { PriceHeadline } from "./price-headline";
import { StaleNotice } from "./stale-notice";
import { useLiveMarket } from "./use-live-market";

/** Home's live XAUt price, linking to the market. */
export function LivePriceCard({ initial }: { initial: Ticker | null }) {
  const ticker = useLiveMarket(initial);
  return (
    <section className="card" aria-labelledby="xaut-price-heading">
      <div className="flex items-center justify-between">
        <h2 id="xaut-price-heading" className="font-semibold">XAUt price</h2>
        <Link href="/market" className="text-sm text-gold hover:text-gold-soft">Market →</Link>
      </div>
      {ticker ? (
        <>
          <div className="mt-2">
            <PriceHeadline price={ticker.price} change24h={ticker.change24h} size="medium" testId="home-xaut-price" />
          </div>
          {ticker.stale && <StaleNotice className="mt-3" />}
        </>
      ) : (
        <p className="mt-2 text-sm text-muted">Waiting for the first price…</p>
      )}
    </section>
  );
}
