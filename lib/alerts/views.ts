import type { z } from "zod";
import type { PriceAlert } from "@/db/schema";
import { formatAmount } from "@/lib/core/amount";
// A type only: the alert list (a client component) imports this file, and the schema stays out of its bundle.
import type { alertViewSchema } from "./view-schema";

/** An alert as the API answers it: prices as USDT decimal strings, times in ISO 8601. */
export type AlertView = z.infer<typeof alertViewSchema>;

/**
 * The price an alert crossed at as people read it, to the cent: rounded toward the alert (down for
 * "above", up for "below"), so a price that reached an alert never reads as short of it.
 */
export function crossedAt(direction: AlertView["direction"], price: bigint, decimals: number): bigint {
  const cent = 10n ** BigInt(Math.max(decimals - 2, 0));
  const down = price - (price % cent);
  return direction === "above" || down === price ? down : down + cent;
}

export function alertView(alert: PriceAlert, quoteDecimals: number): AlertView {
  return {
    id: alert.id,
    direction: alert.direction,
    price: formatAmount(alert.price, quoteDecimals),
    note: alert.note,
    status: alert.status,
    createdAt: alert.createdAt.toISOString(),
    firedAt: alert.firedAt?.toISOString() ?? null,
    firedPrice: alert.firedPrice === null ? null : formatAmount(alert.firedPrice, quoteDecimals),
  };
}
