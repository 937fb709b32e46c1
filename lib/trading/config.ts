import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tradeConfigs, type TradeConfig } from "@/db/schema";
import { formatAmount, toUnits } from "@/lib/ledger/amount";
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

export async function userOverrides(db: Db, userId: string): Promise<TradeConfig | null> {
  const [row] = await db.select().from(tradeConfigs).where(eq(tradeConfigs.userId, userId));
  return row ?? null;
}

/** The rules in force for one user, with the site defaults and their overrides beside them. */
export async function rulesFor(db: Db, userId: string) {
  const [settings, overrides, market] = await Promise.all([getSettings(db), userOverrides(db, userId), marketAssets(db)]);
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
