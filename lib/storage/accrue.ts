import { and, desc, eq, gte, lt, min, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { accounts, entries, storageAccruals } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import type { Job } from "@/lib/jobs/runner";
import { post } from "@/lib/ledger/post";
import { dayStart, utcDay } from "@/lib/core/time";
import { getSettings } from "@/lib/settings";
import { BASE } from "@/lib/ledger/assets";
import { dayWithCarry } from "@/lib/savings/interest";
import { publish } from "@/lib/realtime/publish";

/**
 * The least the vault held during `day`: its balance when the day began and after each entry in it.
 * Gold stored late in a day, or retrieved early, earns nothing for that day, so the day's rate
 * cannot be had by parking gold over midnight.
 */
async function leastHeldOn(tx: Db, accountId: string, day: string): Promise<bigint> {
  const [before] = await tx
    .select({ balance: entries.balanceAfter })
    .from(entries)
    .where(and(eq(entries.accountId, accountId), lt(entries.createdAt, dayStart(day))))
    .orderBy(desc(entries.id))
    .limit(1);
  const [during] = await tx
    .select({ least: min(entries.balanceAfter) })
    .from(entries)
    .where(
      and(
        eq(entries.accountId, accountId),
        gte(entries.createdAt, dayStart(day)),
        lt(entries.createdAt, dayStart(day, 1)),
      ),
    );
  const opening = before?.balance ?? 0n;
  // An aggregate answers one row, whose min is null when the day had no entry.
  const least = during!.least === null ? opening : BigInt(during!.least);
  return least < opening ? least : opening;
}

/**
 * One vault's earnings for each ended day not yet settled, from the day after the last settled one
 * (or the vault's first day): the least held that day times the storage rate for one day, rounded
 * down, the part below a unit carried to the next day, so a small vault still earns over time. Every
 * day gets its row, at a rate of 0 too, so a rate switched on later never pays days gone by. Each
 * (user, day) is written with its posting: paid exactly once, however many runners and restarts.
 */
async function settleVault(
  db: Db,
  account: { id: string; userId: string },
  rateBps: number,
  now: Date,
): Promise<number> {
  return runTransaction(db, async (tx) => {
    // One runner per vault at a time; another passes over it.
    const [vault] = await tx
      .select()
      .from(accounts)
      .where(eq(accounts.id, account.id))
      .for("update", { skipLocked: true });
    if (!vault) return 0;
    const [last] = await tx
      .select({ day: storageAccruals.day, carry: storageAccruals.carry })
      .from(storageAccruals)
      .where(eq(storageAccruals.userId, account.userId))
      .orderBy(desc(storageAccruals.day))
      .limit(1);
    // One row, as from any aggregate: its min is null for a vault without entries.
    const [first] = await tx
      .select({ at: min(entries.createdAt) })
      .from(entries)
      .where(eq(entries.accountId, account.id));
    if (!first!.at) return 0;
    let carry = last?.carry ?? 0n;
    const today = utcDay(now);
    let settled = 0;
    for (
      let day = last ? utcDay(dayStart(last.day, 1)) : utcDay(new Date(first!.at));
      day < today;
      day = utcDay(dayStart(day, 1))
    ) {
      const basis = await leastHeldOn(tx, account.id, day);
      const earned = dayWithCarry(basis, rateBps, carry);
      const amount = earned.amount;
      carry = earned.carry;
      const [fresh] = await tx
        .insert(storageAccruals)
        .values({ userId: account.userId, day, basis, amount, carry })
        .onConflictDoNothing()
        .returning();
      if (!fresh) continue;
      if (amount > 0n) {
        await post(tx, {
          kind: "interest",
          reference: `storage:${day}`,
          memo: `vault earnings for ${day}`,
          legs: [
            { account: { system: "interest", asset: BASE }, amount: -amount },
            { account: { userId: account.userId, asset: BASE, kind: "storage" }, amount },
          ],
        });
      }
      if (amount > 0n) settled++;
    }
    if (settled > 0)
      await publish(tx, { to: { userId: account.userId }, event: "balance", data: { reason: "storage.earnings" } });
    return settled;
  });
}

/**
 * Settles every vault that may have something to settle: one holding gold, or one that moved since
 * its last settled day. Returns how many day-payments were made.
 */
export async function accrueStorage(db: Db, now = new Date()): Promise<number> {
  const { storage } = await getSettings(db);
  const vaults = await db
    .select({ id: accounts.id, userId: accounts.userId })
    .from(accounts)
    .where(
      and(
        eq(accounts.kind, "storage"),
        eq(accounts.asset, BASE),
        sql`${accounts.userId} is not null`,
        sql`(${accounts.balance} > 0 or exists (select 1 from ${entries} e where e.account_id = ${accounts.id} and e.created_at >= coalesce(
          (select (max(sa.day) + 1)::timestamp at time zone 'UTC' from ${storageAccruals} sa where sa.user_id = ${accounts.userId}), '-infinity')))`,
      ),
    );
  let paid = 0;
  for (const v of vaults) paid += await settleVault(db, { id: v.id, userId: v.userId! }, storage.annualRateBps, now);
  return paid;
}

export const storageAccrualJob: Job = {
  name: "storage.accrue",
  everyMs: 60_000,
  run: async (db) => {
    await accrueStorage(db);
  },
};
