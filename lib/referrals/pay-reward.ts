import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { referralRewards, users } from "@/db/schema";
import { findAsset } from "@/lib/ledger/assets";
import { moneyOf } from "@/lib/core/format";
import { toUnits } from "@/lib/core/amount";
import { post } from "@/lib/ledger/post";
import { createNotification } from "@/lib/notifications/create";
import { publish } from "@/lib/realtime/publish";
import { getSettings } from "@/lib/settings";

const REWARD_ASSET = "USDT";

/**
 * Pays the inviter of `inviteeId` the referral reward (settings `referral.rewardUsdt`) from the
 * adjustments account, at most once per invitee. Call it inside the transaction that approves
 * the invitee's deposit: the claim row's primary key makes a second, concurrent payment wait for
 * the first and then write nothing, so twenty parallel approvals pay exactly once. Returns the
 * amount paid in units, or null when there is nothing to pay (no inviter, a zero reward, or paid).
 */
export async function payReferralReward(tx: Db, inviteeId: string): Promise<bigint | null> {
  const [invitee] = await tx
    .select({ referredBy: users.referredBy, username: users.username })
    .from(users)
    .where(eq(users.id, inviteeId));
  if (!invitee?.referredBy) return null;
  const usdt = await findAsset(tx, REWARD_ASSET);
  const amount = toUnits((await getSettings(tx)).referral.rewardUsdt, usdt.decimals);
  if (amount <= 0n) return null;
  const [claimed] = await tx
    .insert(referralRewards)
    .values({ inviteeId, inviterId: invitee.referredBy, amount })
    .onConflictDoNothing()
    .returning({ inviteeId: referralRewards.inviteeId });
  if (!claimed) return null;
  const posted = await post(tx, {
    kind: "referral",
    reference: inviteeId,
    memo: `Referral reward for ${invitee.username}`,
    legs: [
      { account: { userId: invitee.referredBy, asset: usdt.code, kind: "spot" }, amount },
      { account: { system: "adjustments", asset: usdt.code }, amount: -amount },
    ],
  });
  await tx
    .update(referralRewards)
    .set({ journalId: posted.journal.id })
    .where(eq(referralRewards.inviteeId, inviteeId));
  await createNotification(tx, {
    userId: invitee.referredBy,
    title: "Referral reward paid",
    category: "money",
    message: `A friend you invited made their first deposit: ${moneyOf(amount, usdt.decimals, usdt.code)} is in your available balance.`,
  });
  await publish(tx, { to: { userId: invitee.referredBy }, event: "balance", data: { reason: "referral.reward" } });
  return amount;
}
