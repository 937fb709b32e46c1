import { z } from "zod";
import { AmountError, parseAmount } from "@/lib/core/amount";
import { amountString } from "@/lib/ledger/amount-schema";
import { badRequest } from "@/lib/core/errors";
import type { MarketAssets } from "./market";
import { assetName } from "@/lib/core/format";

/**
 * POST /api/trades: a market order by XAUT `quantity` (or, for a buy, by USDT `total` to spend,
 * fee included), or a limit order by `quantity` and `price` (USDT per XAUT).
 */
export const orderSchema = z
  .object({
    side: z.enum(["buy", "sell"], { error: 'side must be "buy" or "sell"' }),
    type: z.enum(["market", "limit"], { error: 'type must be "market" or "limit"' }),
    quantity: amountString.optional(),
    total: amountString.optional(),
    price: amountString.optional(),
  })
  .superRefine((o, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (o.total !== undefined && (o.type !== "market" || o.side !== "buy"))
      issue("total", "A total is only for market buys; give a quantity");
    else if (o.quantity !== undefined && o.total !== undefined)
      issue("total", "Give either a quantity or a total, not both");
    else if (o.quantity === undefined && o.total === undefined) issue("quantity", "Please enter a quantity");
    if (o.type === "limit" && o.price === undefined) issue("price", "A limit order needs a price");
    if (o.type === "market" && o.price !== undefined)
      issue("price", "A market order takes no price: it fills at the current price");
  });

export type OrderInput = z.infer<typeof orderSchema>;

export type OrderRequest =
  | { side: "buy" | "sell"; type: "market"; quantity: bigint }
  | { side: "buy"; type: "market"; total: bigint }
  | { side: "buy" | "sell"; type: "limit"; quantity: bigint; limitPrice: bigint };

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
  if (input.type === "limit") {
    return {
      side: input.side,
      type: "limit",
      quantity: quantity!,
      limitPrice: units(input.price!, m.quoteDecimals, "USDT", "price"),
    };
  }
  if (quantity !== undefined) return { side: input.side, type: "market", quantity };
  return { side: "buy", type: "market", total: units(input.total!, m.quoteDecimals, "USDT", "total") };
}
