import type { Db } from "@/db/client";
import { query, type Int8 } from "@/db/raw";
import { utcDayStart } from "@/lib/core/time";

// Read on every order (db/raw.ts: written once, prepared once per connection).
const DAILY_USED = "select used from trading_days where user_id = $1 and day = $2::date";

/**
 * USDT notional (quantity × price, before fees) of the orders a user placed this UTC day:
 * filled orders at what they cost or paid, open limit orders at their limit price, cancelled
 * orders not at all. One row, kept by the database for every order written (db/schema/trading.ts).
 */
export async function dailyUsed(db: Db, userId: string, now: Date = new Date()): Promise<bigint> {
  const [row] = await query<{ used: Int8 }>(db, DAILY_USED, [userId, utcDayStart(now).toISOString().slice(0, 10)]);
  return BigInt(row?.used ?? 0);
}
