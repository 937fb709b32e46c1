import type { Db } from "@/db/client";
import { query } from "@/db/raw";
import type { Order } from "@/db/schema";
import { ORDER_COLUMNS, orderOf, type OrderRow } from "./order-rows";

// Written once (db/raw.ts: prepared once per connection).
const INSERT_ORDER = `insert into orders (id, user_id, side, type, status, quantity, limit_price, held, fill_price, cost, fee, fee_bps, journal_id, strategy_id, grid_level, created_at, filled_at, stop_price, stop_limit_price, oco_id)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, coalesce($16, now()), $17, $18, $19, $20)
  returning ${ORDER_COLUMNS}`;

export type NewOrder = Pick<Order, "id" | "userId" | "side" | "type" | "status" | "quantity" | "feeBps"> &
  Partial<
    Pick<
      Order,
      | "limitPrice"
      | "held"
      | "fillPrice"
      | "cost"
      | "fee"
      | "journalId"
      | "strategyId"
      | "gridLevel"
      | "createdAt"
      | "filledAt"
      | "stopPrice"
      | "stopLimitPrice"
      | "ocoId"
    >
  >;

export async function insertOrder(db: Db, o: NewOrder): Promise<Order> {
  const text = (v: bigint | null | undefined) => (v == null ? null : v.toString());
  const [row] = await query<OrderRow>(db, INSERT_ORDER, [
    o.id,
    o.userId,
    o.side,
    o.type,
    o.status,
    o.quantity.toString(),
    text(o.limitPrice),
    (o.held ?? 0n).toString(),
    text(o.fillPrice),
    text(o.cost),
    text(o.fee),
    o.feeBps,
    o.journalId ?? null,
    o.strategyId ?? null,
    o.gridLevel ?? null,
    o.createdAt?.toISOString() ?? null,
    o.filledAt?.toISOString() ?? null,
    text(o.stopPrice),
    text(o.stopLimitPrice),
    o.ocoId ?? null,
  ]);
  return orderOf(row!);
}
