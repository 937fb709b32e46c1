import { eq } from "drizzle-orm";
import { z } from "zod";
import { deposits, users } from "@/db/schema";
import { approveDeposit, approveDepositSchema } from "@/lib/funding/decide-deposit";
import { assetName } from "@/lib/format";
import { conflict, notFound } from "@/lib/http/errors";
import { formatAmount } from "@/lib/ledger/amount";
import { amountIn, findAsset } from "@/lib/ledger/assets";
import { shown, type Rule } from "../rule";

const payload = approveDepositSchema.extend({ depositId: z.uuid() });

/** A deposit credited above what the user declared. */
export const depositApprove: Rule<z.infer<typeof payload>> = {
  label: "Deposit credited above the claim",
  payload,
  async review(tx, p) {
    if (p.amount === undefined) return null;
    const [d] = await tx.select({ deposit: deposits, username: users.username }).from(deposits).innerJoin(users, eq(users.id, deposits.userId)).where(eq(deposits.id, p.depositId));
    if (!d) throw notFound("Deposit not found");
    if (d.deposit.status !== "pending") throw conflict(`This deposit was already ${d.deposit.status}`, "ALREADY_DECIDED");
    const asset = await findAsset(tx, d.deposit.currency);
    const corrected = amountIn(asset, p.amount);
    // Crediting less than claimed, or exactly it, cannot create money the chain did not bring.
    if (corrected <= d.deposit.amount) return null;
    return {
      summary: `Credit ${d.username}'s ${assetName(asset.code)} deposit above the amount they declared`,
      changes: [{ label: `Credited ${assetName(asset.code)}`, before: shown(d.deposit.amount, asset.decimals), after: shown(corrected, asset.decimals) }],
      userId: d.deposit.userId,
      reason: p.reason ?? null,
    };
  },
  async run(tx, { depositId, ...input }, { actor }) {
    const d = await approveDeposit(tx, depositId, input, actor);
    return { depositId, credited: formatAmount(d.creditedAmount ?? d.amount, d.decimals), asset: d.currency };
  },
};
