import { count, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { loginHistory, type LoginOutcome } from "@/db/schema";
import type { Pagination } from "@/lib/core/query";
import { newId } from "@/lib/core/ids";
import { readableAddress } from "@/lib/core/format";
import type { loginHistoryEntrySchema } from "./answers";
import { describeDevice } from "./device";
import { givingBack, type GiveBack } from "@/lib/core/rate-limit";
import { join, q, raw, runStatement, type Fragment } from "@/db/statement";

/** How many sign-in attempts are kept (and so shown) per user. */
export const LOGIN_HISTORY_KEPT = 50;

/**
 * `with` entries recording a sign-in attempt on an existing account and trimming the user's history
 * to the newest 50, for a statement of the caller's; the trim runs once `after` holds (see
 * `givingBack` in lib/core/rate-limit: rows locked in one order). Inside one statement the trim cannot see
 * the new row, so it keeps the 49 newest before it. The trim skips rows another attempt's trim holds:
 * parallel attempts on one account deleting the same old rows in different orders deadlocked (a 500
 * for a wrong password). So attempts at the same instant may leave the account a few rows over 50
 * until its next attempt; the history shown stops at 50 regardless.
 */
export function recordingLogin(
  userId: string,
  outcome: LoginOutcome,
  meta: { ip: string | null; userAgent: string | null },
  now: Date,
  after = raw("true"),
): Fragment[] {
  return [
    q`attempt as (
      insert into login_history (id, user_id, created_at, ip, user_agent, outcome)
      values (${newId()}::uuid, ${userId}::uuid, ${now.toISOString()}::timestamptz, ${meta.ip}::text, ${meta.userAgent}::text, ${outcome}::login_outcome))`,
    q`trimmed as (
      delete from login_history where user_id = ${userId}::uuid and ${after} and id in (
        select id from login_history where user_id = ${userId}::uuid
        order by created_at desc, id desc offset ${LOGIN_HISTORY_KEPT - 1}::int
        for update skip locked
      ))`,
  ];
}

/**
 * Records a sign-in attempt on an existing account (see `recordingLogin`), giving `hits` back first,
 * in one statement. Call it with the database handle, not inside the sign-in's transaction: a failed
 * attempt is answered with an error, and its record must outlive that error.
 */
export async function recordLogin(
  db: Db,
  userId: string,
  outcome: LoginOutcome,
  meta: { ip: string | null; userAgent: string | null },
  now = new Date(),
  hits: GiveBack[] = [],
): Promise<void> {
  const { entries, done } = givingBack(hits, now.getTime());
  await runStatement(
    db,
    q`with ${join([...entries, ...recordingLogin(userId, outcome, meta, now, done)], ", ")} select 1`,
  );
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
export async function listLoginHistory(
  db: Db,
  userId: string,
  page: Pagination,
): Promise<{ history: LoginHistoryView[]; page: number; pageSize: number; total: number }> {
  const mine = eq(loginHistory.userId, userId);
  const offset = (page.page - 1) * page.pageSize;
  const limit = Math.max(0, Math.min(page.pageSize, LOGIN_HISTORY_KEPT - offset));
  const [rows, [total]] = await Promise.all([
    limit === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(loginHistory)
          .where(mine)
          .orderBy(desc(loginHistory.createdAt), desc(loginHistory.id))
          .limit(limit)
          .offset(offset),
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

export type LoginHistoryView = z.infer<typeof loginHistoryEntrySchema>;
