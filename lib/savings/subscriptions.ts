import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { savingPlans, savingSubscriptions, subscriptionStatus, type SavingSubscription } from "@/db/schema";
import { AppError, conflict, notFound } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { moneyOf } from "@/lib/core/format";
import { formatAmount } from "@/lib/core/amount";
import { decimalString, isoTime } from "@/lib/core/answers";
import { amountString } from "@/lib/ledger/amount-schema";
import { amountIn, findAsset } from "@/lib/ledger/assets";
import { post } from "@/lib/ledger/post";
import { publish } from "@/lib/realtime/publish";
import { dayStart, utcDay } from "@/lib/core/time";
import { interestFor } from "./interest";

export const subscribeSchema = z
  .object({ planId: z.string({ error: "Choose a plan" }).uuid("Choose a plan"), amount: amountString })
  .strict();

/**
 * Puts `amount` of the user's available balance into a plan: spot → savings through post(), the
 * plan's rate and term copied onto the subscription. The plan's row is locked, so parallel
 * subscriptions cannot together pass its total cap.
 */
export async function subscribe(
  tx: Db,
  userId: string,
  input: z.infer<typeof subscribeSchema>,
  now = new Date(),
): Promise<SavingSubscription> {
  const [plan] = await tx.select().from(savingPlans).where(eq(savingPlans.id, input.planId)).for("update");
  if (!plan || !plan.enabled) throw notFound("This plan is not offered");
  const asset = await findAsset(tx, plan.asset);
  const amount = amountIn(asset, input.amount);
  const fmt = (v: bigint) => `${moneyOf(v, asset.decimals, asset.code)}`;
  if (amount < plan.minAmount)
    throw new AppError(422, "BELOW_MINIMUM", `The minimum for this plan is ${fmt(plan.minAmount)}`, {
      amount: [`At least ${fmt(plan.minAmount)}`],
    });
  if (amount > plan.maxAmount)
    throw new AppError(422, "ABOVE_MAXIMUM", `The maximum for this plan is ${fmt(plan.maxAmount)}`, {
      amount: [`At most ${fmt(plan.maxAmount)}`],
    });
  const [held] = await tx
    .select({ total: sql<string>`coalesce(sum(${savingSubscriptions.principal}), 0)::text` })
    .from(savingSubscriptions)
    .where(and(eq(savingSubscriptions.planId, plan.id), eq(savingSubscriptions.status, "active")));
  const left = plan.totalCap - BigInt(held?.total ?? "0");
  if (amount > left)
    throw new AppError(422, "CAP_REACHED", `This plan has room for ${fmt(left > 0n ? left : 0n)} more`, {
      amount: [`At most ${fmt(left > 0n ? left : 0n)} left`],
    });
  const id = newId();
  await post(tx, {
    kind: "saving",
    reference: id,
    memo: `subscribed to ${plan.name}`,
    legs: [
      { account: { userId, asset: asset.code, kind: "spot" }, amount: -amount },
      { account: { userId, asset: asset.code, kind: "savings" }, amount },
    ],
  });
  const [sub] = await tx
    .insert(savingSubscriptions)
    .values({
      id,
      planId: plan.id,
      userId,
      asset: asset.code,
      principal: amount,
      aprBps: plan.aprBps,
      termDays: plan.termDays,
      startDay: utcDay(now),
      createdAt: now,
    })
    .returning();
  await publish(tx, { to: { userId }, event: "balance", data: { reason: "savings.subscribed", subscriptionId: id } });
  return sub!;
}

/** Closes a subscription: principal and what has accrued go back to available. */
export async function closeSubscription(
  tx: Db,
  sub: SavingSubscription,
  status: "redeemed" | "matured",
  now = new Date(),
): Promise<void> {
  await tx.update(savingSubscriptions).set({ status, closedAt: now }).where(eq(savingSubscriptions.id, sub.id));
  await post(tx, {
    kind: "saving",
    reference: sub.id,
    memo: status === "matured" ? "matured" : "redeemed",
    legs: [
      { account: { userId: sub.userId, asset: sub.asset, kind: "savings" }, amount: -(sub.principal + sub.accrued) },
      { account: { userId: sub.userId, asset: sub.asset, kind: "spot" }, amount: sub.principal + sub.accrued },
    ],
  });
  await publish(tx, {
    to: { userId: sub.userId },
    event: "balance",
    data: { reason: `savings.${status}`, subscriptionId: sub.id },
  });
}

/**
 * The user's own running subscription, redeemed now: principal and interest accrued so far go back
 * to available; a fixed term's interest not yet accrued is forfeited (the screen says how much
 * before the user confirms). Two redeems at once: the row lock lets one through, the other is a 409.
 */
export async function redeem(tx: Db, userId: string, id: string, now = new Date()): Promise<SavingSubscription> {
  const [sub] = await tx
    .select()
    .from(savingSubscriptions)
    .where(and(eq(savingSubscriptions.id, id), eq(savingSubscriptions.userId, userId)))
    .for("update");
  if (!sub) throw notFound("Subscription not found");
  if (sub.status !== "active") throw conflict(`This subscription was already ${sub.status}`, "ALREADY_CLOSED");
  await closeSubscription(tx, sub, "redeemed", now);
  return { ...sub, status: "redeemed", closedAt: now };
}

export function listSubscriptions(db: Db, userId: string, planId?: string) {
  return db
    .select()
    .from(savingSubscriptions)
    .where(and(eq(savingSubscriptions.userId, userId), planId ? eq(savingSubscriptions.planId, planId) : undefined))
    .orderBy(desc(savingSubscriptions.createdAt));
}

/** A subscription as the user sees it: what it earned, when it next earns, when it ends, and what leaving now means. */
/** A savings subscription as its owner sees it. */
export const subscriptionViewSchema = z.object({
  id: z.uuid(),
  planId: z.uuid(),
  planName: z.string(),
  asset: z.string(),
  principal: decimalString,
  aprBps: z.number().int(),
  termDays: z.number().int(),
  accrued: decimalString,
  daysPaid: z.number().int(),
  status: z.enum(subscriptionStatus.enumValues),
  startedAt: isoTime,
  nextAccrualAt: isoTime.nullable(),
  maturesAt: isoTime.nullable(),
  expectedInterest: decimalString.nullable(),
  /** What redeeming now would pay back and give up; null once closed. */
  redeemNow: z.object({ receive: decimalString, forfeit: decimalString }).nullable(),
  closedAt: isoTime.nullable(),
});

export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

export function subscriptionView(s: SavingSubscription, decimals: number, planName: string): SubscriptionView {
  const fmt = (v: bigint) => formatAmount(v, decimals);
  const fixed = s.termDays > 0;
  const active = s.status === "active";
  const forfeit = active && fixed ? interestFor(s.principal, s.aprBps, s.termDays) - s.accrued : 0n;
  return {
    id: s.id,
    planId: s.planId,
    planName,
    asset: s.asset,
    principal: fmt(s.principal),
    aprBps: s.aprBps,
    termDays: s.termDays,
    accrued: fmt(s.accrued),
    daysPaid: s.daysPaid,
    status: s.status,
    startedAt: s.createdAt.toISOString(),
    // Day k's interest covers the k-th whole UTC day after the start, and is paid when it ends.
    nextAccrualAt:
      active && (!fixed || s.daysPaid < s.termDays) ? dayStart(s.startDay, s.daysPaid + 2).toISOString() : null,
    maturesAt: fixed ? dayStart(s.startDay, s.termDays + 1).toISOString() : null,
    expectedInterest: fixed ? fmt(interestFor(s.principal, s.aprBps, s.termDays)) : null,
    redeemNow: active ? { receive: fmt(s.principal + s.accrued), forfeit: fmt(forfeit) } : null,
    closedAt: s.closedAt?.toISOString() ?? null,
  };
}
