import type { Db } from "@/db/client";
import { readEnv } from "@/lib/core/env";
import { availableNetworks } from "@/lib/funding/wallets";
import { MAX_WITHDRAW_PASSWORD_FAILURES, WITHDRAW_LOCK_MS } from "@/lib/auth/withdraw-password";
import { getSettings } from "@/lib/settings";
import { marketAssets, type MarketAssets } from "@/lib/trading/market";
import { MAX_OPEN_ORDERS } from "@/lib/trading/place-order";

export interface WithdrawalTerms {
  currency: string;
  networkName: string;
  /** Decimal strings of the currency, as the wallet sets them. */
  fee: string;
  minimum: string;
}

/**
 * Every figure the information pages quote, read at request time: the site settings, the withdrawal
 * fee and minimum of each open withdrawal network (they are set per wallet, not in the settings),
 * the operator's price-staleness and withdrawal-pause environment, and the fixed rules quoted
 * beside them. Amounts are decimal strings as they were set.
 */
export interface SiteFigures {
  siteName: string;
  supportUrl: string | null;
  trading: {
    enabled: boolean;
    feeBps: number;
    spreadBps: number;
    minQuantity: string;
    maxQuantity: string;
    dailyLimit: string;
  };
  withdrawals: { enabled: boolean; dailyLimit: string; networks: WithdrawalTerms[] };
  storageRateBps: number;
  referralRewardUsdt: string;
  priceStaleSeconds: number;
  withdrawHoldHours: number;
  withdrawPasswordFailures: number;
  withdrawLockMinutes: number;
  maxOpenOrders: number;
  market: MarketAssets;
}

export async function siteFigures(db: Db): Promise<SiteFigures> {
  const [settings, currencies, market] = await Promise.all([getSettings(db), availableNetworks(db), marketAssets(db)]);
  const env = readEnv();
  const t = settings.trading;
  return {
    siteName: settings.siteName,
    supportUrl: settings.supportUrl,
    trading: {
      enabled: t.enabled,
      feeBps: t.feeBps,
      spreadBps: t.spreadBps,
      minQuantity: t.minQuantity,
      maxQuantity: t.maxQuantity,
      dailyLimit: t.dailyLimit,
    },
    withdrawals: {
      enabled: settings.withdrawals.enabled,
      dailyLimit: settings.withdrawals.dailyLimit,
      networks: currencies.flatMap((c) =>
        c.networks.flatMap((n) =>
          n.withdraw
            ? [
                {
                  currency: c.currency,
                  networkName: n.networkName,
                  fee: n.withdraw.fee,
                  minimum: n.withdraw.minWithdraw,
                },
              ]
            : [],
        ),
      ),
    },
    storageRateBps: settings.storage.annualRateBps,
    referralRewardUsdt: settings.referral.rewardUsdt,
    priceStaleSeconds: env.PRICE_STALE_SECONDS,
    withdrawHoldHours: env.WITHDRAW_HOLD_HOURS,
    withdrawPasswordFailures: MAX_WITHDRAW_PASSWORD_FAILURES,
    withdrawLockMinutes: WITHDRAW_LOCK_MS / 60_000,
    maxOpenOrders: MAX_OPEN_ORDERS,
    market,
  };
}
