import { and, count, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { FUNDING_NETWORKS, users, withdrawals, type Withdrawal } from "@/db/schema";
import { requireSecondFactor, secondFactorField } from "@/lib/account/two-factor";
import { AppError, badRequest, conflict, forbidden, notFound } from "@/lib/http/errors";
import type { Pagination } from "@/lib/http/query";
import { newId } from "@/lib/ids";
import { formatAmount, toUnits } from "@/lib/ledger/amount";
import { amountString } from "@/lib/ledger/amount-schema";
import { amountIn, findAsset } from "@/lib/ledger/assets";
import { post } from "@/lib/ledger/post";
import { publish } from "@/lib/realtime/publish";
import { getSettings } from "@/lib/settings";
import { rulesFor } from "@/lib/trading/config";
import { currentQuote } from "@/lib/trading/market";
import { usdtValueOf } from "@/lib/trading/valuation";
import { isValidAddress, NETWORK_NAMES } from "./networks";
import { openWallet } from "./wallets";
import { checkWithdrawPassword } from "./withdraw-password";

export const withdrawalSchema = z
  .object({
    currency: z.string({ error: "Choose a currency" }).trim().toUpperCase().min(1, "Choose a currency").max(10),
    network: z.enum(FUNDING_NETWORKS, { error: "Choose a network" }),
    address: z.string({ error: "Enter the address to send to" }).trim().min(1, "Enter the address to send to").max(120, "That address is too long"),
    amount: amountString,
    withdrawPassword: z.string({ error: "Enter your withdrawal password" }).min(1, "Enter your withdrawal password").max(128, "That password is too long"),
    // Required when the user has two-factor on (checked in prepareWithdrawal): a code from the app or a recovery code.
    twoFactorCode: secondFactorField.optional(),
  })
  .strict();

export type WithdrawalInput = z.infer<typeof withdrawalSchema>;

export interface PreparedWithdrawal {
  currency: string;
  decimals: number;
  network: Withdrawal["network"];
  address: string;
  amount: bigint;
  fee: bigint;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Everything about a withdrawal that does not move money, checked before anything does: the
 * network is open, the address is valid on it, the amount meets the minimum, withdrawals are on,
 * and the withdrawal password is right (a wrong one is counted toward the lock-out even though
 * the request fails, so this runs before, not inside, the money's transaction), and with two-factor
 * on, the code is right (checked last, as checking uses it up).
 */
export async function prepareWithdrawal(db: Db, userId: string, input: WithdrawalInput, now = new Date()): Promise<PreparedWithdrawal> {
  if (!(await getSettings(db)).withdrawals.enabled) throw new AppError(422, "WITHDRAWALS_DISABLED", "Withdrawals are paused at the moment");
  const wallet = await openWallet(db, input.currency, input.network, "withdraw");
  if (!isValidAddress(wallet.network, input.address)) {
    throw badRequest(`That is not a valid ${NETWORK_NAMES[wallet.network]} address`, { address: ["Not a valid address for this network (check every character)"] }, "INVALID_ADDRESS");
  }
  const asset = await findAsset(db, wallet.currency);
  const amount = amountIn(asset, input.amount);
  if (amount < wallet.minWithdraw) {
    const message = `The minimum withdrawal is ${formatAmount(wallet.minWithdraw, asset.decimals)} ${asset.code}`;
    throw new AppError(422, "BELOW_MINIMUM", message, { amount: [message] });
  }
  await checkWithdrawPassword(db, userId, input.withdrawPassword, now);
  await requireSecondFactor(db, userId, input.twoFactorCode, now.getTime());
  return { currency: asset.code, decimals: asset.decimals, network: wallet.network, address: input.address, amount, fee: wallet.withdrawFee };
}

/**
 * Holds amount + fee at once (available → on hold) and records the pending withdrawal, so the same
 * money cannot be traded or withdrawn twice while an administrator sends it. The user's row is
 * locked first: their withdrawals are counted against the daily limit one at a time.
 */
export async function placeWithdrawal(tx: Db, userId: string, w: PreparedWithdrawal, now = new Date()): Promise<Withdrawal> {
  const [owner] = await tx.select({ status: users.status }).from(users).where(eq(users.id, userId)).for("update");
  // Under the lock: a request that authenticated just before the account was frozen or disabled stops here.
  if (owner?.status !== "active") throw forbidden("This account is not active", "ACCOUNT_NOT_ACTIVE");
  const { effective } = await rulesFor(tx, userId);
  const value = usdtValueOf(w.currency, w.decimals, w.amount, await currentQuote(tx, effective.spreadBps, now));
  const limit = toUnits((await getSettings(tx)).withdrawals.dailyLimit, 6);
  const dayStart = new Date(now.getTime() - (now.getTime() % DAY_MS));
  const [today] = await tx
    .select({ total: sql<string>`coalesce(sum(${withdrawals.valueUsdt}), 0)::text` })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), gte(withdrawals.createdAt, dayStart), inArray(withdrawals.status, ["pending", "sent"])));
  const used = BigInt(today?.total ?? "0");
  if (used + (value ?? 0n) > limit) {
    const left = limit > used ? limit - used : 0n;
    throw new AppError(422, "DAILY_LIMIT_EXCEEDED", `This is over your daily withdrawal limit: ${formatAmount(left, 6)} USDT is left today (UTC).`);
  }
  const id = newId();
  await post(tx, {
    kind: "withdrawal",
    reference: id,
    memo: "requested",
    legs: [
      { account: { userId, asset: w.currency, kind: "spot" }, amount: -(w.amount + w.fee) },
      { account: { userId, asset: w.currency, kind: "hold" }, amount: w.amount + w.fee },
    ],
  });
  const [row] = await tx
    .insert(withdrawals)
    .values({ id, userId, currency: w.currency, network: w.network, address: w.address, amount: w.amount, fee: w.fee, valueUsdt: value, createdAt: now })
    .returning();
  await publish(tx, { to: { userId }, event: "balance", data: { reason: "withdrawal.requested", withdrawalId: id } });
  return row!;
}

/** A pending withdrawal's decision, exactly once: a conditional UPDATE that only one caller wins. */
export async function settle(tx: Db, id: string, set: Partial<Withdrawal>, owner?: string): Promise<Withdrawal> {
  const where = and(eq(withdrawals.id, id), eq(withdrawals.status, "pending"), owner ? eq(withdrawals.userId, owner) : undefined);
  const [row] = await tx.update(withdrawals).set({ ...set, decidedAt: new Date() }).where(where).returning();
  if (row) return row;
  const [existing] = await tx.select({ status: withdrawals.status, userId: withdrawals.userId }).from(withdrawals).where(eq(withdrawals.id, id));
  if (!existing || (owner && existing.userId !== owner)) throw notFound("Withdrawal not found");
  throw conflict(`This withdrawal was already ${existing.status}`, "ALREADY_DECIDED");
}

/** Returns a settled withdrawal's hold to the user's available balance (cancelled or rejected). */
export async function releaseHold(tx: Db, w: Withdrawal, memo: string): Promise<void> {
  await post(tx, {
    kind: "withdrawal",
    reference: w.id,
    memo,
    legs: [
      { account: { userId: w.userId, asset: w.currency, kind: "hold" }, amount: -(w.amount + w.fee) },
      { account: { userId: w.userId, asset: w.currency, kind: "spot" }, amount: w.amount + w.fee },
    ],
  });
  await publish(tx, { to: { userId: w.userId }, event: "balance", data: { reason: `withdrawal.${memo}`, withdrawalId: w.id } });
}

/** The user's own pending withdrawal, cancelled, its hold released. Someone else's is a 404. */
export async function cancelWithdrawal(tx: Db, userId: string, id: string): Promise<Withdrawal> {
  const w = await settle(tx, id, { status: "cancelled" }, userId);
  await releaseHold(tx, w, "cancelled");
  return w;
}

export async function listWithdrawals(db: Db, userId: string, page: Pagination) {
  const where = eq(withdrawals.userId, userId);
  const [rows, [total]] = await Promise.all([
    db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.createdAt)).limit(page.pageSize).offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(withdrawals).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
