import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { withdrawals, type Withdrawal } from "@/db/schema";
import { recordActivity } from "@/lib/activity/record";
import { audit } from "@/lib/audit";
import { formatAmount } from "@/lib/core/amount";
import { conflict, notFound } from "@/lib/core/errors";
import { findAsset } from "@/lib/ledger/assets";
import { post } from "@/lib/ledger/post";
import { publish } from "@/lib/realtime/publish";
import { assertPaidOnChain, assertTxHash, tellSent, type PaidOnChain } from "./decide-withdrawal";

/*
 * What an administrator does with a withdrawal the payout follower flagged (its transaction left the
 * chain or failed after it was marked sent): mark it sent again with the transaction that now pays it
 * (checked on chain like the first; `sendWithdrawalSchema`), or return the money to the user, who was
 * never paid (with a reason the user is told; `rejectWithdrawalSchema`).
 */

type Actor = { id: string; ip: string | null };

/** Sent, flagged, not returned: the only withdrawals a resolution may touch. */
const flagged = (id: string) =>
  and(
    eq(withdrawals.id, id),
    eq(withdrawals.status, "sent"),
    isNotNull(withdrawals.chainProblem),
    isNull(withdrawals.returnedAt),
  );

/** The flagged withdrawal, or the refusal: 404 when there is none, 409 when it is not flagged (any more). */
export async function flaggedWithdrawal(tx: Db, id: string): Promise<Withdrawal> {
  const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!w) throw notFound("Withdrawal not found");
  if (w.status !== "sent" || w.chainProblem === null || w.returnedAt !== null)
    throw conflict(
      w.returnedAt
        ? "This withdrawal's money was already returned"
        : "This withdrawal is not flagged: nothing to resolve",
      "NOT_FLAGGED",
    );
  return w;
}

/**
 * Marks a flagged withdrawal sent again with `txHash`, which must pay it on chain (read before the
 * transaction by readPaidOnChain, held to the row by assertPaidOnChain:
 * the right amount, token and address, from a custody address). The flag is cleared, the new block
 * kept, and the follower confirms it at depth as it did the first. Once: a conditional update on the
 * flag, in the transaction of the audit entry and the user's notice.
 */
export async function resendWithdrawal(tx: Db, id: string, txHash: string, actor: Actor, paid: PaidOnChain) {
  await assertTxHash(tx, id, txHash);
  const before = await flaggedWithdrawal(tx, id);
  const mined = await assertPaidOnChain(tx, paid, id, txHash);
  const [w] = await tx
    .update(withdrawals)
    .set({ txHash, chainProblem: null, txBlock: mined?.txBlock ?? null, txBlockHash: mined?.txBlockHash ?? null })
    .where(flagged(id))
    .returning();
  if (!w) throw conflict("This withdrawal was resolved meanwhile", "NOT_FLAGGED");
  const asset = await findAsset(tx, w.currency);
  await audit(tx, {
    actorId: actor.id,
    action: "withdrawal.resend",
    target: { type: "withdrawal", id },
    detail: { userId: w.userId, txHash, before: { txHash: before.txHash, chainProblem: before.chainProblem } },
    ip: actor.ip,
  });
  await tellSent(tx, w, asset.decimals, actor);
  return { ...w, decimals: asset.decimals };
}

/**
 * Returns a flagged withdrawal's amount and fee to the user's available balance, from the external
 * and fees accounts they went to when it was marked sent: the chain shows it never paid. Through the
 * ledger's posting, once (a conditional update on the flag in the same transaction), audited with the
 * reason, and told to the user. The caller decides whether a second administrator must approve it.
 */
export async function returnWithdrawal(tx: Db, id: string, reason: string, actor: Actor, now = new Date()) {
  const [w] = await tx
    .update(withdrawals)
    .set({ returnedAt: now, returnedBy: actor.id, reason })
    .where(flagged(id))
    .returning();
  if (!w) {
    await flaggedWithdrawal(tx, id);
    throw conflict("This withdrawal was resolved meanwhile", "NOT_FLAGGED");
  }
  const asset = await findAsset(tx, w.currency);
  await post(tx, {
    kind: "withdrawal",
    reference: w.id,
    memo: `returned ${w.network} ${w.txHash}: ${reason}`,
    actorId: actor.id,
    legs: [
      { account: { system: "external", asset: w.currency }, amount: -w.amount },
      { account: { userId: w.userId, asset: w.currency, kind: "spot" }, amount: w.amount, label: "Returned" },
      { account: { system: "fees", asset: w.currency }, amount: -w.fee },
      { account: { userId: w.userId, asset: w.currency, kind: "spot" }, amount: w.fee, label: "Fee returned" },
    ],
  });
  await audit(tx, {
    actorId: actor.id,
    action: "withdrawal.return",
    target: { type: "withdrawal", id },
    detail: { userId: w.userId, txHash: w.txHash, chainProblem: w.chainProblem, reason },
    ip: actor.ip,
  });
  await recordActivity(tx, {
    userId: w.userId,
    kind: "withdrawal.returned",
    facts: { amount: formatAmount(w.amount + w.fee, asset.decimals), asset: w.currency, network: w.network },
    reason,
    supportId: actor.id,
  });
  await publish(tx, {
    to: { userId: w.userId },
    event: "balance",
    data: { reason: "withdrawal.returned", withdrawalId: id },
  });
  return { ...w, decimals: asset.decimals };
}
