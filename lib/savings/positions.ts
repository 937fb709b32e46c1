import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { savingPlans, type SavingSubscription } from "@/db/schema";
import { findAsset } from "@/lib/ledger/assets";
import { listSubscriptions, subscriptionView } from "./subscriptions";

/** A user's subscriptions (in one plan, or all), as they see them. */
export async function savingsOf(db: Db, userId: string, planId?: string) {
  const subs = await listSubscriptions(db, userId, planId);
  return Promise.all(subs.map((s) => viewOf(db, s)));
}

export async function viewOf(db: Db, sub: SavingSubscription) {
  const [[plan], asset] = await Promise.all([
    db.select({ name: savingPlans.name }).from(savingPlans).where(eq(savingPlans.id, sub.planId)),
    findAsset(db, sub.asset),
  ]);
  return subscriptionView(sub, asset.decimals, plan?.name ?? "");
}
