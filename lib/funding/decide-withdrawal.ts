import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { withdrawals, type Withdrawal } from "@/db/schema";
import { recordActivity } from "@/lib/activity/record";
import { audit } from "@/lib/audit";
import { AppError, badRequest, conflict, notFound } from "@/lib/core/errors";
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

/** What the chain's check rests on: the withdrawal's pair, address, amount and the custody addresses. */
type Checked = Pick<Withdrawal, "status" | "currency" | "network" | "address" | "amount"> & { custody: string[] };

/**
 * A transaction hash checked on chain for a withdrawal, read before the database transaction that
 * marks it sent (a slow node must not hold its row lock and connection): the withdrawal as the check
 * saw it, and the outcome to act on inside (the block it was mined in, or the refusal).
 */
export interface PaidOnChain {
  id: string;
  txHash: string;
  seen: Checked | null;
  outcome: { txBlock: bigint; txBlockHash: string } | null | AppError;
}

const sameChecked = (a: Checked, b: Checked) =>
  a.status === b.status &&
  a.currency === b.currency &&
  a.network === b.network &&
  a.address === b.address &&
  a.amount === b.amount &&
  a.custody.join(",") === b.custody.join(",");

async function checkedOf(db: Db, id: string): Promise<Checked | null> {
  const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!w) return null;
  const custody = await custodyAddressesOf(db, w.currency, w.network);
  return {
    status: w.status,
    currency: w.currency,
    network: w.network,
    address: w.address,
    amount: w.amount,
    custody,
  };
}

/**
 * Reads the chain for `txHash` paying withdrawal `id` (see checkPayout), outside any transaction. On a
 * followed chain the transaction must pay it from one of the pair's custody addresses (its wallet's
 * and the settings' `chain.custody` for the network; both four-eyed). A refusal is kept, not thrown:
 * it is raised by `assertPaidOnChain` in the transaction, after the checks that come first there.
 */
export async function readPaidOnChain(db: Db, id: string, txHash: string): Promise<PaidOnChain> {
  const seen = await checkedOf(db, id);
  if (!seen || !isValidTxHash(seen.network, txHash)) return { id, txHash, seen: null, outcome: null };
  const { decimals } = await findAsset(db, seen.currency);
  const outcome = await checkPayout(db, { ...seen, decimals, txHash }).then(
    (check): PaidOnChain["outcome"] => {
      if (check.checked && check.problems.length)
        return new AppError(
          422,
          "TX_DOES_NOT_MATCH",
          `That transaction does not pay this withdrawal: ${check.problems.join("; ")}`,
          { txHash: check.problems },
        );
      return check.checked && check.block ? { txBlock: check.block.number, txBlockHash: check.block.hash } : null;
    },
    (err: unknown) => {
      // Unchecked is not sent: the administrator tries again once the node answers.
      log.warn({ err, withdrawalId: id }, "a payout could not be checked on chain");
      return new AppError(
        503,
        "CHAIN_UNAVAILABLE",
        "The chain's node does not answer, so the transaction cannot be checked: try again in a minute",
      );
    },
  );
  return { id, txHash, seen, outcome };
}

/**
 * In the transaction: the chain's answer read before it (`readPaidOnChain`) for this withdrawal and
 * hash, still about the withdrawal as it is now (same state, pair, address, amount and custody
 * addresses; otherwise 409, to be tried again). Throws the chain's refusal, or answers the block the
 * transaction was mined in (null off a followed chain). Nothing here asks the node.
 */
export async function assertPaidOnChain(
  tx: Db,
  paid: PaidOnChain,
  id: string,
  txHash: string,
): Promise<{ txBlock: bigint; txBlockHash: string } | null> {
  if (paid.id !== id || paid.txHash !== txHash) throw new Error("the chain was read for another withdrawal or hash");
  const now = await checkedOf(tx, id);
  if (!now) throw notFound("Withdrawal not found");
  if (!paid.seen || !sameChecked(paid.seen, now))
    throw conflict("This withdrawal changed while its transaction was checked: try again", "ALREADY_DECIDED");
  if (paid.outcome instanceof AppError) throw paid.outcome;
  return paid.outcome;
}

/** A pending withdrawal's decision, once (`transitionOnce`), with its effects. */
const decide = <R>(tx: Db, id: string, set: Move<typeof withdrawals>["set"], effects: (w: Withdrawal) => Promise<R>) =>
  transitionOnce(tx, withdrawals, { noun: "withdrawal", id, from: "pending", set }, effects);

/**
 * Marks a pending withdrawal sent with the chain's transaction hash (checked on chain where the
 * network is followed, by `readPaidOnChain` before the transaction): its hold leaves for the
 * external world (the amount) and the fees account (the fee). Decision, posting, audit and the
 * user's notification commit together, once.
 */
export async function sendWithdrawal(
  tx: Db,
  id: string,
  input: z.infer<typeof sendWithdrawalSchema>,
  actor: Actor,
  paid: PaidOnChain,
) {
  await assertTxHash(tx, id, input.txHash);
  // Where it was mined, kept at once: the user's count starts from it, not from the watcher's next pass.
  const mined = await assertPaidOnChain(tx, paid, id, input.txHash);
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
    await tellSent(tx, w, asset.decimals, actor);
    return { ...w, decimals: asset.decimals };
  });
}

/**
 * Tells the user their withdrawal left with `w.txHash` (marked sent, or sent again after a flag):
 * the account activity entry with its notice, and the balance event their screens re-read on.
 */
export async function tellSent(tx: Db, w: Withdrawal, decimals: number, actor: Actor): Promise<void> {
  await recordActivity(tx, {
    userId: w.userId,
    kind: "withdrawal.sent",
    facts: {
      amount: formatAmount(w.amount, decimals),
      asset: w.currency,
      network: w.network,
      address: w.address,
      txHash: w.txHash!,
    },
    supportId: actor.id,
  });
  await publish(tx, {
    to: { userId: w.userId },
    event: "balance",
    data: { reason: "withdrawal.sent", withdrawalId: w.id },
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
