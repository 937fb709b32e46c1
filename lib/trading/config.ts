import type { Db } from "@/db/client";
import { dateOf, query, type Int8, type Timestamp } from "@/db/raw";
import type { TradeConfig } from "@/db/schema";
import { formatAmount, toUnits } from "@/lib/core/amount";
import { getSettings } from "@/lib/settings";
import type { Settings } from "@/lib/settings/schema";
import { marketAssets, type MarketAssets } from "./market";

/**
 * The rules one user trades under. Quantities are XAUT smallest units; the daily limit is USDT
 * smallest units of notional (quantity × price, before fees) per UTC day.
 */
export interface TradingRules {
  enabled: boolean;
  feeBps: number;
  spreadBps: number;
  minQuantity: bigint;
  maxQuantity: bigint;
  dailyLimit: bigint;
}

export const RULE_KEYS = ["enabled", "feeBps", "spreadBps", "minQuantity", "maxQuantity", "dailyLimit"] as const;

export function siteRules(settings: Settings, m: MarketAssets): TradingRules {
  const t = settings.trading;
  return {
    enabled: t.enabled,
    feeBps: t.feeBps,
    spreadBps: t.spreadBps,
    minQuantity: toUnits(t.minQuantity, m.baseDecimals),
    maxQuantity: toUnits(t.maxQuantity, m.baseDecimals),
    dailyLimit: toUnits(t.dailyLimit, m.quoteDecimals),
  };
}

/** The site's rules with the user's overrides laid over them (a null override keeps the default). */
export function applyOverrides(defaults: TradingRules, overrides: TradeConfig | null | undefined): TradingRules {
  return {
    enabled: overrides?.enabled ?? defaults.enabled,
    feeBps: overrides?.feeBps ?? defaults.feeBps,
    spreadBps: overrides?.spreadBps ?? defaults.spreadBps,
    minQuantity: overrides?.minQuantity ?? defaults.minQuantity,
    maxQuantity: overrides?.maxQuantity ?? defaults.maxQuantity,
    dailyLimit: overrides?.dailyLimit ?? defaults.dailyLimit,
  };
}

// Read with every order (db/raw.ts: written once, prepared once per connection).
const OVERRIDES = `select enabled, fee_bps, spread_bps, min_quantity, max_quantity, daily_limit, updated_by, updated_at from trade_configs where user_id = $1`;

interface OverridesRow {
  enabled: boolean | null;
  fee_bps: number | null;
  spread_bps: number | null;
  min_quantity: Int8 | null;
  max_quantity: Int8 | null;
  daily_limit: Int8 | null;
  updated_by: string | null;
  updated_at: Timestamp;
}

const units = (v: Int8 | null) => (v === null ? null : BigInt(v));

export async function userOverrides(db: Db, userId: string): Promise<TradeConfig | null> {
  const [row] = await query<OverridesRow>(db, OVERRIDES, [userId]);
  if (!row) return null;
  return {
    userId,
    enabled: row.enabled,
    feeBps: row.fee_bps,
    spreadBps: row.spread_bps,
    minQuantity: units(row.min_quantity),
    maxQuantity: units(row.max_quantity),
    dailyLimit: units(row.daily_limit),
    updatedBy: row.updated_by,
    updatedAt: dateOf(row.updated_at),
  };
}

/** The rules in force for one user, with the site defaults and their overrides beside them. */
export async function rulesFor(db: Db, userId: string) {
  const [settings, overrides, market] = await Promise.all([
    getSettings(db),
    userOverrides(db, userId),
    marketAssets(db),
  ]);
  const defaults = siteRules(settings, market);
  return { effective: applyOverrides(defaults, overrides), defaults, overrides, market };
}

/** Rules as the API shows them: amounts as decimal strings. */
export function rulesView(rules: TradingRules, m: MarketAssets) {
  return {
    enabled: rules.enabled,
    feeBps: rules.feeBps,
    spreadBps: rules.spreadBps,
    minQuantity: formatAmount(rules.minQuantity, m.baseDecimals),
    maxQuantity: formatAmount(rules.maxQuantity, m.baseDecimals),
    dailyLimit: formatAmount(rules.dailyLimit, m.quoteDecimals),
  };
}
