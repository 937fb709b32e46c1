import { eq } from "drizzle-orm";
import { z } from "zod";
import { deposits, users } from "@/db/schema";
import { approveDeposit, approveDepositSchema } from "@/lib/funding/decide-deposit";
import { assetName } from "@/lib/core/format";
import { conflict, notFound } from "@/lib/core/errors";
import { formatAmount } from "@/lib/core/amount";
import { amountIn, findAsset } from "@/lib/ledger/assets";
import { gateChanges, moneyGate } from "../money";
import { targetUser } from "../policy";
import { shown, type Rule } from "../rule";

const payload = approveDepositSchema.extend({ depositId: z.uuid() });

/**
 * Approving a deposit creates money on a user's word and a proof image: it waits when credited
 * above what the user declared, when it is the administrator's own, or when it reaches the
 * threshold with what this administrator moved for the user in 24 hours (a deposit declared at
 * 900,000 no longer passes because nobody corrected it).
 */
export const depositApprove: Rule<z.infer<typeof payload>> = {
  label: "Deposit credited",
  payload,
  async review(tx, p, { actor, now }) {
    const [d] = await tx
      .select({ deposit: deposits, username: users.username })
      .from(deposits)
      .innerJoin(users, eq(users.id, deposits.userId))
      .where(eq(deposits.id, p.depositId));
    if (!d) throw notFound("Deposit not found");
    if (d.deposit.status !== "pending")
      throw conflict(`This deposit was already ${d.deposit.status}`, "ALREADY_DECIDED");
    const asset = await findAsset(tx, d.deposit.currency);
    const credited = p.amount === undefined ? d.deposit.amount : amountIn(asset, p.amount);
    const gate = await moneyGate(tx, {
      adminId: actor.id,
      userId: d.deposit.userId,
      asset: asset.code,
      units: credited,
      now,
    });
    // Crediting more than claimed creates money the chain may not have brought: always a second look.
    if (!gate && credited <= d.deposit.amount) return null;
    const above = credited > d.deposit.amount;
    return {
      summary: above
        ? `Credit ${d.username}'s ${assetName(asset.code)} deposit above the amount they declared`
        : `Credit ${d.username}'s deposit of ${shown(credited, asset.decimals)} ${assetName(asset.code)}`,
      changes: [
        {
          label: `Credited ${assetName(asset.code)}`,
          before: above ? shown(d.deposit.amount, asset.decimals) : null,
          after: shown(credited, asset.decimals),
        },
        ...(gate ? gateChanges(gate, (await targetUser(tx, actor.id)).username, d.username) : []),
      ],
      userId: d.deposit.userId,
      reason: p.reason ?? null,
    };
  },
  async run(tx, { depositId, ...input }, { actor }) {
    const d = await approveDeposit(tx, depositId, input, actor);
    return { depositId, credited: formatAmount(d.creditedAmount ?? d.amount, d.decimals), asset: d.currency };
  },
};
