import { z } from "zod";
import { amountString } from "@/lib/ledger/amount-schema";
import type { MarketAssets } from "@/lib/trading/market";
import { units } from "@/lib/trading/order-input";

export const ALERT_DIRECTIONS = ["above", "below"] as const;
export type AlertDirection = (typeof ALERT_DIRECTIONS)[number];

/** A user's active alerts at once: enough to bracket the price several ways, few enough to check every tick. */
export const MAX_ACTIVE_ALERTS = 20;
export const NOTE_MAX = 80;

// A note is one short line shown in a notification: no control characters (line breaks included).
const CONTROL = /\p{Cc}/u;

/** POST /api/alerts: fire when XAUt's price rises to or over (`above`) or falls to or under (`below`) `price` USDT. */
export const alertSchema = z.object({
  direction: z.enum(ALERT_DIRECTIONS, { error: 'direction must be "above" or "below"' }),
  price: amountString,
  note: z
    .string({ error: "The note must be text" })
    .trim()
    .max(NOTE_MAX, `The note can be at most ${NOTE_MAX} characters`)
    .refine((value) => !CONTROL.test(value), "The note must not contain control characters")
    .optional()
    // An empty note is no note.
    .transform((value) => value || null),
});

export type AlertInput = z.infer<typeof alertSchema>;

export interface AlertRequest {
  direction: AlertDirection;
  /** USDT smallest units per whole XAUT. */
  price: bigint;
  note: string | null;
}

/** The alert in smallest units, at the market's quote decimals; too many decimals is the caller's 400. */
export function alertRequest(input: AlertInput, market: MarketAssets): AlertRequest {
  return {
    direction: input.direction,
    price: units(input.price, market.quoteDecimals, "USDT", "price"),
    note: input.note,
  };
}
