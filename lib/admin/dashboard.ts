import { and, count, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { accounts, assets, entries, sessions, users } from "@/db/schema";
import { auditChainStatus } from "@/lib/audit/status";
import { formatAmount } from "@/lib/core/amount";
import { DAY_MS } from "@/lib/core/time";

const WEEK_MS = 7 * DAY_MS;

/**
 * One asset's books: what users hold (the platform's liability) and where it came from. Every
 * journal sums to zero, so held by users = credited by admins + deposited + interest paid - house - fees;
 * `balanced` says whether it does, comparing users' balance rows with the system accounts' entries.
 */
export interface AssetBooks {
  asset: string;
  heldByUsers: string;
  /** The platform's side of users' trades: negative XAUT is gold it owes users and must hold. */
  house: string;
  feesEarned: string;
  /** Net credited to users by administrators (the adjustments account's opposite). */
  creditedByAdmins: string;
  /** Deposits less withdrawals: what came in from outside, net. */
  deposited: string;
  /** Savings interest and vault earnings paid to users. */
  interestPaid: string;
  balanced: boolean;
}

function booksOf(
  held: { asset: string; decimals: number; total: string }[],
  system: { kind: string; asset: string; total: string }[],
): AssetBooks[] {
  return held.map(({ asset, decimals, total }) => {
    const sums = new Map(system.filter((s) => s.asset === asset).map((s) => [s.kind, BigInt(s.total)]));
    const of = (kind: string) => sums.get(kind) ?? 0n;
    const users = BigInt(total);
    const platform = [...sums.values()].reduce((a, b) => a + b, 0n);
    const fmt = (v: bigint) => formatAmount(v, decimals);
    return {
      asset,
      heldByUsers: fmt(users),
      house: fmt(of("house")),
      feesEarned: fmt(of("fees")),
      creditedByAdmins: fmt(-of("adjustments")),
      deposited: fmt(-of("external")),
      interestPaid: fmt(-of("interest")),
      balanced: users + platform === 0n,
    };
  });
}

export async function dashboardStats(db: Db, now = new Date()) {
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const [[all], [newThisWeek], [disabled], [liveSessions], held, system] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(users).where(gt(users.createdAt, weekAgo)),
    db.select({ n: count() }).from(users).where(eq(users.status, "disabled")),
    db
      .select({ n: count() })
      .from(sessions)
      .where(and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now))),
    // What users hold on the platform, every kind of balance together: the platform's liability.
    db
      .select({
        asset: assets.code,
        decimals: assets.decimals,
        total: sql<string>`coalesce(sum(${accounts.balance}), 0)::text`,
      })
      .from(assets)
      .leftJoin(accounts, and(eq(accounts.asset, assets.code), isNotNull(accounts.userId)))
      .groupBy(assets.code, assets.decimals)
      .orderBy(assets.code),
    // System accounts keep no balance row: their balance is the sum of their entries.
    db
      .select({ kind: accounts.kind, asset: accounts.asset, total: sql<string>`sum(${entries.amount})::text` })
      .from(accounts)
      .innerJoin(entries, eq(entries.accountId, accounts.id))
      .where(isNull(accounts.userId))
      .groupBy(accounts.kind, accounts.asset),
  ]);
  return {
    users: all?.n ?? 0,
    newThisWeek: newThisWeek?.n ?? 0,
    disabled: disabled?.n ?? 0,
    liveSessions: liveSessions?.n ?? 0,
    books: booksOf(held, system),
    /** Whether the audit log is as it was written: its chain intact, or the first row that does not fit. */
    auditChain: await auditChainStatus(db, now),
  };
}
