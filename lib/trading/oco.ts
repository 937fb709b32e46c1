import type { Db } from "@/db/client";
import { query } from "@/db/raw";
import type { Order } from "@/db/schema";
import { BASE, QUOTE } from "@/lib/ledger/assets";
import { post } from "@/lib/ledger/post";
import { publish } from "@/lib/realtime/publish";
import { holdLegs } from "./legs";
import { ORDER_COLUMNS, orderOf, type OrderRow } from "./order-rows";

// Written once (db/raw.ts: prepared once per connection). A pair is always locked in id order,
// whoever locks it (a cancel, the fill job, the stop trigger), so two of them never deadlock.
const LOCK_ONE = `select ${ORDER_COLUMNS} from orders where id = $1 for update`;
const LOCK_PAIR = `select ${ORDER_COLUMNS} from orders where oco_id = $1 order by id for update`;
const TRY_ONE = `${LOCK_ONE} skip locked`;
const TRY_PAIR = `${LOCK_PAIR} skip locked`;
const MARK_CANCELLED = `update orders set status = 'cancelled', cancelled_at = $2 where id = $1 and status = 'open'
  returning ${ORDER_COLUMNS}`;

/**
 * Locks an order and, for an OCO, both of the pair, for the rest of the transaction. `wait: false`
 * (the jobs) passes over an order another transaction holds: null when any of them is taken, to
 * be tried on the next pass; a cancel waits its turn.
 */
export async function lockOrders(
  db: Db,
  order: { id: string; ocoId: string | null },
  { wait }: { wait: boolean },
): Promise<Order[] | null> {
  const rows = order.ocoId
    ? await query<OrderRow>(db, wait ? LOCK_PAIR : TRY_PAIR, [order.ocoId])
    : await query<OrderRow>(db, wait ? LOCK_ONE : TRY_ONE, [order.id]);
  const expected = order.ocoId ? 2 : 1;
  return rows.length === expected ? rows.map(orderOf) : null;
}

/**
 * Cancels open orders of one user locked by the caller, returning what each held to spot in one
 * posting. `memo` says why, for the records ("OCO sell cancelled", "…: the other order filled").
 */
export async function cancelOpenOrders(db: Db, locked: Order[], memo: string, now = new Date()): Promise<Order[]> {
  const open = locked.filter((o) => o.status === "open");
  const [first] = open;
  if (!first) return [];
  const legs = open.flatMap((o) => holdLegs(o.userId, o.side === "buy" ? QUOTE : BASE, o.held, "release"));
  if (legs.length > 0) await post(db, { kind: "trade", reference: first.id, actorId: first.userId, memo, legs });
  const cancelled = await Promise.all(
    open.map(async (o) => {
      const [row] = await query<OrderRow>(db, MARK_CANCELLED, [o.id, now.toISOString()]);
      if (!row) throw new Error(`order ${o.id} was no longer open`);
      return orderOf(row);
    }),
  );
  await publish(db, {
    to: { userId: first.userId },
    event: "balance",
    data: { reason: "order.cancelled", orderId: first.id },
  });
  return cancelled;
}
