import { and, count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { onePage, pageInfo, paginationSchema, queryParam } from "@/lib/core/query";
import { orderViews } from "./views";
import { marketAssets } from "@/lib/trading/market";
import { MAX_OPEN_ORDERS } from "@/lib/trading/place-order";

export const orderQuerySchema = paginationSchema.extend({
  status: queryParam(
    z.enum(["open", "filled", "cancelled"], { error: "status must be open, filled or cancelled" }).optional(),
  ),
  side: queryParam(z.enum(["buy", "sell"], { error: "side must be buy or sell" }).optional()),
});

export type OrderQuery = z.infer<typeof orderQuerySchema>;

/** A user's orders, newest first and paginated, and (always) all of their open orders. */
export async function listUserOrders(db: Db, userId: string, query: OrderQuery) {
  const where = and(
    eq(orders.userId, userId),
    query.status ? eq(orders.status, query.status) : undefined,
    query.side ? eq(orders.side, query.side) : undefined,
  );
  const [m, rows, [total], open] = await Promise.all([
    marketAssets(db),
    onePage(db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).$dynamic(), query),
    db.select({ n: count() }).from(orders).where(where),
    db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, "open")))
      .orderBy(desc(orders.createdAt))
      .limit(MAX_OPEN_ORDERS),
  ]);
  const [ordersShown, openShown] = await Promise.all([orderViews(db, rows, m), orderViews(db, open, m)]);
  return {
    orders: ordersShown,
    open: openShown,
    ...pageInfo(query, total),
  };
}
