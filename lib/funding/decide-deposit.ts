import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { deposits } from "@/db/schema";
import { recordActivity } from "@/lib/activity/record";
import { audit } from "@/lib/audit";
import { badRequest, notFound } from "@/lib/core/errors";
import { formatAmount } from "@/lib/core/amount";
import { amountString } from "@/lib/ledger/amount-schema";
import { amountIn, findAsset } from "@/lib/ledger/assets";
import { post } from "@/lib/ledger/post";
import { publish } from "@/lib/realtime/publish";
import { payReferralReward } from "@/lib/referrals/pay-reward";
import { transitionOnce } from "./transition";

const reason = z
  .string({ error: "Please give a reason" })
  .trim()
  .min(1, "Please give a reason")
  .max(500, "The reason can be at most 500 characters");

export const approveDepositSchema = z.object({ amount: amountString.optional(), reason: reason.optional() }).strict();
export const rejectDepositSchema = z.object({ reason }).strict();

type Actor = { id: string; ip: string | null };

/**
 * Credits a pending deposit to the user's available balance from the external account, at the
 * claimed amount or at an amount the admin corrects (with a reason, recorded). Call it in one
 * transaction with its idempotency claim: the decision, the posting, the audit row and the
 * user's notification commit together or not at all.
 */
export async function approveDeposit(tx: Db, id: string, input: z.infer<typeof approveDepositSchema>, actor: Actor) {
  const [pending] = await tx.select().from(deposits).where(eq(deposits.id, id));
  if (!pending) throw notFound("Deposit not found");
  const asset = await findAsset(tx, pending.currency);
  const credited = input.amount === undefined ? pending.amount : amountIn(asset, input.amount);
  if (credited !== pending.amount && !input.reason) {
    throw badRequest("Say why the credited amount differs from the claimed one", {
      reason: ["Required when the amount is corrected"],
    });
  }
  const approved = {
    status: "approved" as const,
    creditedAmount: credited,
    reason: input.reason ?? null,
    decidedBy: actor.id,
  };
  return transitionOnce(tx, deposits, { noun: "deposit", id, from: "pending", set: approved }, async (deposit) => {
    const posted = await post(tx, {
      kind: "deposit",
      reference: deposit.id,
      memo: `${deposit.network} ${deposit.txHash}`,
      actorId: actor.id,
      legs: [
        { account: { userId: deposit.userId, asset: asset.code, kind: "spot" }, amount: credited },
        { account: { system: "external", asset: asset.code }, amount: -credited },
      ],
    });
    await tx.update(deposits).set({ journalId: posted.journal.id }).where(eq(deposits.id, id));
    await audit(tx, {
      actorId: actor.id,
      action: "deposit.approve",
      target: { type: "deposit", id },
      detail: {
        userId: deposit.userId,
        claimed: formatAmount(deposit.amount, asset.decimals),
        credited: formatAmount(credited, asset.decimals),
        reason: input.reason ?? null,
        journalId: posted.journal.id,
      },
      ip: actor.ip,
    });
    await recordActivity(tx, {
      userId: deposit.userId,
      kind: credited === deposit.amount ? "deposit.credited" : "deposit.corrected",
      facts: {
        amount: formatAmount(credited, asset.decimals),
        claimed: formatAmount(deposit.amount, asset.decimals),
        asset: asset.code,
        network: deposit.network,
      },
      reason: input.reason,
      supportId: actor.id,
    });
    await publish(tx, {
      to: { userId: deposit.userId },
      event: "balance",
      data: { reason: "deposit.approved", depositId: id },
    });
    // The first approved deposit of an invited user rewards whoever invited them, once.
    await payReferralReward(tx, deposit.userId);
    return { ...deposit, journalId: posted.journal.id, decimals: asset.decimals };
  });
}

export async function rejectDeposit(tx: Db, id: string, input: z.infer<typeof rejectDepositSchema>, actor: Actor) {
  const rejected = { status: "rejected" as const, reason: input.reason, decidedBy: actor.id };
  return transitionOnce(tx, deposits, { noun: "deposit", id, from: "pending", set: rejected }, async (deposit) => {
    const asset = await findAsset(tx, deposit.currency);
    await audit(tx, {
      actorId: actor.id,
      action: "deposit.reject",
      target: { type: "deposit", id },
      detail: { userId: deposit.userId, reason: input.reason },
      ip: actor.ip,
    });
    await recordActivity(tx, {
      userId: deposit.userId,
      kind: "deposit.rejected",
      facts: { amount: formatAmount(deposit.amount, asset.decimals), asset: asset.code, network: deposit.network },
      reason: input.reason,
      supportId: actor.id,
    });
    return { ...deposit, decimals: asset.decimals };
  });
}
