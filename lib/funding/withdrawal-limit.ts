import { and, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { withdrawals } from "@/db/schema";
import { AppError } from "@/lib/core/errors";
import { assetName, moneyOf } from "@/lib/core/format";
import { toUnits } from "@/lib/core/amount";
import { utcDayStart } from "@/lib/core/time";
import { getSettings } from "@/lib/settings";
import { rulesFor } from "@/lib/trading/config";
import { currentQuote } from "@/lib/trading/market";
import { BASE } from "@/lib/ledger/assets";
import { usdtValueOf } from "@/lib/trading/valuation";

const USDT_DECIMALS = 6;

/** What can be withdrawn is limited in USDT, so what has no USDT price cannot be withdrawn while the limit applies. */
function unpriced(currency: string): AppError {
  const message =
    currency === BASE
      ? `${assetName(currency)} has no market price yet, so this withdrawal cannot be counted against your daily withdrawal limit. Try again once the price shows on the market screen.`
      : `${assetName(currency)} has no USDT price on Aurum, so its withdrawals cannot be counted against the daily withdrawal limit. Contact Customer Service to withdraw it.`;
  return new AppError(422, "WITHDRAWAL_NOT_VALUED", message, { amount: [message] });
}

/**
 * The daily withdrawal limit (`withdrawals.dailyLimit`, in USDT): this UTC day's pending and sent
 * withdrawals, each at its USDT value when requested, plus this one may reach the limit but not
 * pass it (cancelled and rejected ones do not count). Stablecoins count at par, XAUT at the
 * user's bid; an asset with no USDT price (BTC, ETH, XAUT before the first price) is refused, as
 * a limit cannot let through what it cannot value. Answers this withdrawal's value, stored with
 * it. Call it under the user's row lock, so their withdrawals are counted one at a time.
 */
export async function assertDailyLimit(
  tx: Db,
  userId: string,
  w: { currency: string; decimals: number; amount: bigint },
  now: Date,
): Promise<bigint> {
  const { effective } = await rulesFor(tx, userId);
  const value = usdtValueOf(
    w.currency,
    w.decimals,
    w.amount,
    await currentQuote(tx, effective.spreadBps, now),
    USDT_DECIMALS,
  );
  if (value === null) throw unpriced(w.currency);
  // Saved with up to 8 decimals ("any" asset); rounded down, the limit is never more than was set.
  const limit = toUnits((await getSettings(tx)).withdrawals.dailyLimit, USDT_DECIMALS, "down");
  const [today] = await tx
    .select({ total: sql<string>`coalesce(sum(${withdrawals.valueUsdt}), 0)::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        gte(withdrawals.createdAt, utcDayStart(now)),
        inArray(withdrawals.status, ["pending", "sent"]),
        // Returned after its transaction left the chain: nothing was paid out.
        isNull(withdrawals.returnedAt),
      ),
    );
  // An aggregate without group by always returns one row, and coalesce makes its sum never null.
  const used = BigInt(today!.total);
  if (used + value > limit) {
    const left = limit > used ? limit - used : 0n;
    throw new AppError(
      422,
      "DAILY_LIMIT_EXCEEDED",
      `This is over your daily withdrawal limit: ${moneyOf(left, USDT_DECIMALS, "USDT")} is left today (UTC).`,
    );
  }
  return value;
}
