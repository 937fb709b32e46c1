import { asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { referralRewards, users } from "@/db/schema";
import { getSettings } from "@/lib/settings";

/** "al***e": enough for the inviter to recognise a friend, not enough to look anyone up. */
export function maskUsername(username: string): string {
  if (username.length <= 2) return `${username[0]}***`;
  return `${username.slice(0, 2)}***${username.slice(-1)}`;
}

/** The user's referral code, the reward rule, and the people who joined with the code. */
export async function listInvites(db: Db, userId: string) {
  const [me] = await db.select({ referralCode: users.referralCode }).from(users).where(eq(users.id, userId));
  const rows = await db
    .select({ username: users.username, joinedAt: users.createdAt, paidAt: referralRewards.paidAt })
    .from(users)
    .leftJoin(referralRewards, eq(referralRewards.inviteeId, users.id))
    .where(eq(users.referredBy, userId))
    .orderBy(asc(users.createdAt))
    .limit(500);
  return {
    referralCode: me?.referralCode ?? "",
    rewardUsdt: (await getSettings(db)).referral.rewardUsdt,
    invites: rows.map((r) => ({
      username: maskUsername(r.username),
      joinedAt: r.joinedAt.toISOString(),
      rewardPaid: r.paidAt !== null,
    })),
  };
}
