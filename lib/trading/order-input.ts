import { z } from "zod";
import { AmountError, parseAmount } from "@/lib/core/amount";
import { amountString } from "@/lib/ledger/amount-schema";
import { badRequest } from "@/lib/core/errors";
import type { MarketAssets } from "./market";
import { assetName } from "@/lib/core/format";

export const ORDER_TYPES = ["market", "limit", "stop_limit", "oco"] as const;

/** The prices each type takes, every one required, and no other. */
const PRICES: Record<(typeof ORDER_TYPES)[number], ("price" | "stopPrice" | "limitPrice")[]> = {
  market: [],
  limit: ["price"],
  stop_limit: ["stopPrice", "limitPrice"],
  oco: ["price", "stopPrice", "limitPrice"],
};

const NEEDS: Record<"price" | "stopPrice" | "limitPrice", string> = {
  price: "a price",
  stopPrice: "a stop price",
  limitPrice: "a limit price",
};

const TYPE_NAMES: Record<(typeof ORDER_TYPES)[number], string> = {
  market: "A market order",
  limit: "A limit order",
  stop_limit: "A stop-limit order",
  oco: "An OCO order",
};

/**
 * POST /api/trades: a market order by XAUT `quantity` (or, for a buy, by USDT `total` to spend,
 * fee included); a limit order by `quantity` and `price` (USDT per XAUT); a stop-limit by
 * `quantity`, `stopPrice` and `limitPrice`; an OCO by `quantity`, the limit order's `price` and the
 * stop-limit's `stopPrice` and `limitPrice`.
 */
export const orderSchema = z
  .object({
    side: z.enum(["buy", "sell"], { error: 'side must be "buy" or "sell"' }),
    type: z.enum(ORDER_TYPES, { error: 'type must be "market", "limit", "stop_limit" or "oco"' }),
    quantity: amountString.optional(),
    total: amountString.optional(),
    price: amountString.optional(),
    stopPrice: amountString.optional(),
    limitPrice: amountString.optional(),
  })
  .superRefine((o, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (o.total !== undefined && (o.type !== "market" || o.side !== "buy"))
      issue("total", "A total is only for market buys; give a quantity");
    else if (o.quantity !== undefined && o.total !== undefined)
      issue("total", "Give either a quantity or a total, not both");
    else if (o.quantity === undefined && o.total === undefined) issue("quantity", "Please enter a quantity");
    const takes = PRICES[o.type];
    for (const field of ["price", "stopPrice", "limitPrice"] as const) {
      if (takes.includes(field) && o[field] === undefined) issue(field, `${TYPE_NAMES[o.type]} needs ${NEEDS[field]}`);
      if (!takes.includes(field) && o[field] !== undefined)
        issue(
          field,
          o.type === "market"
            ? "A market order takes no price: it fills at the current price"
            : `${TYPE_NAMES[o.type]} takes no ${field}`,
        );
    }
  });

export type OrderInput = z.infer<typeof orderSchema>;

export type OrderRequest =
  | { side: "buy" | "sell"; type: "market"; quantity: bigint }
  | { side: "buy"; type: "market"; total: bigint }
  | { side: "buy" | "sell"; type: "limit"; quantity: bigint; limitPrice: bigint }
  | { side: "buy" | "sell"; type: "stop_limit"; quantity: bigint; stop: Stop }
  | { side: "buy" | "sell"; type: "oco"; quantity: bigint; limitPrice: bigint; stop: Stop };

/** A stop-limit's trigger and the limit it becomes. */
export interface Stop {
  stopPrice: bigint;
  limitPrice: bigint;
}

/** `text` in the asset's smallest units; too many decimals is a 400 on `field`. */
export function units(text: string, decimals: number, asset: string, field: string): bigint {
  try {
    return parseAmount(text, decimals, assetName(asset));
  } catch (err) {
    if (err instanceof AmountError) throw badRequest(err.message, { [field]: [err.message] });
    throw err;
  }
}

/** The order in smallest units; too many decimals is the caller's 400. */
export function orderRequest(input: OrderInput, m: MarketAssets): OrderRequest {
  const quantity = input.quantity === undefined ? undefined : units(input.quantity, m.baseDecimals, "XAUT", "quantity");
  const usdt = (field: "price" | "stopPrice" | "limitPrice") => units(input[field]!, m.quoteDecimals, "USDT", field);
  if (input.type === "stop_limit") {
    return {
      side: input.side,
      type: "stop_limit",
      quantity: quantity!,
      stop: { stopPrice: usdt("stopPrice"), limitPrice: usdt("limitPrice") },
    };
  }
  if (input.type === "oco") {
    return {
      side: input.side,
      type: "oco",
      quantity: quantity!,
      limitPrice: usdt("price"),
      stop: { stopPrice: usdt("stopPrice"), limitPrice: usdt("limitPrice") },
    };
  }
  if (input.type === "limit") {
    return {
      side: input.side,
      type: "limit",
      quantity: quantity!,
      limitPrice: usdt("price"),
    };
  }
  if (quantity !== undefined) return { side: input.side, type: "market", quantity };
  return { side: "buy", type: "market", total: units(input.total!, m.quoteDecimals, "USDT", "total") };
}
