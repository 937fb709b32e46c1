import { and, eq, gte, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { utcDayStart } from "@/lib/time";

/**
 * USDT notional (quantity × price, before fees) of the orders a user placed this UTC day:
 * filled orders at what they cost or paid, open limit orders at their limit price, cancelled
 * orders not at all.
 */
export async function dailyUsed(db: Db, userId: string, unit: bigint, now: Date = new Date()): Promise<bigint> {
  const [row] = await db
    .select({
      used: sql<string>`coalesce(sum(coalesce(${orders.cost}::numeric, ceil(${orders.quantity}::numeric * ${orders.limitPrice} / ${sql.raw(unit.toString())}))), 0)`,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), gte(orders.createdAt, utcDayStart(now)), ne(orders.status, "cancelled")));
  return BigInt(row?.used ?? "0");
}
