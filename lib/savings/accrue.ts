import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { savingAccruals, savingSubscriptions, type SavingSubscription } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import type { Job } from "@/lib/jobs/runner";
import { moneyOf } from "@/lib/core/format";
import { findAsset } from "@/lib/ledger/assets";
import { post } from "@/lib/ledger/post";
import { createNotification } from "@/lib/notifications/create";
import { daysBetween, utcDay } from "@/lib/core/time";
import { dayInterest } from "./interest";
import { closeSubscription } from "./subscriptions";
import { publish } from "@/lib/realtime/publish";

/** The last day index whose UTC day has ended by `now` (day k is the k-th whole day after the start). */
export function lastDueDay(s: Pick<SavingSubscription, "startDay" | "termDays">, now: Date): number {
  const ended = daysBetween(s.startDay, utcDay(now)) - 1;
  return s.termDays > 0 ? Math.min(ended, s.termDays) : Math.max(ended, 0);
}

/**
 * Pays one subscription's due days, then matures it if its term is done, in one transaction. Each
 * day's payment is keyed (subscription, day) and written with its posting, so a day is paid exactly
 * once whatever runs it: a second runner passes over the row it finds locked (SKIP LOCKED) and
 * then finds the days paid; a crash rolls back the payment with its key.
 */
async function settleOne(db: Db, id: string, now: Date): Promise<number> {
  return runTransaction(db, async (tx) => {
    const [sub] = await tx
      .select()
      .from(savingSubscriptions)
      .where(eq(savingSubscriptions.id, id))
      .for("update", { skipLocked: true });
    if (!sub || sub.status !== "active") return 0;
    const due = lastDueDay(sub, now);
    let paid = 0n;
    let days = 0;
    let count = 0;
    for (let k = sub.daysPaid + 1; k <= due; k++) {
      const amount = dayInterest(sub.principal, sub.aprBps, k);
      const [fresh] = await tx
        .insert(savingAccruals)
        .values({ subscriptionId: sub.id, day: k, amount })
        .onConflictDoNothing()
        .returning();
      if (!fresh) continue;
      if (amount > 0n) {
        await post(tx, {
          kind: "interest",
          reference: sub.id,
          memo: `day ${k}${sub.termDays ? ` of ${sub.termDays}` : ""}`,
          legs: [
            { account: { system: "interest", asset: sub.asset }, amount: -amount },
            { account: { userId: sub.userId, asset: sub.asset, kind: "savings" }, amount },
          ],
        });
      }
      paid += amount;
      days = k;
      count++;
    }
    const settled = { ...sub, accrued: sub.accrued + paid, daysPaid: Math.max(sub.daysPaid, days) };
    if (days > 0)
      await tx
        .update(savingSubscriptions)
        .set({ accrued: settled.accrued, daysPaid: settled.daysPaid })
        .where(eq(savingSubscriptions.id, sub.id));
    if (paid > 0n)
      await publish(tx, {
        to: { userId: sub.userId },
        event: "balance",
        data: { reason: "savings.interest", subscriptionId: sub.id },
      });
    if (sub.termDays > 0 && settled.daysPaid >= sub.termDays) {
      await closeSubscription(tx, settled, "matured", now);
      const { decimals } = await findAsset(tx, sub.asset);
      await createNotification(tx, {
        userId: sub.userId,
        title: "Savings matured",
        category: "money",
        message: `Your ${sub.termDays}-day savings of ${moneyOf(sub.principal, decimals, sub.asset)} matured with ${moneyOf(settled.accrued, decimals, sub.asset)} interest. Both are in your available balance.`,
      });
    }
    return count;
  });
}

/** Pays every running subscription its days ended by `now`, catching up any missed ones; returns the days paid. */
export async function accrueSavings(db: Db, now = new Date()): Promise<number> {
  const running = await db
    .select({ id: savingSubscriptions.id })
    .from(savingSubscriptions)
    .where(
      sql`${savingSubscriptions.status} = 'active' and ${savingSubscriptions.startDay} < ${utcDay(now)}::date - ${savingSubscriptions.daysPaid} - 1`,
    );
  let days = 0;
  for (const { id } of running) days += await settleOne(db, id, now);
  return days;
}

export const savingsAccrualJob: Job = {
  name: "savings.accrue",
  everyMs: 60_000,
  run: async (db) => {
    await accrueSavings(db);
  },
};
