import { and, count, eq, inArray, sum } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { z } from "zod";
import { formatAmount } from "@/lib/core/amount";
import { decimalString } from "@/lib/core/answers";
import type { MarketAssets } from "@/lib/trading/market";

/**
 * What a strategy really did, from its filled orders and nothing else: no projection, no promise.
 * The cost basis is the average cost of what it bought, fees included, so realised profit or loss
 * is what sells brought in above that basis, and unrealised is the XAUt still held valued at the
 * bid (what the platform would pay now) above its basis.
 */
export const resultsSchema = z.object({
  fills: z.number().int(),
  bought: decimalString,
  sold: decimalString,
  /** USDT paid for its buys, fees included. */
  invested: decimalString,
  /** USDT its sells brought in, after fees. */
  received: decimalString,
  fees: decimalString,
  /** USDT per XAUt its buys paid on average, before fees; null before the first buy. */
  averagePrice: decimalString.nullable(),
  /** XAUt bought and not sold, and its value at the bid; null without a price. */
  holding: decimalString,
  value: decimalString.nullable(),
  realised: decimalString,
  unrealised: decimalString.nullable(),
});

export type Results = z.infer<typeof resultsSchema>;

interface Sums {
  fills: number;
  quantity: bigint;
  cost: bigint;
  fee: bigint;
}

const NONE: Sums = { fills: 0, quantity: 0n, cost: 0n, fee: 0n };

export function computeResults(buys: Sums, sells: Sums, bid: bigint | null, m: MarketAssets): Results {
  const usdt = (v: bigint) => formatAmount(v, m.quoteDecimals);
  const invested = buys.cost + buys.fee;
  const received = sells.cost - sells.fee;
  const holding = buys.quantity - sells.quantity;
  // The basis of `q` of what it bought: its share of everything the buys cost.
  const basis = (q: bigint) => (buys.quantity === 0n ? 0n : (invested * q) / buys.quantity);
  const value = bid === null ? null : (holding * bid) / m.unit;
  return {
    fills: buys.fills + sells.fills,
    bought: formatAmount(buys.quantity, m.baseDecimals),
    sold: formatAmount(sells.quantity, m.baseDecimals),
    invested: usdt(invested),
    received: usdt(received),
    fees: usdt(buys.fee + sells.fee),
    averagePrice: buys.quantity === 0n ? null : usdt((buys.cost * m.unit) / buys.quantity),
    holding: formatAmount(holding, m.baseDecimals),
    value: value === null ? null : usdt(value),
    realised: usdt(received - basis(sells.quantity)),
    unrealised: value === null ? null : usdt(value - basis(holding)),
  };
}

/** Each strategy's results, by id, valued at `bid`. */
export async function resultsFor(
  db: Db,
  ids: string[],
  bid: bigint | null,
  m: MarketAssets,
): Promise<Map<string, Results>> {
  const rows = ids.length
    ? await db
        .select({
          strategyId: orders.strategyId,
          side: orders.side,
          fills: count(),
          quantity: sum(orders.quantity),
          cost: sum(orders.cost),
          fee: sum(orders.fee),
        })
        .from(orders)
        .where(and(inArray(orders.strategyId, ids), eq(orders.status, "filled")))
        .groupBy(orders.strategyId, orders.side)
    : [];
  const sums = (id: string, side: "buy" | "sell"): Sums => {
    const r = rows.find((row) => row.strategyId === id && row.side === side);
    return r
      ? { fills: r.fills, quantity: BigInt(r.quantity ?? 0), cost: BigInt(r.cost ?? 0), fee: BigInt(r.fee ?? 0) }
      : NONE;
  };
  return new Map(ids.map((id) => [id, computeResults(sums(id, "buy"), sums(id, "sell"), bid, m)]));
}
