import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { withdrawals, type Withdrawal } from "@/db/schema";
import { recordActivity } from "@/lib/activity/record";
import { audit } from "@/lib/audit";
import { AppError, badRequest, notFound } from "@/lib/core/errors";
import { custodyAddressesOf } from "@/lib/chain/custody";
import { checkPayout } from "@/lib/chain/payouts";
import { log } from "@/lib/core/log";
import { formatAmount } from "@/lib/core/amount";
import { findAsset } from "@/lib/ledger/assets";
import { post } from "@/lib/ledger/post";
import { publish } from "@/lib/realtime/publish";
import { isValidTxHash, TX_HASH_HINT } from "./networks";
import { transitionOnce, type Move } from "./transition";
import { releaseHold } from "./withdrawals";

export const sendWithdrawalSchema = z
  .object({
    txHash: z.string({ error: "Enter the transaction hash" }).trim().min(1, "Enter the transaction hash").max(100),
  })
  .strict();
export const rejectWithdrawalSchema = z
  .object({
    reason: z
      .string({ error: "Please give a reason" })
      .trim()
      .min(1, "Please give a reason")
      .max(500, "The reason can be at most 500 characters"),
  })
  .strict();

type Actor = { id: string; ip: string | null };

/** The hash must look like one of the withdrawal's network: checked before anything is written. */
export async function assertTxHash(tx: Db, id: string, txHash: string): Promise<void> {
  const [w] = await tx.select({ network: withdrawals.network }).from(withdrawals).where(eq(withdrawals.id, id));
  if (!w) throw notFound("Withdrawal not found");
  if (!isValidTxHash(w.network, txHash)) {
    throw badRequest(
      `A ${w.network} transaction hash is ${TX_HASH_HINT[w.network]}`,
      { txHash: [`Expected ${TX_HASH_HINT[w.network]}`] },
      "INVALID_TX_HASH",
    );
  }
}

/**
 * On a followed chain, the transaction must pay this withdrawal (see checkPayout): otherwise a 422
 * listing what does not match. It must come from one of the pair's custody addresses (its wallet's and
 * the settings' `chain.custody` for the network; both four-eyed). The
 * block it was mined in, where the chain was read (null off a followed chain).
 */
export async function assertPaidOnChain(
  tx: Db,
  id: string,
  txHash: string,
): Promise<{ txBlock: bigint; txBlockHash: string } | null> {
  const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!w) throw notFound("Withdrawal not found");
  const { decimals } = await findAsset(tx, w.currency);
  const check = await checkPayout(tx, {
    currency: w.currency,
    network: w.network,
    address: w.address,
    amount: w.amount,
    decimals,
    custody: await custodyAddressesOf(tx, w.currency, w.network),
    txHash,
  }).catch((err: unknown) => {
    // Unchecked is not sent: the administrator tries again once the node answers.
    log.warn({ err, withdrawalId: id }, "a payout could not be checked on chain");
    throw new AppError(
      503,
      "CHAIN_UNAVAILABLE",
      "The chain's node does not answer, so the transaction cannot be checked: try again in a minute",
    );
  });
  if (check.checked && check.problems.length) {
    throw new AppError(
      422,
      "TX_DOES_NOT_MATCH",
      `That transaction does not pay this withdrawal: ${check.problems.join("; ")}`,
      { txHash: check.problems },
    );
  }
  return check.checked && check.block ? { txBlock: check.block.number, txBlockHash: check.block.hash } : null;
}

/** A pending withdrawal's decision, once (`transitionOnce`), with its effects. */
const decide = <R>(tx: Db, id: string, set: Move<typeof withdrawals>["set"], effects: (w: Withdrawal) => Promise<R>) =>
  transitionOnce(tx, withdrawals, { noun: "withdrawal", id, from: "pending", set }, effects);

/**
 * Marks a pending withdrawal sent with the chain's transaction hash (checked on chain where the
 * network is followed): its hold leaves for the
 * external world (the amount) and the fees account (the fee). Decision, posting, audit and the
 * user's notification commit together, once.
 */
export async function sendWithdrawal(tx: Db, id: string, input: z.infer<typeof sendWithdrawalSchema>, actor: Actor) {
  await assertTxHash(tx, id, input.txHash);
  // Where it was mined, kept at once: the user's count starts from it, not from the watcher's next pass.
  const mined = await assertPaidOnChain(tx, id, input.txHash);
  return decide(tx, id, { status: "sent", txHash: input.txHash, decidedBy: actor.id, ...mined }, async (w) => {
    const asset = await findAsset(tx, w.currency);
    await post(tx, {
      kind: "withdrawal",
      reference: w.id,
      memo: `sent ${w.network} ${input.txHash}`,
      actorId: actor.id,
      legs: [
        { account: { userId: w.userId, asset: w.currency, kind: "hold" }, amount: -w.amount, label: "Sent" },
        { account: { system: "external", asset: w.currency }, amount: w.amount },
        { account: { userId: w.userId, asset: w.currency, kind: "hold" }, amount: -w.fee, label: "Fee" },
        { account: { system: "fees", asset: w.currency }, amount: w.fee },
      ],
    });
    await audit(tx, {
      actorId: actor.id,
      action: "withdrawal.send",
      target: { type: "withdrawal", id },
      detail: { userId: w.userId, txHash: input.txHash },
      ip: actor.ip,
    });
    await recordActivity(tx, {
      userId: w.userId,
      kind: "withdrawal.sent",
      facts: {
        amount: formatAmount(w.amount, asset.decimals),
        asset: w.currency,
        network: w.network,
        address: w.address,
        txHash: input.txHash,
      },
      supportId: actor.id,
    });
    await publish(tx, {
      to: { userId: w.userId },
      event: "balance",
      data: { reason: "withdrawal.sent", withdrawalId: id },
    });
    return { ...w, decimals: asset.decimals };
  });
}

/** Rejects a pending withdrawal with the reason told to the user: its hold comes back to their available balance. */
export async function rejectWithdrawal(
  tx: Db,
  id: string,
  input: z.infer<typeof rejectWithdrawalSchema>,
  actor: Actor,
) {
  return decide(tx, id, { status: "rejected", reason: input.reason, decidedBy: actor.id }, async (w) => {
    await releaseHold(tx, w, "rejected");
    const asset = await findAsset(tx, w.currency);
    await audit(tx, {
      actorId: actor.id,
      action: "withdrawal.reject",
      target: { type: "withdrawal", id },
      detail: { userId: w.userId, reason: input.reason },
      ip: actor.ip,
    });
    await recordActivity(tx, {
      userId: w.userId,
      kind: "withdrawal.rejected",
      facts: { amount: formatAmount(w.amount, asset.decimals), asset: w.currency, network: w.network },
      reason: input.reason,
      supportId: actor.id,
    });
    return { ...w, decimals: asset.decimals };
  });
}
