import type { Strategy } from "@/db/schema";
import { formatAmount } from "@/lib/ledger/amount";
import { displayDecimal } from "@/lib/format";
import type { MarketAssets } from "@/lib/trading/market";
import type { Results } from "./results";

const PERIOD_WORDS = { hourly: "every hour", daily: "every day", weekly: "every week" } as const;

/** What people call a strategy: "Recurring buy: 50 USDT every day" or "Grid: 2,500–2,700 USDT, 5 levels". */
export function strategyName(s: Strategy, m: MarketAssets): string {
  const usdt = (v: bigint) => displayDecimal(formatAmount(v, m.quoteDecimals));
  if (s.type === "recurring") return `Recurring buy: ${usdt(s.amount!)} USDT ${PERIOD_WORDS[s.period!]}`;
  return `Grid: ${usdt(s.lower!)}–${usdt(s.upper!)} USDT, ${s.levels} levels`;
}

/** A strategy as the API shows it: amounts as decimal strings, times in ISO 8601 UTC. */
export function strategyView(s: Strategy, m: MarketAssets, results: Results) {
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
    reserved: { USDT: formatAmount(s.reservedQuote, m.quoteDecimals), XAUT: formatAmount(s.reservedBase, m.baseDecimals) },
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

export type StrategyView = ReturnType<typeof strategyView>;
