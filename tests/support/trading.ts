import { count, eq, sql } from "drizzle-orm";
import { DELETE as cancelRoute } from "@/app/api/trades/[id]/route";
import { POST as tradeRoute } from "@/app/api/trades/route";
import type { Db } from "@/db/client";
import { accounts, journals, orders, type UserAccountKind } from "@/db/schema";
import { call } from "./http";

export const trade = (token: string, body: unknown, headers: Record<string, string> = {}) =>
  call(tradeRoute, { body, token, headers });

export const cancel = (token: string, id: string, headers: Record<string, string> = {}) =>
  call(cancelRoute, { method: "DELETE", token, params: { id }, headers });

/** A user account's balance in smallest units (0 when the account does not exist yet); for `reserve`, all their strategies' together. */
export async function balanceOf(
  db: Db,
  userId: string,
  asset: string,
  kind: UserAccountKind = "spot",
): Promise<bigint> {
  const [row] = await db
    .select({ balance: sql<string>`coalesce(sum(${accounts.balance}), 0)::text` })
    .from(accounts)
    .where(sql`${accounts.userId} = ${userId} and ${accounts.kind} = ${kind} and ${accounts.asset} = ${asset}`);
  return BigInt(row?.balance ?? "0");
}

/** How many journals and orders exist: a refused request must change neither. */
export async function writes(db: Db) {
  const [[j], [o]] = await Promise.all([
    db.select({ n: count() }).from(journals),
    db.select({ n: count() }).from(orders),
  ]);
  return { journals: j!.n, orders: o!.n };
}

/** Sum of a system account's entries (house, fees), which keep no balance row. */
export async function systemSum(db: Db, system: "house" | "fees", asset: string): Promise<bigint> {
  const [row] = await db
    .execute<{ total: string }>(
      sql`select coalesce(sum(e.amount), 0)::text as total from entries e join accounts a on a.id = e.account_id where a.user_id is null and a.kind = ${system} and a.asset = ${asset}`,
    )
    .then((r) => (Array.isArray(r) ? r : (r as unknown as { rows: { total: string }[] }).rows));
  return BigInt(row?.total ?? "0");
}

export const ordersOf = (db: Db, userId: string) =>
  db.select().from(orders).where(eq(orders.userId, userId)).orderBy(orders.createdAt);
