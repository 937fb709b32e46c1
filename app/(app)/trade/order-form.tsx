"use client";

import { displayDecimal, money, percentText, plainAmount, readable } from "@/lib/core/format";
import { useRef, useState } from "react";
import { MaxButton } from "@/components/max-button";
import { useToast } from "@/components/toast";
import { useNotificationHold } from "@/components/notification-center";
import { api } from "@/components/hooks/session";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";
import { formatAmount, toUnits } from "@/lib/core/amount";
import type { AssetBalance } from "@/lib/ledger/balances";
import { sellMax } from "@/lib/ledger/max-amount";
import type { TradeSettingsView } from "@/lib/trading/trade-settings";
import type { OrderView } from "@/lib/trading/views";
import { Choice } from "./choice";
import { estimate, type OrderDraft } from "./estimate";

const FIELD_IDS = { price: "order-price", stopPrice: "order-stop-price", stopLimit: "order-stop-limit" } as const;

const newKey = () => `trade-${crypto.randomUUID()}`;
const EMPTY: OrderDraft = {
  side: "buy",
  type: "market",
  by: "quantity",
  quantity: "",
  total: "",
  price: "",
  stopPrice: "",
  stopLimit: "",
};

/** What the API answers to an order: its result and, once placed, the order and the balances after it. */
export type Placed = Answer & { order?: OrderView; orders?: OrderView[]; balances?: AssetBalance[] };

/** Buy or sell; market, limit, stop-limit or OCO: the estimate first, then a confirmation in plain words, then the order. */
export function OrderForm({
  ts,
  available,
  onPlaced,
}: {
  ts: TradeSettingsView;
  available: { USDT: string; XAUT: string };
  onPlaced: (answer: Placed) => void;
}) {
  const toast = useToast();
  const [draft, setDraft] = useState<OrderDraft>(EMPTY);
  const [reviewing, setReviewing] = useState(false);
  useNotificationHold(reviewing);
  const { busy, run } = useSubmit(() =>
    toast("The order did not go through. Submitting again is safe: it will not be placed twice.", "error"),
  );
  // One key per intended order: resubmitting after a lost answer cannot place it twice.
  const key = useRef(newKey());

  const change = (patch: Partial<OrderDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setReviewing(false);
    key.current = newKey();
  };

  const result = estimate(draft, ts, available);
  const halted = !ts.settings.enabled
    ? "Trading is disabled at the moment"
    : !ts.price
      ? "Trading is paused: there is no market price yet"
      : ts.price.stale
        ? "Trading is paused: the market price is out of date"
        : null;
  const touched = [draft.quantity, draft.total, draft.price, draft.stopPrice, draft.stopLimit].some((v) => v.trim());
  const byTotal = draft.type === "market" && draft.side === "buy" && draft.by === "total";
  const spend = draft.side === "buy" ? money(available.USDT, "USDT") : money(available.XAUT, "XAUT");
  const mostToSell = sellMaxOf(ts, available.XAUT, draft.type === "stop_limit" ? draft.stopLimit : draft.price);
  const priceField = (field: "price" | "stopPrice" | "stopLimit", label: string, placeholder?: string) => (
    <PriceField
      id={FIELD_IDS[field]}
      label={label}
      value={draft[field]}
      onChange={(value) => change({ [field]: value })}
      placeholder={placeholder ?? (ts.price ? displayDecimal(ts.price.last) : "0.00")}
    />
  );

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!("estimate" in result) || halted) return;
    if (!reviewing) return setReviewing(true);
    const order = result.estimate.body;
    void run(async () => {
      const { body } = await api<Placed>("/api/trades", {
        method: "POST",
        headers: { "Idempotency-Key": key.current },
        body: JSON.stringify(order),
      });
      toast(body.message, body.success ? "success" : "error");
      key.current = newKey();
      setReviewing(false);
      if (body.success) setDraft((d) => ({ ...d, quantity: "", total: "", price: "", stopPrice: "", stopLimit: "" }));
      onPlaced(body);
    });
  }

  return (
    <form onSubmit={submit} className="card space-y-3" aria-label="Place an order" noValidate>
      {/* Side by side from 1024 px, so the form and recent trades under it fit one screen: the two
          sides take a narrow column, the four types the rest. */}
      <div className="space-y-3 lg:grid lg:grid-cols-[7rem_1fr] lg:gap-2 lg:space-y-0">
        <Choice
          name="side"
          legend="Side"
          value={draft.side}
          options={[
            ["buy", "Buy"],
            ["sell", "Sell"],
          ]}
          onChange={(side) => change({ side })}
        />
        <Choice
          name="type"
          legend="Order type"
          value={draft.type}
          options={[
            ["market", "Market"],
            ["limit", "Limit"],
            ["stop_limit", "Stop"],
            ["oco", "OCO"],
          ]}
          onChange={(type) => change({ type })}
        />
      </div>
      {(draft.type === "stop_limit" || draft.type === "oco") && (
        <p className="text-xs text-muted">
          {draft.type === "stop_limit"
            ? "A stop-limit waits until the price reaches your stop, then places a limit order at your limit price."
            : "An OCO places a limit order and a stop-limit together: when one fills or triggers, the other is cancelled."}
        </p>
      )}
      {draft.type === "market" && draft.side === "buy" && (
        <Choice
          name="by"
          legend="Buy by"
          value={draft.by}
          options={[
            ["quantity", "XAUt amount"],
            ["total", "USDT total"],
          ]}
          onChange={(by) => change({ by })}
        />
      )}
      {(draft.type === "limit" || draft.type === "oco") &&
        priceField(
          "price",
          "Limit price (USDT per XAUt)",
          ts.price ? displayDecimal(draft.side === "buy" ? ts.price.ask : ts.price.bid) : undefined,
        )}
      {(draft.type === "stop_limit" || draft.type === "oco") && (
        <div className="grid grid-cols-2 gap-2">
          {priceField("stopPrice", "Stop price (USDT)")}
          {priceField("stopLimit", draft.type === "oco" ? "Stop's limit (USDT)" : "Limit price (USDT)")}
        </div>
      )}
      {byTotal ? (
        <div>
          <label htmlFor="order-total" className="label">
            Total to spend (USDT, fee included)
          </label>
          <input
            id="order-total"
            inputMode="decimal"
            autoComplete="off"
            value={draft.total}
            onChange={(e) => change({ total: e.target.value })}
            placeholder="0.00"
            className="field text-right tabular-nums"
          />
        </div>
      ) : (
        <div>
          <label htmlFor="order-quantity" className="label">
            Quantity (XAUt)
          </label>
          <div className="flex gap-2">
            <input
              id="order-quantity"
              inputMode="decimal"
              autoComplete="off"
              value={draft.quantity}
              onChange={(e) => change({ quantity: e.target.value })}
              placeholder={`at least ${readable(ts.settings.minQuantity, "XAUT")}`}
              className="field min-w-0 flex-1 text-right tabular-nums"
            />
            {draft.side === "sell" && (
              <MaxButton
                value={mostToSell}
                asset="XAUT"
                onMax={(quantity) => change({ quantity })}
                why="Less than the smallest order can be sold"
              />
            )}
          </div>
        </div>
      )}
      <p className="flex justify-between text-sm">
        <span className="text-muted">Available</span>
        <span className="tabular-nums" data-testid="available">
          {spend}
        </span>
      </p>

      {"estimate" in result ? (
        <dl
          className="space-y-1 rounded-xl border border-line bg-raised/60 p-3 text-sm"
          aria-label="Estimate"
          data-testid="estimate"
        >
          {result.estimate.rows.map(([label, value, total]) => (
            <div key={label} className={`flex justify-between gap-3 ${total ? "font-semibold text-gold-soft" : ""}`}>
              <dt className={total ? "" : "text-muted"}>{label}</dt>
              <dd className="whitespace-nowrap text-right tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        touched && (
          <p className="text-sm text-danger" role="alert">
            {result.problem}
          </p>
        )
      )}
      {halted && (
        <p className="rounded-lg border border-danger/60 bg-danger/10 px-3 py-2 text-sm text-red-200" role="alert">
          {halted}
        </p>
      )}

      {reviewing && "estimate" in result && (
        <p className="rounded-lg border border-gold/50 bg-gold/10 px-3 py-2 text-sm text-gold-soft" role="status">
          {result.estimate.summary}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn-gold" disabled={busy || !!halted || !("estimate" in result)}>
          {busy ? "Placing…" : reviewing ? `Confirm ${draft.side}` : `Review ${draft.side}`}
        </button>
        {reviewing && (
          <button type="button" className="btn-ghost" onClick={() => setReviewing(false)}>
            Back
          </button>
        )}
      </div>
      <p className="text-xs text-muted">
        Aurum is your counterparty: you buy at the ask and sell at the bid, the feed price ±{" "}
        {percentText(ts.settings.spreadBps)}. Costs and fees round up and proceeds down, by less than a millionth of a
        USDT.
      </p>
    </form>
  );
}

function PriceField({
  id,
  label,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className="field text-right tabular-nums"
      />
    </div>
  );
}

/**
 * The most XAUt a sell can take, as a decimal string: all that is available (the fee comes out of the
 * proceeds) within the largest order and today's limit, valued at the limit price typed or else the bid.
 */
function sellMaxOf(ts: TradeSettingsView, available: string, limitPrice: string): string | null {
  const { market, settings, price } = ts;
  if (!price) return null;
  let at = toUnits(price.bid, market.quoteDecimals);
  try {
    if (limitPrice.trim()) at = toUnits(plainAmount(limitPrice), market.quoteDecimals);
  } catch {
    // A price not yet readable: the bid until it is.
  }
  const units = (v: string) => toUnits(v, market.baseDecimals);
  const most = sellMax({
    available: units(available),
    minQuantity: units(settings.minQuantity),
    maxQuantity: units(settings.maxQuantity),
    dailyRemaining: toUnits(settings.dailyRemaining, market.quoteDecimals),
    price: at,
    unit: 10n ** BigInt(market.baseDecimals),
  });
  return most === null ? null : formatAmount(most, market.baseDecimals);
}
