"use client";

import Link from "next/link";
import { useCallback, useEffect, useState } from "react";
import { DeferredPriceAlertsPanel } from "@/components/alerts/deferred-price-alerts";
import { usePriceAlerts } from "@/components/alerts/use-price-alerts";
import { AurumTradeTable, type AurumTradesData, useAurumTrades } from "@/components/market/aurum-trades";
import { MarketChart } from "@/components/market/market-chart";
import { PriceHeadline } from "@/components/market/price-headline";
import { StaleNotice } from "@/components/market/stale-notice";
import { useLiveMarket } from "@/components/market/use-live-market";
import { Time } from "@/components/time";
import { api } from "@/components/hooks/session";
import { displayDecimal, percentText, readable } from "@/lib/core/format";
import { formatAmount, toUnits } from "@/lib/core/amount";
import type { Interval } from "@/lib/market/intervals";
import type { Ticker } from "@/lib/market/ticker";
import type { CandleView } from "@/lib/market/views";
import type { TradeSettingsView } from "@/lib/trading/trade-settings";

/** How many of Aurum's trades the market screen lists (page.tsx and the refresh ask for as many). */
export const MARKET_TRADES = 12;
// The quote follows the feed, which moves every second or two: asked again this often.
const QUOTE_POLL_MS = 5_000;

type Quote = TradeSettingsView["price"];

interface Props {
  initialTicker: Ticker | null;
  initialCandles: CandleView[];
  initialInterval: Interval;
  /** The caller's own bid and ask (their spread may be set apart from the site's). */
  initialQuote: Quote;
  spreadBps: number;
  /** USDT's decimals, which the quote is written in. */
  quoteDecimals: number;
  initialTrades: AurumTradesData;
  /** Where the price comes from, named for people. */
  source: string;
  /** The screen's static parts, rendered on the server (page.tsx): their text is not in the page's JavaScript. */
  heading: React.ReactNode;
  quoteNote: React.ReactNode;
  /** The end of the line that names the price's source. */
  sourceNote: React.ReactNode;
  /** The recent trades' heading (id `aurum-trades-heading`) and its line. */
  tradesIntro: React.ReactNode;
}

function useQuote(initial: Quote): Quote {
  const [quote, setQuote] = useState(initial);
  const refresh = useCallback(async () => {
    const { body } = await api<TradeSettingsView & { success: boolean }>("/api/trades/trade-settings");
    if (body.success) setQuote(body.price);
  }, []);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void refresh().catch(() => {});
    }, QUOTE_POLL_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  return quote;
}

function Figure({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 whitespace-nowrap font-medium tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * The Tether Gold market: the last price and its 24 hours, Aurum's own volume, the bid and ask a
 * person gets here and what the spread between them costs, Aurum's recent trades (anonymous, kept
 * fresh), and a live candlestick chart at a chosen interval; where the price comes from and when it
 * last moved.
 */
export function MarketView({
  initialTicker,
  initialCandles,
  initialInterval,
  initialQuote,
  spreadBps,
  quoteDecimals,
  initialTrades,
  source,
  heading,
  quoteNote,
  sourceNote,
  tradesIntro,
}: Props) {
  const ticker = useLiveMarket(initialTicker);
  const quote = useQuote(initialQuote);
  const { trades, volume24h } = useAurumTrades(initialTrades, MARKET_TRADES);
  const alerts = usePriceAlerts();
  const spread = quote
    ? formatAmount(toUnits(quote.ask, quoteDecimals) - toUnits(quote.bid, quoteDecimals), quoteDecimals)
    : null;

  return (
    <div className="space-y-4">
      {heading}

      <section className="card" aria-label="Price and 24 hours">
        {ticker ? (
          <div className="grid gap-4 lg:grid-cols-[minmax(16rem,auto)_minmax(0,1fr)_auto] lg:items-center lg:gap-8">
            <PriceHeadline price={ticker.price} change24h={ticker.change24h} size="large" testId="last-price" />
            <dl className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:gap-x-8">
              <Figure label="24h high" testId="high-24h">
                {displayDecimal(ticker.high24h)}
              </Figure>
              <Figure label="24h low" testId="low-24h">
                {displayDecimal(ticker.low24h)}
              </Figure>
              <Figure label="Aurum volume 24h" testId="aurum-volume">
                {readable(volume24h.quantity, "XAUT")} <span className="text-xs text-muted">XAUt</span>
              </Figure>
              <Figure label="Aurum trades 24h" testId="aurum-trade-count">
                {volume24h.trades.toLocaleString("en-US")}{" "}
                <span className="text-xs text-muted">· {readable(volume24h.notional, "USDT")} USDT</span>
              </Figure>
            </dl>
            <Link href="/trade" className="btn-gold lg:w-auto lg:px-8">
              Trade XAUt
            </Link>
          </div>
        ) : (
          <p className="text-sm text-muted">Waiting for the first price…</p>
        )}
        {ticker?.stale && <StaleNotice className="mt-3" />}
        <p className="mt-3 text-xs text-muted" data-testid="price-source">
          Price from: {source}
          {ticker && (
            <>
              {" "}
              · last moved <Time at={ticker.at} />
            </>
          )}
          {sourceNote}
        </p>
      </section>

      <div className="space-y-4 lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-4 lg:space-y-0">
        <section className="card px-2 pb-2" aria-label="Chart">
          <MarketChart
            initialCandles={initialCandles}
            initialInterval={initialInterval}
            height="h-72 md:h-96 lg:h-[26rem]"
            lines={alerts.active}
            onPick={alerts.pick}
          />
        </section>

        <div className="space-y-4">
          <DeferredPriceAlertsPanel
            idPrefix="market-alert"
            last={ticker?.price ?? null}
            alerts={alerts}
            className="card"
          />
          <section className="card space-y-3" aria-labelledby="quote-heading">
            <h2 id="quote-heading" className="font-semibold">
              Your price here
            </h2>
            <div className="grid grid-cols-2 gap-3">
              <div className="rounded-xl bg-success/10 p-3">
                <p className="text-xs text-muted">You buy at (ask)</p>
                <p className="text-lg font-semibold tabular-nums text-success" data-testid="market-ask">
                  {quote ? displayDecimal(quote.ask) : "—"}
                </p>
              </div>
              <div className="rounded-xl bg-danger/10 p-3 text-right">
                <p className="text-xs text-muted">You sell at (bid)</p>
                <p className="text-lg font-semibold tabular-nums text-danger" data-testid="market-bid">
                  {quote ? displayDecimal(quote.bid) : "—"}
                </p>
              </div>
            </div>
            <p className="text-sm" data-testid="spread">
              Spread: <strong className="tabular-nums">{spread ? `${displayDecimal(spread)} USDT` : "—"}</strong>{" "}
              <span className="text-muted">({percentText(spreadBps)} each side of the feed price)</span>
            </p>
            {quoteNote}
          </section>

          <section className="card space-y-2" aria-labelledby="aurum-trades-heading">
            {tradesIntro}
            <AurumTradeTable trades={trades} />
          </section>
        </div>
      </div>
    </div>
  );
}
