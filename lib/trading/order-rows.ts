import { dateOf, type Int8, type Timestamp } from "@/db/raw";
import type { Order } from "@/db/schema";

/** An order as `returning ${ORDER_COLUMNS}` gives it, in the drivers' own types (db/raw.ts). */
export interface OrderRow {
  id: string;
  user_id: string;
  side: Order["side"];
  type: Order["type"];
  status: Order["status"];
  quantity: Int8;
  limit_price: Int8 | null;
  held: Int8;
  fill_price: Int8 | null;
  cost: Int8 | null;
  fee: Int8 | null;
  fee_bps: number;
  journal_id: string | null;
  strategy_id: string | null;
  grid_level: number | null;
  created_at: Timestamp;
  filled_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  stop_price: Int8 | null;
  stop_limit_price: Int8 | null;
  triggered_at: Timestamp | null;
  oco_id: string | null;
}

export const ORDER_COLUMNS =
  "id, user_id, side, type, status, quantity, limit_price, held, fill_price, cost, fee, fee_bps, journal_id, strategy_id, grid_level, created_at, filled_at, cancelled_at, stop_price, stop_limit_price, triggered_at, oco_id";

const units = (v: Int8 | null) => (v === null ? null : BigInt(v));

export function orderOf(r: OrderRow): Order {
  return {
    id: r.id,
    userId: r.user_id,
    side: r.side,
    type: r.type,
    status: r.status,
    quantity: BigInt(r.quantity),
    limitPrice: units(r.limit_price),
    held: BigInt(r.held),
    fillPrice: units(r.fill_price),
    cost: units(r.cost),
    fee: units(r.fee),
    feeBps: r.fee_bps,
    journalId: r.journal_id,
    strategyId: r.strategy_id,
    gridLevel: r.grid_level,
    createdAt: dateOf(r.created_at),
    filledAt: r.filled_at === null ? null : dateOf(r.filled_at),
    cancelledAt: r.cancelled_at === null ? null : dateOf(r.cancelled_at),
    stopPrice: units(r.stop_price),
    stopLimitPrice: units(r.stop_limit_price),
    triggeredAt: r.triggered_at === null ? null : dateOf(r.triggered_at),
    ocoId: r.oco_id,
  };
}
