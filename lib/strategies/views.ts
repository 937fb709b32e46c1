import { desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { z } from "zod";
import {
  orders,
  strategies,
  strategyPeriod,
  strategyRuns,
  strategyStatus,
  strategyType,
  type Order,
  type Strategy,
} from "@/db/schema";
import { formatAmount } from "@/lib/core/amount";
import { decimalString, isoTime } from "@/lib/core/answers";
import { displayDecimal } from "@/lib/core/format";
import { rulesFor } from "@/lib/trading/config";
import { currentQuote, type MarketAssets } from "@/lib/trading/market";
import { orderView, orderViewSchema } from "@/lib/trading/views";
import { resultsFor, resultsSchema, type Results } from "./results";

const PERIOD_WORDS = { hourly: "every hour", daily: "every day", weekly: "every week" } as const;

/** What people call a strategy: "Recurring buy: 50 USDT every day" or "Grid: 2,500–2,700 USDT, 5 levels". */
export function strategyName(s: Strategy, m: MarketAssets): string {
  const usdt = (v: bigint) => displayDecimal(formatAmount(v, m.quoteDecimals));
  if (s.type === "recurring") return `Recurring buy: ${usdt(s.amount!)} USDT ${PERIOD_WORDS[s.period!]}`;
  return `Grid: ${usdt(s.lower!)}–${usdt(s.upper!)} USDT, ${s.levels} levels`;
}

/** A strategy as the API shows it: amounts as decimal strings, times in ISO 8601 UTC. */
export const strategyViewSchema = z.object({
  id: z.uuid(),
  /** "Recurring buy: 50 USDT every day", "Grid: 2,500–2,700 USDT, 5 levels". */
  name: z.string(),
  type: z.enum(strategyType.enumValues),
  status: z.enum(strategyStatus.enumValues),
  /** Prepared by Aurum's support for the user to accept. */
  proposedBySupport: z.boolean(),
  /** A recurring buy's USDT per round, its period, price ceiling and number of rounds. */
  amount: decimalString.nullable(),
  period: z.enum(strategyPeriod.enumValues).nullable(),
  priceCeiling: decimalString.nullable(),
  maxRounds: z.number().int().nullable(),
  /** A grid's range, levels, investment and XAUt per level. */
  lower: decimalString.nullable(),
  upper: decimalString.nullable(),
  levels: z.number().int().nullable(),
  investment: decimalString.nullable(),
  quantityPerLevel: decimalString.nullable(),
  /** What its budget still holds, per asset. */
  reserved: z.object({ USDT: decimalString, XAUT: decimalString }),
  roundsRun: z.number().int(),
  roundsSkipped: z.number().int(),
  lastSkipReason: z.string().nullable(),
  nextRunAt: isoTime.nullable(),
  createdAt: isoTime,
  startedAt: isoTime.nullable(),
  endedAt: isoTime.nullable(),
  results: resultsSchema,
});

export type StrategyView = z.infer<typeof strategyViewSchema>;

/** A strategy with its latest orders and rounds. */
export const strategyDetailSchema = strategyViewSchema.extend({
  orders: z.array(orderViewSchema),
  runs: z.array(
    z.object({
      key: z.string(),
      outcome: z.enum(["ran", "skipped"]),
      reason: z.string().nullable(),
      orderId: z.uuid().nullable(),
      at: isoTime,
    }),
  ),
});

export function strategyView(s: Strategy, m: MarketAssets, results: Results): StrategyView {
  const usdt = (v: bigint | null) => (v === null ? null : formatAmount(v, m.quoteDecimals));
  return {
    id: s.id,
    name: strategyName(s, m),
    type: s.type,
    status: s.status,
    proposedBySupport: s.proposedBy !== null,
    amount: usdt(s.amount),
    period: s.period,
    priceCeiling: usdt(s.priceCeiling),
    maxRounds: s.maxRounds,
    lower: usdt(s.lower),
    upper: usdt(s.upper),
    levels: s.levels,
    investment: usdt(s.investment),
    quantityPerLevel: s.quantity === null ? null : formatAmount(s.quantity, m.baseDecimals),
    reserved: {
      USDT: formatAmount(s.reservedQuote, m.quoteDecimals),
      XAUT: formatAmount(s.reservedBase, m.baseDecimals),
    },
    roundsRun: s.roundsRun,
    roundsSkipped: s.roundsSkipped,
    lastSkipReason: s.lastSkipReason,
    nextRunAt: s.status === "running" ? (s.nextRunAt?.toISOString() ?? null) : null,
    createdAt: s.createdAt.toISOString(),
    startedAt: s.startedAt?.toISOString() ?? null,
    endedAt: s.endedAt?.toISOString() ?? null,
    results,
  };
}

/** One user's strategies as the API shows them, each with its results valued at that user's bid. */
export async function strategyViews(db: Db, userId: string, list: Strategy[]) {
  const { effective, market: m } = await rulesFor(db, userId);
  const quote = await currentQuote(db, effective.spreadBps);
  const results = await resultsFor(
    db,
    list.map((s) => s.id),
    quote?.bid ?? null,
    m,
  );
  return list.map((s) => strategyView(s, m, results.get(s.id)!));
}

const RECENT = 50;

/** One strategy with its latest orders and rounds. */
export async function strategyDetail(db: Db, s: Strategy): Promise<z.infer<typeof strategyDetailSchema>> {
  const [[view], recentOrders, runs, { market: m }] = await Promise.all([
    strategyViews(db, s.userId, [s]),
    db.select().from(orders).where(eq(orders.strategyId, s.id)).orderBy(desc(orders.createdAt)).limit(RECENT),
    db
      .select()
      .from(strategyRuns)
      .where(eq(strategyRuns.strategyId, s.id))
      .orderBy(desc(strategyRuns.at))
      .limit(RECENT),
    rulesFor(db, s.userId),
  ]);
  const name = strategyName(s, m);
  return {
    ...view!,
    orders: recentOrders.map((o) => orderView(o, m, { id: s.id, name })),
    runs: runs.map((r) => ({
      key: r.key,
      outcome: r.outcome,
      reason: r.reason,
      orderId: r.orderId,
      at: r.at.toISOString(),
    })),
  };
}

/** Orders as the API shows them, each a strategy placed named after it. */
export async function orderViews(db: Db, list: Order[], m: MarketAssets) {
  const ids = [...new Set(list.map((o) => o.strategyId).filter((id): id is string => id !== null))];
  const owners = ids.length ? await db.select().from(strategies).where(inArray(strategies.id, ids)) : [];
  const named = new Map(owners.map((s) => [s.id, { id: s.id, name: strategyName(s, m) }]));
  return list.map((o) => orderView(o, m, o.strategyId ? (named.get(o.strategyId) ?? null) : null));
}
