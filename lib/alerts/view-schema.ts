import { z } from "zod";
import { decimalString, isoTime } from "@/lib/core/answers";

/**
 * An alert as the API answers it: prices as USDT decimal strings, times in ISO 8601. Apart from
 * views.ts, which the alert list (a client component) imports for its type only. The enums are
 * written out rather than read from db/schema, so not even a type path leads that list to the
 * database modules; alertView's return type keeps them equal to the columns'.
 */
export const alertViewSchema = z.object({
  id: z.uuid(),
  direction: z.enum(["above", "below"]),
  price: decimalString,
  note: z.string().nullable(),
  status: z.enum(["active", "fired"]),
  createdAt: isoTime,
  firedAt: isoTime.nullable(),
  /** The feed's price when it fired. */
  firedPrice: decimalString.nullable(),
});
