import { desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sessions, users } from "@/db/schema";
import { maskCode } from "@/lib/account/anti-phishing";
import { publicUser } from "@/lib/account/views";
import { userBalances } from "@/lib/ledger/balances";
import { listRecords } from "@/lib/ledger/records";
import { describeDevice } from "@/lib/auth/device";
import { readableAddress } from "@/lib/core/format";

/** Everything the admin user page shows, or null for an unknown user. */
export async function adminUserDetail(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const [balances, recent, sessionRows, referrer, freezer] = await Promise.all([
    userBalances(db, userId),
    listRecords(db, userId, { page: 1, pageSize: 10 }),
    db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.createdAt)).limit(10),
    user.referredBy
      ? db.select({ username: users.username }).from(users).where(eq(users.id, user.referredBy))
      : Promise.resolve([]),
    user.frozenBy && user.frozenBy !== user.id
      ? db.select({ username: users.username }).from(users).where(eq(users.id, user.frozenBy))
      : Promise.resolve([]),
  ]);
  return {
    user: publicUser(user),
    referredBy: referrer[0]?.username ?? null,
    // Who froze the account and when; null unless it is frozen. Only the owner can freeze today.
    frozen: user.frozenAt
      ? { at: user.frozenAt.toISOString(), byOwner: user.frozenBy === user.id, by: freezer[0]?.username ?? null }
      : null,
    // An administrator sees whether a code is set, never the code: it is the user's proof a message is ours.
    antiPhishingCode: maskCode(user.antiPhishingCode),
    balances,
    recent: recent.records,
    sessions: sessionRows.map((s) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      ip: readableAddress(s.ip),
      device: describeDevice(s.userAgent),
      userAgent: s.userAgent,
      live: !s.revokedAt && s.expiresAt.getTime() > Date.now(),
    })),
  };
}
