import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "@/db/schema";
import { assetName } from "@/lib/core/format";
import { formatAmount } from "@/lib/core/amount";
import { findAsset } from "@/lib/ledger/assets";
import { flaggedWithdrawal, returnWithdrawal } from "@/lib/funding/resolve-withdrawal";
import { rejectWithdrawalSchema } from "@/lib/funding/decide-withdrawal";
import { gateChanges, moneyGate } from "../money";
import { targetUser } from "../policy";
import { shown, type Rule } from "../rule";

const payload = rejectWithdrawalSchema.extend({ withdrawalId: z.uuid() });

/**
 * Returning a flagged withdrawal's money to its user: a credit from outside the books like any other,
 * so one's own, or reaching the threshold with what this administrator moved for the user in 24
 * hours, waits for a second administrator.
 */
export const withdrawalReturn: Rule<z.infer<typeof payload>> = {
  label: "Flagged withdrawal returned",
  payload,
  async review(tx, p, { actor, now }) {
    const w = await flaggedWithdrawal(tx, p.withdrawalId);
    const asset = await findAsset(tx, w.currency);
    const gate = await moneyGate(tx, {
      adminId: actor.id,
      userId: w.userId,
      asset: asset.code,
      units: w.amount + w.fee,
      now,
    });
    if (!gate) return null;
    const [owner] = await tx.select({ username: users.username }).from(users).where(eq(users.id, w.userId));
    return {
      summary: `Return ${owner!.username}'s flagged withdrawal of ${shown(w.amount + w.fee, asset.decimals)} ${assetName(asset.code)} to their balance`,
      changes: [
        { label: "Transaction", before: w.txHash, after: null },
        { label: "What the chain shows", before: w.chainProblem, after: null },
        ...gateChanges(gate, (await targetUser(tx, actor.id)).username, owner!.username),
      ],
      userId: w.userId,
      reason: p.reason,
    };
  },
  async run(tx, { withdrawalId, reason }, { actor, now }) {
    const w = await returnWithdrawal(tx, withdrawalId, reason, actor, now);
    return { withdrawalId, returned: formatAmount(w.amount + w.fee, w.decimals), asset: w.currency };
  },
};
