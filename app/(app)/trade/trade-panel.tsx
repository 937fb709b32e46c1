"use client";

import { displayDecimal, money, readable } from "@/lib/core/format";
import { useCallback, useEffect, useState } from "react";
import { useConfirm } from "@/components/confirm-dialog";
import { usePriceAlerts } from "@/components/alerts/use-price-alerts";
import { AurumTradeTable, type AurumTradesData, useAurumTrades } from "@/components/market/aurum-trades";
import { OrderList } from "@/components/order-list";
import { OrderTable } from "@/components/order-table";
import { orderKind, orderWords } from "@/components/order-words";
import { useRealtimeEvent } from "@/components/realtime-provider";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import type { AssetBalance } from "@/lib/ledger/balances";
import type { PublicTrade } from "@/lib/trading/public-trades";
import type { OrderView } from "@/lib/trading/views";
import type { TradeSettingsView } from "@/lib/trading/trade-settings";
import { availableOf } from "./available";
import { ChartPanel } from "./chart-panel";
import { OrderForm, type Placed } from "./order-form";
import { Time } from "@/components/time";

const PRICE_POLL_MS = 5_000;
// As many recent trades as the page reads (page.tsx and the refresh ask for 10).
const RECENT = 10;
// Beside the order form on a desktop, the recent trades that fit under it on one screen.
const COMPACT_ROWS = 4;

export interface TradeData {
  ts: TradeSettingsView;
  available: { USDT: string; XAUT: string };
  open: OrderView[];
  recent: OrderView[];
  aurum: AurumTradesData;
}

function PriceCard({ ts, className = "" }: { ts: TradeSettingsView; className?: string }) {
  const p = ts.price;
  return (
    // From 1024 px a strip over the chart: the ask and bid beside the pair's name.
    <section
      className={`card lg:flex lg:items-center lg:justify-between lg:gap-4 lg:py-3 ${className}`}
      aria-labelledby="price-heading"
    >
      <div className="flex items-baseline justify-between lg:block">
        <h2 id="price-heading" className="font-semibold">
          XAUt / USDT
        </h2>
        <span className="text-xs text-muted" data-testid="price-time">
          {p ? (
            p.stale ? (
              <span className="text-danger">Price out of date</span>
            ) : (
              <>
                Updated <Time at={p.at} />
              </>
            )
          ) : (
            "Waiting for the first price"
          )}
        </span>
      </div>
      <div className="mt-3 grid grid-cols-2 gap-3 lg:mt-0 lg:min-w-[20rem]">
        <div className="rounded-xl bg-success/10 p-3 lg:py-2">
          <p className="text-xs text-muted">You buy at (ask)</p>
          <p className="text-lg font-semibold tabular-nums text-success" data-testid="ask">
            {p ? displayDecimal(p.ask) : "—"}
          </p>
        </div>
        <div className="rounded-xl bg-danger/10 p-3 text-right lg:py-2">
          <p className="text-xs text-muted">You sell at (bid)</p>
          <p className="text-lg font-semibold tabular-nums text-danger" data-testid="bid">
            {p ? displayDecimal(p.bid) : "—"}
          </p>
        </div>
      </div>
    </section>
  );
}

/** The /trade screen's live part: price, order form, open orders with cancel, recent trades. */
export function TradePanel({ initial }: { initial: TradeData }) {
  const toast = useToast();
  const [data, setData] = useState(initial);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const aurum = useAurumTrades(initial.aurum, RECENT);
  const alerts = usePriceAlerts();

  const refreshPrice = useCallback(async () => {
    const { body } = await api<TradeSettingsView & { success: boolean }>("/api/trades/trade-settings");
    if (body.success) setData((d) => ({ ...d, ts: body }));
  }, []);

  const refreshAll = useCallback(async () => {
    const [settings, balance, history] = await Promise.all([
      api<TradeSettingsView & { success: boolean }>("/api/trades/trade-settings"),
      api<{ success: boolean; balances: AssetBalance[] }>("/api/auth/balance"),
      api<{ success: boolean; open: OrderView[]; orders: OrderView[] }>(
        `/api/trades/user?status=filled&pageSize=${RECENT}`,
      ),
    ]);
    setData((d) => ({
      ...d,
      ts: settings.body.success ? settings.body : d.ts,
      available: balance.body.success ? availableOf(balance.body.balances) : d.available,
      open: history.body.success ? history.body.open : d.open,
      recent: history.body.success ? history.body.orders : d.recent,
    }));
  }, []);

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void refreshPrice().catch(() => {});
    }, PRICE_POLL_MS);
    return () => clearInterval(timer);
  }, [refreshPrice]);

  // The fill job tells the user's sockets when a limit order fills: show it without waiting.
  useRealtimeEvent<{ reason?: string; orderId?: string }>("balance", (event) => {
    const filled = event.reason === "order.filled" && data.open.find((o) => o.id === event.orderId);
    if (filled)
      toast(`Your ${orderKind(filled)} ${filled.side} of ${money(filled.quantity, "XAUT")} filled`, "success");
    void refreshAll().catch(() => {});
  });

  // The order's own answer carries the order and the balances after it: shown at once, the rest
  // (today's limit used, the price) follows from a refresh.
  function placed(answer: Placed) {
    const { order, balances } = answer;
    if (order && balances) {
      // An OCO answers with both of its orders.
      const opened = (answer.orders ?? [order]).filter((o) => o.status === "open");
      setData((d) => ({
        ...d,
        available: availableOf(balances),
        open: [...opened, ...d.open.filter((o) => !opened.some((p) => p.id === o.id))],
        recent:
          order.status === "filled" ? [order, ...d.recent.filter((o) => o.id !== order.id)].slice(0, RECENT) : d.recent,
      }));
    }
    void refreshAll().catch(() => {});
  }

  async function cancelOrder(order: OrderView) {
    const asked = {
      title: "Cancel this order?",
      body: order.ocoId
        ? `${orderWords(order)}: ${money(order.quantity, "XAUT")}. Both orders of this OCO are cancelled, and what they reserve returns to your available balance.`
        : `${orderWords(order)}: ${money(order.quantity, "XAUT")}. What it reserves returns to your available balance.`,
      confirmLabel: "Cancel order",
      keepLabel: "Keep the order",
    };
    if (!(await confirm(asked))) return;
    setCancelling(order.id);
    try {
      const { body } = await api<{ success: boolean; message: string }>(`/api/trades/${order.id}`, {
        method: "DELETE",
        headers: { "Idempotency-Key": `cancel-${order.id}` },
      });
      toast(body.message, body.success ? "success" : "error");
    } catch {
      toast("The order was not cancelled. Please try again.", "error");
    }
    setCancelling(null);
    await refreshAll().catch(() => {});
  }

  const { settings } = data.ts;
  const cancelButton = (o: OrderView) =>
    o.strategy ? (
      <a href="/ai-trading" className="mt-1 block text-xs text-gold hover:text-gold-soft">
        Manage on AI trading
      </a>
    ) : (
      <button
        type="button"
        className="btn-ghost mt-1 px-3 py-1 text-xs"
        disabled={cancelling === o.id}
        onClick={() => void cancelOrder(o)}
        aria-label={`Cancel ${orderWords(o).toLowerCase()}: ${money(o.quantity, "XAUT")}`}
      >
        {cancelling === o.id ? "Cancelling…" : "Cancel"}
      </button>
    );
  return (
    // A phone stacks it all; a tablet puts the form beside the orders; from 1024 px one screen: the
    // price, chart and open orders at the left, the form and, under it, recent trades at the right.
    // The last row takes what the right column leaves over, so the left one has no gaps.
    <div className="space-y-4 md:grid md:grid-cols-2 md:items-start md:gap-4 md:space-y-0 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_auto_auto_1fr] lg:gap-x-6 lg:gap-y-3 xl:grid-cols-[minmax(0,1fr)_24rem]">
      <h1 className="text-xl font-semibold md:col-span-2">Trade</h1>
      {confirmDialog}
      <ChartPanel
        className="md:col-span-2 lg:col-span-1 lg:col-start-1 lg:row-start-3"
        alerts={alerts}
        last={data.ts.price?.last ?? null}
      />
      <PriceCard ts={data.ts} className="md:col-span-2 lg:col-span-1 lg:col-start-1 lg:row-start-2" />
      <div className="space-y-4 md:col-start-1 lg:col-start-2 lg:row-span-3 lg:row-start-2 lg:space-y-3">
        <OrderForm ts={data.ts} available={data.available} onPlaced={placed} />
        <p className="text-xs text-muted">
          Daily limit: {readable(settings.dailyUsed, "USDT")} of {money(settings.dailyLimit, "USDT")} used today (UTC).
          Orders from {readable(settings.minQuantity, "XAUT")} to {money(settings.maxQuantity, "XAUT")}.
        </p>
        <RecentTrades
          idPrefix="recent-side"
          mine={data.recent}
          aurum={aurum.trades}
          className="hidden lg:block"
          compact
        />
      </div>
      <div className="space-y-4 md:col-start-2 lg:col-start-1 lg:row-start-4">
        <section className="space-y-2" aria-labelledby="open-heading">
          <h2 id="open-heading" className="font-semibold">
            Open orders
          </h2>
          {data.open.length === 0 ? (
            <p className="card py-8 text-center text-sm text-muted">No open orders.</p>
          ) : (
            <>
              <div className="lg:hidden">
                <OrderList orders={data.open} label="Open orders" empty="No open orders." action={cancelButton} />
              </div>
              <div className="card hidden px-4 py-1 lg:block">
                <OrderTable orders={data.open} label="Open orders" empty="No open orders." action={cancelButton} />
              </div>
            </>
          )}
        </section>
        <RecentTrades idPrefix="recent" mine={data.recent} aurum={aurum.trades} className="lg:hidden" />
      </div>
    </div>
  );
}

/** The user's recent trades and, in a tab, Aurum's (anonymous): cards on a phone, a compact table beside the form. */
function RecentTrades({
  idPrefix,
  mine,
  aurum,
  className = "",
  compact = false,
}: {
  idPrefix: string;
  mine: OrderView[];
  aurum: PublicTrade[];
  className?: string;
  compact?: boolean;
}) {
  const [tab, setTab] = useState<"mine" | "aurum">("mine");
  const tabs = [
    ["mine", "Yours"],
    ["aurum", "Aurum's"],
  ] as const;
  // Arrow keys move between the two tabs, as a tab list's keyboard pattern has it.
  const onKey = (e: React.KeyboardEvent) => {
    if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      const next = tab === "mine" ? "aurum" : "mine";
      setTab(next);
      document.getElementById(`${idPrefix}-tab-${next}`)?.focus();
    }
  };
  return (
    <section className={`space-y-2 ${className}`} aria-labelledby={`${idPrefix}-heading`}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={`${idPrefix}-heading`} className="font-semibold">
          Recent trades
        </h2>
        <div
          role="tablist"
          aria-label="Whose trades"
          className="flex gap-1 rounded-lg border border-line p-0.5 text-xs"
          onKeyDown={onKey}
        >
          {tabs.map(([key, name]) => (
            <button
              key={key}
              id={`${idPrefix}-tab-${key}`}
              type="button"
              role="tab"
              aria-selected={tab === key}
              aria-controls={`${idPrefix}-panel`}
              tabIndex={tab === key ? 0 : -1}
              onClick={() => setTab(key)}
              className={`rounded-md px-2.5 py-1 ${tab === key ? "bg-gold text-ink" : "text-zinc-300 hover:text-gold-soft"}`}
            >
              {name}
            </button>
          ))}
        </div>
      </div>
      <div
        id={`${idPrefix}-panel`}
        role="tabpanel"
        aria-labelledby={`${idPrefix}-tab-${tab}`}
        className={compact ? "card px-3 py-1" : ""}
      >
        {tab === "aurum" ? (
          <div className={compact ? "" : "card px-3 py-1"}>
            <AurumTradeTable trades={aurum.slice(0, compact ? COMPACT_ROWS : RECENT)} dense={compact} />
          </div>
        ) : compact ? (
          <AurumTradeTable
            trades={mine.slice(0, COMPACT_ROWS).map(asTrade)}
            label="Your recent trades"
            empty="No trades yet."
            dense
          />
        ) : (
          <OrderList orders={mine} label="Recent trades" empty="No trades yet." />
        )}
      </div>
    </section>
  );
}

/** One of the user's own filled orders as a row of the trades table. */
const asTrade = (o: OrderView): PublicTrade => ({
  at: o.filledAt ?? o.createdAt,
  side: o.side,
  price: o.price ?? o.limitPrice ?? "0",
  quantity: o.quantity,
});
