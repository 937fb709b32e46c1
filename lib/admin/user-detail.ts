import { desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sessions, users } from "@/db/schema";
import { publicUser } from "@/lib/auth/user-view";
import { userBalances } from "@/lib/ledger/balances";
import { listRecords } from "@/lib/ledger/records";

/** Everything the admin user page shows, or null for an unknown user. */
export async function adminUserDetail(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const [balances, recent, sessionRows, referrer] = await Promise.all([
    userBalances(db, userId),
    listRecords(db, userId, { page: 1, pageSize: 10 }),
    db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.createdAt)).limit(10),
    user.referredBy ? db.select({ username: users.username }).from(users).where(eq(users.id, user.referredBy)) : Promise.resolve([]),
  ]);
  return {
    user: publicUser(user),
    referredBy: referrer[0]?.username ?? null,
    balances,
    recent: recent.records,
    sessions: sessionRows.map((s) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      ip: s.ip,
      userAgent: s.userAgent,
      live: !s.revokedAt && s.expiresAt.getTime() > Date.now(),
    })),
  };
}
