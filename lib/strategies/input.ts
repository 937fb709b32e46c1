import { z } from "zod";
import { badRequest } from "@/lib/core/errors";
import { AmountError, parseAmount } from "@/lib/core/amount";
import { amountString } from "@/lib/ledger/amount-schema";
import type { MarketAssets } from "@/lib/trading/market";

export const PERIODS = ["hourly", "daily", "weekly"] as const;
export type Period = (typeof PERIODS)[number];
export const MIN_LEVELS = 2;
export const MAX_LEVELS = 100;
export const MAX_ROUNDS = 1_000;

// The user accepts the risk statement with their first strategy; admins' setups ignore it.
const acceptRisk = z.boolean({ error: "acceptRisk must be true or false" }).optional();

const recurringSchema = z
  .object({
    type: z.literal("recurring"),
    amount: amountString,
    period: z.enum(PERIODS, { error: 'period must be "hourly", "daily" or "weekly"' }),
    priceCeiling: amountString.nullish(),
    maxRounds: z
      .number({ error: "maxRounds must be a whole number" })
      .int("maxRounds must be a whole number")
      .min(1, "maxRounds must be at least 1")
      .max(MAX_ROUNDS, `maxRounds can be at most ${MAX_ROUNDS}`)
      .nullish(),
    acceptRisk,
  })
  .strict();

const gridSchema = z
  .object({
    type: z.literal("grid"),
    lower: amountString,
    upper: amountString,
    levels: z
      .number({ error: "levels must be a whole number" })
      .int("levels must be a whole number")
      .min(MIN_LEVELS, `A grid needs at least ${MIN_LEVELS} levels`)
      .max(MAX_LEVELS, `A grid can have at most ${MAX_LEVELS} levels`),
    investment: amountString,
    acceptRisk,
  })
  .strict();

/** A strategy as the API takes it (POST /api/strategies and the admin's trade setups). */
export const strategyBodySchema = z.discriminatedUnion("type", [recurringSchema, gridSchema], {
  error: 'type must be "recurring" or "grid"',
});

export type StrategyBody = z.infer<typeof strategyBodySchema>;

/** An administrator's change of a setup: new parameters for one not yet accepted, or {"status": "paused"} for a running one. */
export const setupChangeSchema = z.union(
  [z.object({ status: z.literal("paused", { error: 'status can only be "paused"' }) }).strict(), strategyBodySchema],
  { error: 'Send a setup (type "recurring" or "grid") or {"status": "paused"}' },
);

/** A user accepting a proposed setup; `acceptRisk` acknowledges the risk statement. */
export const acceptSetupSchema = z
  .object({ acceptRisk: z.boolean({ error: "acceptRisk must be true or false" }).optional() })
  .strict();

/** A strategy's parameters in smallest units: USDT amounts and prices, USDT per whole XAUt. */
export type StrategyParams =
  | { type: "recurring"; amount: bigint; period: Period; priceCeiling: bigint | null; maxRounds: number | null }
  | { type: "grid"; lower: bigint; upper: bigint; levels: number; investment: bigint };

function usdt(text: string, field: string, m: MarketAssets): bigint {
  try {
    return parseAmount(text, m.quoteDecimals, "USDT");
  } catch (err) {
    if (err instanceof AmountError) throw badRequest(err.message, { [field]: [err.message] });
    throw err;
  }
}

/** The body in smallest units, with the rules that need no database: a range low to high, with room for its levels. */
export function strategyParams(body: StrategyBody, m: MarketAssets): StrategyParams {
  if (body.type === "recurring") {
    return {
      type: "recurring",
      amount: usdt(body.amount, "amount", m),
      period: body.period,
      priceCeiling: body.priceCeiling ? usdt(body.priceCeiling, "priceCeiling", m) : null,
      maxRounds: body.maxRounds ?? null,
    };
  }
  const lower = usdt(body.lower, "lower", m);
  const upper = usdt(body.upper, "upper", m);
  if (lower >= upper)
    throw badRequest("The lower price must be below the upper price", { lower: ["Must be below the upper price"] });
  // Each level a distinct price, at least one smallest unit apart.
  if (upper - lower < BigInt(body.levels - 1))
    throw badRequest("The range is too narrow for that many levels", { levels: ["Too many levels for this range"] });
  return { type: "grid", lower, upper, levels: body.levels, investment: usdt(body.investment, "investment", m) };
}
