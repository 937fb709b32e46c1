import { count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { FUNDING_NETWORKS, users, withdrawals, type Withdrawal } from "@/db/schema";
import { recordActivity } from "@/lib/activity/record";
import { checkWithdrawalCode, secondFactorField, spendWithdrawalCode } from "@/lib/auth/two-factor/verify";
import { AppError, badRequest, forbidden } from "@/lib/core/errors";
import { onePage, type Pagination } from "@/lib/core/query";
import { newId } from "@/lib/core/ids";
import { moneyOf } from "@/lib/core/format";
import { formatAmount } from "@/lib/core/amount";
import { amountString } from "@/lib/ledger/amount-schema";
import { amountIn, findAsset } from "@/lib/ledger/assets";
import { post } from "@/lib/ledger/post";
import { publish } from "@/lib/realtime/publish";
import { getSettings } from "@/lib/settings";
import { ADDRESS_PROBLEM_TEXT, addressProblem, NETWORK_NAMES } from "./networks";
import { transitionOnce } from "./transition";
import { openWallet } from "./wallets";
import { assertDailyLimit } from "./withdrawal-limit";
import { assertNotOnHold, checkWithdrawPassword } from "@/lib/auth/withdraw-password";

export const withdrawalSchema = z
  .object({
    currency: z.string({ error: "Choose a currency" }).trim().toUpperCase().min(1, "Choose a currency").max(10),
    network: z.enum(FUNDING_NETWORKS, { error: "Choose a network" }),
    address: z
      .string({ error: "Enter the address to send to" })
      .trim()
      .min(1, "Enter the address to send to")
      .max(120, "That address is too long"),
    amount: amountString,
    withdrawPassword: z
      .string({ error: "Enter your withdrawal password" })
      .min(1, "Enter your withdrawal password")
      .max(128, "That password is too long"),
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
  /** Checked, not yet used: the withdrawal's transaction uses it up. */
  twoFactorCode: string | undefined;
}

/** The address is valid on its network, checksum included, and no burn address (where funds are lost for good). */
function assertAddress(network: PreparedWithdrawal["network"], address: string): void {
  const problem = addressProblem(network, address);
  if (problem === "invalid") {
    throw badRequest(
      `That is not a valid ${NETWORK_NAMES[network]} address`,
      { address: [ADDRESS_PROBLEM_TEXT.invalid] },
      "INVALID_ADDRESS",
    );
  }
  if (problem === "burn") {
    throw badRequest(ADDRESS_PROBLEM_TEXT.burn, { address: [ADDRESS_PROBLEM_TEXT.burn] }, "BURN_ADDRESS");
  }
}

/**
 * Everything about a withdrawal that does not move money, checked before anything does: the
 * network is open, the address is valid on it, the amount meets the minimum, withdrawals are on,
 * and the withdrawal password is right (a wrong one is counted toward the lock-out even though
 * the request fails, so this runs before, not inside, the money's transaction), and with two-factor
 * on, the code is right (checked, not used up: `placeWithdrawal` uses it in the money's transaction).
 */
export async function prepareWithdrawal(
  db: Db,
  userId: string,
  input: WithdrawalInput,
  now = new Date(),
): Promise<PreparedWithdrawal> {
  if (!(await getSettings(db)).withdrawals.enabled)
    throw new AppError(422, "WITHDRAWALS_DISABLED", "Withdrawals are paused at the moment");
  const wallet = await openWallet(db, input.currency, input.network, "withdraw");
  assertAddress(wallet.network, input.address);
  const asset = await findAsset(db, wallet.currency);
  const amount = amountIn(asset, input.amount);
  if (amount < wallet.minWithdraw) {
    const message = `The minimum withdrawal is ${moneyOf(wallet.minWithdraw, asset.decimals, asset.code)}`;
    throw new AppError(422, "BELOW_MINIMUM", message, { amount: [message] });
  }
  await checkWithdrawPassword(db, userId, input.withdrawPassword, now);
  await checkWithdrawalCode(db, userId, input.twoFactorCode, now.getTime());
  return {
    currency: asset.code,
    decimals: asset.decimals,
    network: wallet.network,
    address: input.address,
    amount,
    fee: wallet.withdrawFee,
    twoFactorCode: input.twoFactorCode,
  };
}

/**
 * Holds amount + fee at once (available → on hold) and records the pending withdrawal, so the same
 * money cannot be traded or withdrawn twice while an administrator sends it. The two-factor code
 * is used up here, so any refusal after it (the account, the daily limit, the funds) rolls its use
 * back and the code still works. The user's row is locked next: the account and the pause are
 * checked again under it, and their withdrawals are counted against the daily limit one at a time.
 */
export async function placeWithdrawal(
  tx: Db,
  userId: string,
  w: PreparedWithdrawal,
  now = new Date(),
): Promise<Withdrawal> {
  await spendWithdrawalCode(tx, userId, w.twoFactorCode, now.getTime());
  const [owner] = await tx
    .select({ status: users.status, holdUntil: users.withdrawHoldUntil })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  // Under the lock: a request that authenticated just before the account was frozen or disabled, or
  // before a security change paused withdrawals, stops here.
  if (owner?.status !== "active") throw forbidden("This account is not active", "ACCOUNT_NOT_ACTIVE");
  assertNotOnHold(owner.holdUntil, now);
  const value = await assertDailyLimit(tx, userId, w, now);
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
    .values({
      id,
      userId,
      currency: w.currency,
      network: w.network,
      address: w.address,
      amount: w.amount,
      fee: w.fee,
      valueUsdt: value,
      createdAt: now,
    })
    .returning();
  const shown = (units: bigint) => formatAmount(units, w.decimals);
  await recordActivity(
    tx,
    {
      userId,
      kind: "withdrawal.requested",
      facts: { amount: shown(w.amount), fee: shown(w.fee), asset: w.currency, network: w.network, address: w.address },
    },
    now,
  );
  await publish(tx, { to: { userId }, event: "balance", data: { reason: "withdrawal.requested", withdrawalId: id } });
  return row!;
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
  await publish(tx, {
    to: { userId: w.userId },
    event: "balance",
    data: { reason: `withdrawal.${memo}`, withdrawalId: w.id },
  });
}

/** The user's own pending withdrawal, cancelled, its hold released. Someone else's is a 404. */
export async function cancelWithdrawal(tx: Db, userId: string, id: string): Promise<Withdrawal> {
  return transitionOnce(
    tx,
    withdrawals,
    { noun: "withdrawal", id, from: "pending", set: { status: "cancelled" }, owner: userId },
    async (w) => {
      await releaseHold(tx, w, "cancelled");
      return w;
    },
  );
}

export async function listWithdrawals(db: Db, userId: string, page: Pagination) {
  const where = eq(withdrawals.userId, userId);
  const [rows, [total]] = await Promise.all([
    onePage(db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.createdAt)).$dynamic(), page),
    db.select({ n: count() }).from(withdrawals).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
