import { exact, money, percentText, plainAmount } from "@/lib/core/format";
import { AmountError, formatAmount, parseAmount, toUnits } from "@/lib/core/amount";
import { buyDebit, buyFill, ceilDiv, quantityForTotal, sellFill, type Fill } from "@/lib/trading/pricing";
import type { TradeSettingsView } from "@/lib/trading/trade-settings";

export interface OrderDraft {
  side: "buy" | "sell";
  type: "market" | "limit" | "stop_limit" | "oco";
  /** For a market buy: whether the user gives XAUT to buy or USDT to spend. */
  by: "quantity" | "total";
  quantity: string;
  total: string;
  /** A limit order's price, and an OCO's limit order's. */
  price: string;
  /** A stop-limit's (and an OCO's) stop, and the limit it becomes. */
  stopPrice: string;
  stopLimit: string;
}

type PriceField = "price" | "stopPrice" | "stopLimit";

/** The prices each type asks for, in the form's order, and how the problem names a missing one. */
const PRICES: Record<OrderDraft["type"], [PriceField, string][]> = {
  market: [],
  limit: [["price", "a limit price"]],
  stop_limit: [
    ["stopPrice", "a stop price"],
    ["stopLimit", "a limit price"],
  ],
  oco: [
    ["price", "a limit price"],
    ["stopPrice", "a stop price"],
    ["stopLimit", "the stop's limit price"],
  ],
};

export interface Estimate {
  /** Rows to show: label, a formatted amount with its asset, and whether it is the bottom line. */
  rows: [label: string, value: string, total?: boolean][];
  /** One sentence for the confirmation. */
  summary: string;
  /** The body for POST /api/trades. */
  body: Record<string, string>;
}

export type EstimateResult = { estimate: Estimate } | { problem: string; field?: "quantity" | "total" | PriceField };

function parse(text: string, decimals: number, asset: string): bigint | string {
  try {
    return parseAmount(plainAmount(text), decimals, asset);
  } catch (err) {
    if (err instanceof AmountError) return err.message;
    throw err;
  }
}

/**
 * What the order would do at the current quote, with the same arithmetic the server fills with.
 * The server decides; this is what the user sees before confirming.
 */
export function estimate(
  draft: OrderDraft,
  ts: TradeSettingsView,
  available: { USDT: string; XAUT: string },
): EstimateResult {
  const { market, settings, price } = ts;
  if (!price) return { problem: "There is no market price yet" };
  const unit = 10n ** BigInt(market.baseDecimals);
  // The review shows every unit: what the order will really move.
  const usdt = (v: bigint) => `${exact(formatAmount(v, market.quoteDecimals))} USDT`;
  const xaut = (v: bigint) => `${exact(formatAmount(v, market.baseDecimals))} XAUt`;
  // The server's amounts (prices, limits, balances) may be zero, so `toUnits` and not `parseAmount`.
  const ask = toUnits(price.ask, market.quoteDecimals);
  const bid = toUnits(price.bid, market.quoteDecimals);
  const byTotal = draft.type === "market" && draft.side === "buy" && draft.by === "total";

  const prices: Partial<Record<PriceField, bigint>> = {};
  for (const [field, name] of PRICES[draft.type]) {
    if (!draft[field].trim()) return { problem: `Enter ${name}`, field };
    const parsed = parse(draft[field], market.quoteDecimals, "USDT");
    if (typeof parsed === "string") return { problem: parsed, field };
    prices[field] = parsed;
  }
  // What the server refuses as already reached, said before the review.
  const last = toUnits(price.last, market.quoteDecimals);
  const sell = draft.side === "sell";
  if (prices.stopPrice !== undefined && (sell ? prices.stopPrice >= last : prices.stopPrice <= last))
    return {
      problem: `A ${draft.side} stop must be ${sell ? "below" : "above"} the current price of ${usdt(last)}`,
      field: "stopPrice",
    };
  if (draft.type === "oco" && (sell ? prices.price! <= bid : prices.price! >= ask))
    return {
      problem: `An OCO's limit ${draft.side} must be ${sell ? "above" : "below"} the current price of ${usdt(last)}`,
      field: "price",
    };
  // The limit an order fills at or better: a stop's is the one it becomes; an OCO reserves for the dearer of its two.
  const limit =
    draft.type === "oco"
      ? prices.price! > prices.stopLimit!
        ? prices.price
        : prices.stopLimit
      : (prices.price ?? prices.stopLimit);

  let quantity: bigint;
  if (byTotal) {
    if (!draft.total.trim()) return { problem: "Enter the USDT to spend", field: "total" };
    const total = parse(draft.total, market.quoteDecimals, "USDT");
    if (typeof total === "string") return { problem: total, field: "total" };
    quantity = quantityForTotal(total, ask, settings.feeBps, unit);
  } else {
    if (!draft.quantity.trim()) return { problem: "Enter a quantity", field: "quantity" };
    const parsed = parse(draft.quantity, market.baseDecimals, "XAUT");
    if (typeof parsed === "string") return { problem: parsed, field: "quantity" };
    quantity = parsed;
  }
  const min = toUnits(settings.minQuantity, market.baseDecimals);
  const max = toUnits(settings.maxQuantity, market.baseDecimals);
  const field = byTotal ? "total" : "quantity";
  if (quantity < min) return { problem: `The minimum order is ${xaut(min)}`, field };
  if (quantity > max) return { problem: `The maximum order is ${xaut(max)}`, field };

  const fillAt = (p: bigint): Fill =>
    draft.side === "buy" ? buyFill(quantity, p, settings.feeBps, unit) : sellFill(quantity, p, settings.feeBps, unit);
  const fill = fillAt(limit ?? (draft.side === "buy" ? ask : bid));

  // What the server will refuse, said before the review: the balance the order takes from, and the
  // daily limit on its notional (a market order's cost, a limit order's quantity × price).
  const needs =
    draft.side === "sell"
      ? quantity
      : limit === undefined
        ? fill.net
        : buyDebit(quantity, limit, settings.feeBps, unit);
  const has =
    draft.side === "sell"
      ? toUnits(available.XAUT, market.baseDecimals)
      : toUnits(available.USDT, market.quoteDecimals);
  if (needs > has) {
    const amount = draft.side === "sell" ? xaut : usdt;
    return { problem: `This order needs ${amount(needs)}; you have ${amount(has)} available`, field };
  }
  // An OCO counts both of its orders until one of them ends.
  const notional =
    limit === undefined
      ? fill.cost
      : draft.type === "oco"
        ? ceilDiv(quantity * prices.price!, unit) + ceilDiv(quantity * prices.stopLimit!, unit)
        : ceilDiv(quantity * limit, unit);
  const left = toUnits(settings.dailyRemaining, market.quoteDecimals);
  if (notional > left)
    return {
      problem: `This order would pass your daily trading limit: ${money(formatAmount(left, market.quoteDecimals), "USDT")} left today`,
      field,
    };
  const fee = `Fee (${percentText(settings.feeBps)})`;
  const body: Record<string, string> = { side: draft.side, type: draft.type };
  if (byTotal) body.total = plainAmount(draft.total);
  else body.quantity = formatAmount(quantity, market.baseDecimals);
  if (prices.price !== undefined) body.price = formatAmount(prices.price, market.quoteDecimals);
  if (prices.stopPrice !== undefined) body.stopPrice = formatAmount(prices.stopPrice, market.quoteDecimals);
  if (prices.stopLimit !== undefined) body.limitPrice = formatAmount(prices.stopLimit, market.quoteDecimals);

  if (draft.type === "market") {
    const buy = draft.side === "buy";
    return {
      estimate: {
        body,
        rows: [
          [buy ? "Price (ask)" : "Price (bid)", usdt(fill.price)],
          ["Quantity", xaut(quantity)],
          [buy ? "Cost" : "Proceeds", usdt(fill.cost)],
          [fee, usdt(fill.fee)],
          [buy ? "You pay about" : "You receive about", usdt(fill.net), true],
        ],
        summary: `${buy ? "Buy" : "Sell"} ${xaut(quantity)} at market for about ${usdt(fill.net)}, fee included?`,
      },
    };
  }
  const reserved = draft.side === "buy" ? usdt(buyDebit(quantity, limit!, settings.feeBps, unit)) : xaut(quantity);
  if (draft.type !== "limit") {
    const stop = usdt(prices.stopPrice!);
    const stopLimit = usdt(prices.stopLimit!);
    const ifStop = `If XAUt ${sell ? "falls" : "rises"} to ${stop}, ${draft.side} ${xaut(quantity)} at ${stopLimit} or better`;
    const rows: Estimate["rows"] = [
      ...(draft.type === "oco" ? ([["Limit price", usdt(prices.price!)]] as Estimate["rows"]) : []),
      ["Stop price", stop],
      [draft.type === "oco" ? "Stop's limit price" : "Limit price", stopLimit],
      ["Quantity", xaut(quantity)],
      ["Reserved until it ends", reserved, true],
    ];
    return {
      estimate: {
        body,
        rows,
        summary:
          draft.type === "oco"
            ? `${sell ? "Sell" : "Buy"} ${xaut(quantity)} at ${usdt(prices.price!)}, or: ${ifStop.charAt(0).toLowerCase()}${ifStop.slice(1)}. Whichever comes first cancels the other.`
            : `${ifStop}.`,
      },
    };
  }
  return {
    estimate: {
      body,
      rows: [
        ["Limit price", usdt(limit!)],
        ["Quantity", xaut(quantity)],
        [`${fee} at your price`, usdt(fill.fee)],
        [draft.side === "buy" ? "You pay at most" : "You receive at least", usdt(fill.net), true],
        ["Reserved until it fills", reserved],
      ],
      summary: `Place a limit ${draft.side} of ${xaut(quantity)} at ${usdt(limit!)}? It fills when the ${draft.side === "buy" ? "ask" : "bid"} reaches your price or better.`,
    },
  };
}
