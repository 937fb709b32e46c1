import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users, type User } from "@/db/schema";
import { ADMIN_SET_LOCK } from "@/lib/admin/user-actions";
import { notFound } from "@/lib/http/errors";
import { toUnits } from "@/lib/ledger/amount";
import { getSettings } from "@/lib/settings";
import { DAY_MS } from "@/lib/time";
import { currentQuote } from "@/lib/trading/market";
import { usdtValueOf } from "@/lib/trading/valuation";

const USDT_DECIMALS = 6;

/** How long a proposal waits for a second administrator before it lapses. */
export const PROPOSAL_TTL_MS = DAY_MS;

/**
 * Whether moving `units` of an asset is worth a second administrator: its USDT value (stablecoins
 * at par, XAUT at the site's bid) reaches `approvals.thresholdUsdt`. What has no price (BTC, ETH,
 * XAUT before the first price) always is: a threshold cannot wave through what it cannot value.
 */
export async function worthApproval(db: Db, asset: { code: string; decimals: number }, units: bigint): Promise<boolean> {
  const settings = await getSettings(db);
  const threshold = toUnits(settings.approvals.thresholdUsdt, USDT_DECIMALS, "down");
  const value = usdtValueOf(asset.code, asset.decimals, units, await currentQuote(db, settings.trading.spreadBps), USDT_DECIMALS);
  return value === null || value >= threshold;
}

export async function activeAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(and(eq(users.role, "admin"), eq(users.status, "active")));
  return row?.n ?? 0;
}

/**
 * Role and status changes of administrators need a second one once two are active; the first
 * administrator appoints the second alone. Taken under the lock role and status changes hold, so
 * a lone administrator cannot appoint two at once.
 */
export async function adminsNeedingApproval(tx: Db): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_SET_LOCK})`);
  return (await activeAdmins(tx)) >= 2;
}

export async function targetUser(tx: Db, userId: string): Promise<User> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound("User not found");
  return user;
}
