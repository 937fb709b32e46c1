import { and, count, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sessions, users } from "@/db/schema";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export async function dashboardStats(db: Db, now = new Date()) {
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const [[all], [newThisWeek], [disabled], [liveSessions]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(users).where(gt(users.createdAt, weekAgo)),
    db.select({ n: count() }).from(users).where(eq(users.status, "disabled")),
    db
      .select({ n: count() })
      .from(sessions)
      .where(and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now))),
  ]);
  return {
    users: all?.n ?? 0,
    newThisWeek: newThisWeek?.n ?? 0,
    disabled: disabled?.n ?? 0,
    liveSessions: liveSessions?.n ?? 0,
  };
}
