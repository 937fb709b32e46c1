import { exact, money, plainAmount } from "@/lib/core/format";
import { AmountError, formatAmount, parseAmount, toUnits } from "@/lib/core/amount";
import { buyDebit, buyFill, ceilDiv, quantityForTotal, sellFill, type Fill } from "@/lib/trading/pricing";
import type { TradeSettingsView } from "@/lib/trading/trade-settings";

export interface OrderDraft {
  side: "buy" | "sell";
  type: "market" | "limit";
  /** For a market buy: whether the user gives XAUT to buy or USDT to spend. */
  by: "quantity" | "total";
  quantity: string;
  total: string;
  price: string;
}

export interface Estimate {
  /** Rows to show: label, a formatted amount with its asset, and whether it is the bottom line. */
  rows: [label: string, value: string, total?: boolean][];
  /** One sentence for the confirmation. */
  summary: string;
  /** The body for POST /api/trades. */
  body: Record<string, string>;
}

export type EstimateResult = { estimate: Estimate } | { problem: string; field?: "quantity" | "total" | "price" };

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

  let limit: bigint | undefined;
  if (draft.type === "limit") {
    if (!draft.price.trim()) return { problem: "Enter a limit price", field: "price" };
    const parsed = parse(draft.price, market.quoteDecimals, "USDT");
    if (typeof parsed === "string") return { problem: parsed, field: "price" };
    limit = parsed;
  }

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
  const notional = limit === undefined ? fill.cost : ceilDiv(quantity * limit, unit);
  const left = toUnits(settings.dailyRemaining, market.quoteDecimals);
  if (notional > left)
    return {
      problem: `This order would pass your daily trading limit: ${money(formatAmount(left, market.quoteDecimals), "USDT")} left today`,
      field,
    };
  const fee = `Fee (${(settings.feeBps / 100).toFixed(2)}%)`;
  const body: Record<string, string> = { side: draft.side, type: draft.type };
  if (byTotal) body.total = plainAmount(draft.total);
  else body.quantity = formatAmount(quantity, market.baseDecimals);
  if (limit !== undefined) body.price = formatAmount(limit, market.quoteDecimals);

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
