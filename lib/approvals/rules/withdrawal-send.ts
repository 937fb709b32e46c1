import { eq } from "drizzle-orm";
import { z } from "zod";
import { users, withdrawals } from "@/db/schema";
import {
  assertPaidOnChain,
  assertTxHash,
  readPaidOnChain,
  sendWithdrawal,
  sendWithdrawalSchema,
  type PaidOnChain,
} from "@/lib/funding/decide-withdrawal";
import { assetName } from "@/lib/core/format";
import { conflict, notFound } from "@/lib/core/errors";
import { formatAmount } from "@/lib/core/amount";
import { findAsset } from "@/lib/ledger/assets";
import { gateChanges, moneyGate } from "../money";
import { targetUser } from "../policy";
import { shown, type Prepared, type Rule } from "../rule";

const payload = sendWithdrawalSchema.extend({ withdrawalId: z.uuid() });

const payoutOf = (prepared: Prepared | undefined): PaidOnChain => {
  if (!prepared?.payout) throw new Error("a withdrawal's transaction is read on chain before the transaction opens");
  return prepared.payout;
};

/** Marking a withdrawal sent: one's own, or reaching the threshold with what this administrator moved for the user in 24 hours. */
export const withdrawalSend: Rule<z.infer<typeof payload>> = {
  label: "Withdrawal sent",
  payload,
  // The chain is read before the approval's transaction opens, and checked against the row in it (run).
  prepare: async (db, p) => ({ payout: await readPaidOnChain(db, p.withdrawalId, p.txHash) }),
  async review(tx, p, { actor, now, prepared }) {
    await assertTxHash(tx, p.withdrawalId, p.txHash);
    // Checked on chain before a second administrator is asked (read by the route before its
    // transaction), and again when approved (prepare, then run).
    await assertPaidOnChain(tx, payoutOf(prepared), p.withdrawalId, p.txHash);
    const [w] = await tx
      .select({ w: withdrawals, username: users.username })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(eq(withdrawals.id, p.withdrawalId));
    if (!w) throw notFound("Withdrawal not found");
    if (w.w.status !== "pending") throw conflict(`This withdrawal was already ${w.w.status}`, "ALREADY_DECIDED");
    const asset = await findAsset(tx, w.w.currency);
    const gate = await moneyGate(tx, {
      adminId: actor.id,
      userId: w.w.userId,
      asset: asset.code,
      units: w.w.amount,
      now,
    });
    if (!gate) return null;
    return {
      summary: `Mark ${w.username}'s withdrawal of ${shown(w.w.amount, asset.decimals)} ${assetName(asset.code)} sent`,
      changes: [
        { label: "Status", before: "pending", after: "sent" },
        { label: `To (${w.w.network})`, before: null, after: w.w.address },
        { label: "Transaction", before: null, after: p.txHash },
        ...gateChanges(gate, (await targetUser(tx, actor.id)).username, w.username),
      ],
      userId: w.w.userId,
    };
  },
  async run(tx, { withdrawalId, txHash }, { actor, prepared }) {
    const w = await sendWithdrawal(tx, withdrawalId, { txHash }, actor, payoutOf(prepared));
    return { withdrawalId, sent: formatAmount(w.amount, w.decimals), asset: w.currency, txHash };
  },
};
