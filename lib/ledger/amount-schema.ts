import { z } from "zod";
import { DECIMAL } from "@/lib/core/amount";

/** An amount as the API takes it: a decimal string (checked against the asset's decimals later). */
export const amountString = z
  .string({ error: 'Amount must be a decimal string such as "12.50"' })
  .trim()
  .min(1, "Please enter an amount")
  .max(40, "Amount is too large")
  .refine((s) => !/e/i.test(s), "Amount must be a plain decimal number, without an exponent")
  .refine((s) => !s.startsWith("-"), "Amount must be greater than zero")
  .refine((s) => DECIMAL.test(s), 'Amount must be a decimal number such as "12.50"');
