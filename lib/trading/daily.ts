import type { Db } from "@/db/client";
import { query, type Int8 } from "@/db/raw";
import { utcDayStart } from "@/lib/time";

// Read on every order (db/raw.ts: written once, prepared once per connection).
const DAILY_USED = `select coalesce(sum(coalesce(cost::numeric, ceil(quantity::numeric * limit_price / $3::numeric))), 0)::text as used
  from orders
  where user_id = $1 and created_at >= $2 and status <> 'cancelled'`;

/**
 * USDT notional (quantity × price, before fees) of the orders a user placed this UTC day:
 * filled orders at what they cost or paid, open limit orders at their limit price, cancelled
 * orders not at all.
 */
export async function dailyUsed(db: Db, userId: string, unit: bigint, now: Date = new Date()): Promise<bigint> {
  const [row] = await query<{ used: Int8 }>(db, DAILY_USED, [userId, utcDayStart(now).toISOString(), unit.toString()]);
  return BigInt(row?.used ?? 0);
}
