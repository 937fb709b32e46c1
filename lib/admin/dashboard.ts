import { and, count, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { accounts, assets, sessions, users } from "@/db/schema";
import { formatAmount } from "@/lib/ledger/amount";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export async function dashboardStats(db: Db, now = new Date()) {
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const [[all], [newThisWeek], [disabled], [liveSessions], held] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(users).where(gt(users.createdAt, weekAgo)),
    db.select({ n: count() }).from(users).where(eq(users.status, "disabled")),
    db
      .select({ n: count() })
      .from(sessions)
      .where(and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now))),
    // What users hold on the platform, every kind of balance together: the platform's liability.
    db
      .select({ asset: assets.code, decimals: assets.decimals, total: sql<string>`coalesce(sum(${accounts.balance}), 0)::text` })
      .from(assets)
      .leftJoin(accounts, and(eq(accounts.asset, assets.code), isNotNull(accounts.userId)))
      .groupBy(assets.code, assets.decimals)
      .orderBy(assets.code),
  ]);
  return {
    users: all?.n ?? 0,
    newThisWeek: newThisWeek?.n ?? 0,
    disabled: disabled?.n ?? 0,
    liveSessions: liveSessions?.n ?? 0,
    held: held.map((h) => ({ asset: h.asset, total: formatAmount(BigInt(h.total), h.decimals) })),
  };
}
