import { asc, count, desc, eq, min, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { deposits, users, withdrawals } from "@/db/schema";
import { onePage, paginationSchema, queryParam } from "@/lib/core/query";
import { chainFacts } from "@/lib/chain/progress";
import { decimalsByAsset } from "./wallets";
import { depositView, withdrawalView } from "./views";

export const queueQuerySchema = paginationSchema.extend({
  status: queryParam(
    z
      .enum(["pending", "approved", "rejected", "sent", "cancelled", "all"], {
        error: "status must be pending, approved, rejected, sent, cancelled or all",
      })
      .default("pending"),
  ),
});

export type QueueQuery = z.infer<typeof queueQuerySchema>;

// The oldest pending request first: it has waited longest. Decided ones, the latest first.
const orderOf = (status: string, createdAt: typeof deposits.createdAt | typeof withdrawals.createdAt) =>
  status === "pending" ? asc(createdAt) : desc(createdAt);

export async function depositQueue(db: Db, q: QueueQuery) {
  const where: SQL | undefined = q.status === "all" ? undefined : eq(deposits.status, q.status);
  const [rows, [total], decimalsOf] = await Promise.all([
    onePage(
      db
        .select({ deposit: deposits, username: users.username })
        .from(deposits)
        .innerJoin(users, eq(users.id, deposits.userId))
        .where(where)
        .orderBy(orderOf(q.status, deposits.createdAt))
        .$dynamic(),
      q,
    ),
    db.select({ n: count() }).from(deposits).where(where),
    decimalsByAsset(db),
  ]);
  return {
    deposits: rows.map((r) => ({
      ...depositView(r.deposit, decimalsOf(r.deposit.currency)),
      userId: r.deposit.userId,
      username: r.username,
    })),
    total: total?.n ?? 0,
  };
}

export async function withdrawalQueue(db: Db, q: QueueQuery) {
  const where: SQL | undefined = q.status === "all" ? undefined : eq(withdrawals.status, q.status);
  const [rows, [total], decimalsOf, chain] = await Promise.all([
    onePage(
      db
        .select({ withdrawal: withdrawals, username: users.username })
        .from(withdrawals)
        .innerJoin(users, eq(users.id, withdrawals.userId))
        .where(where)
        .orderBy(orderOf(q.status, withdrawals.createdAt))
        .$dynamic(),
      q,
    ),
    db.select({ n: count() }).from(withdrawals).where(where),
    decimalsByAsset(db),
    chainFacts(db),
  ]);
  return {
    withdrawals: rows.map((r) => ({
      ...withdrawalView(r.withdrawal, decimalsOf(r.withdrawal.currency), chain),
      userId: r.withdrawal.userId,
      username: r.username,
    })),
    total: total?.n ?? 0,
  };
}

/** For the dashboard: how many requests wait, and since when the oldest has. */
export async function pendingFunding(db: Db) {
  const [[d], [w]] = await Promise.all([
    db
      .select({ n: count(), oldest: min(deposits.createdAt) })
      .from(deposits)
      .where(eq(deposits.status, "pending")),
    db
      .select({ n: count(), oldest: min(withdrawals.createdAt) })
      .from(withdrawals)
      .where(eq(withdrawals.status, "pending")),
  ]);
  const oldest = (at: Date | string | null | undefined) => (at ? new Date(at).toISOString() : null);
  return {
    deposits: { pending: d?.n ?? 0, oldestAt: oldest(d?.oldest) },
    withdrawals: { pending: w?.n ?? 0, oldestAt: oldest(w?.oldest) },
  };
}
