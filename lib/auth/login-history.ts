import { count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { loginHistory, type LoginOutcome } from "@/db/schema";
import type { Pagination } from "@/lib/http/query";
import { newId } from "@/lib/ids";
import { readableAddress } from "@/lib/format";
import { describeDevice } from "./device";

/** How many sign-in attempts are kept (and so shown) per user. */
export const LOGIN_HISTORY_KEPT = 50;

/**
 * Records a sign-in attempt on an existing account and trims the user's history to the newest
 * 50. Call it with the database handle, not inside the sign-in's transaction: a failed attempt is
 * answered with an error, and its record must outlive that error (each statement commits on its own).
 */
export async function recordLogin(db: Db, userId: string, outcome: LoginOutcome, meta: { ip: string | null; userAgent: string | null }, now = new Date()): Promise<void> {
  await db.insert(loginHistory).values({ id: newId(), userId, createdAt: now, ip: meta.ip, userAgent: meta.userAgent, outcome });
  await db.execute(sql`
    delete from login_history where user_id = ${userId} and id in (
      select id from login_history where user_id = ${userId}
      order by created_at desc, id desc offset ${LOGIN_HISTORY_KEPT}
    )`);
}

const OUTCOME_LABELS: Record<LoginOutcome, string> = {
  success: "Signed in",
  wrong_password: "Wrong password",
  wrong_code: "Wrong two-factor code",
  rate_limited: "Blocked: too many attempts",
  disabled: "Refused: account disabled",
  frozen: "Refused: account frozen",
};

/** The user's own sign-in attempts, newest first, at most the 50 kept. */
export async function listLoginHistory(db: Db, userId: string, page: Pagination) {
  const mine = eq(loginHistory.userId, userId);
  const offset = (page.page - 1) * page.pageSize;
  const limit = Math.max(0, Math.min(page.pageSize, LOGIN_HISTORY_KEPT - offset));
  const [rows, [total]] = await Promise.all([
    limit === 0
      ? Promise.resolve([])
      : db.select().from(loginHistory).where(mine).orderBy(desc(loginHistory.createdAt), desc(loginHistory.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(loginHistory).where(mine),
  ]);
  return {
    history: rows.map((r) => ({
      id: r.id,
      at: r.createdAt.toISOString(),
      ip: readableAddress(r.ip),
      device: describeDevice(r.userAgent),
      outcome: r.outcome,
      outcomeLabel: OUTCOME_LABELS[r.outcome],
    })),
    page: page.page,
    pageSize: page.pageSize,
    total: Math.min(total?.n ?? 0, LOGIN_HISTORY_KEPT),
  };
}

export type LoginHistoryView = Awaited<ReturnType<typeof listLoginHistory>>["history"][number];
