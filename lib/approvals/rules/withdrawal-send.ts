import { eq } from "drizzle-orm";
import { z } from "zod";
import { users, withdrawals } from "@/db/schema";
import { assertTxHash, sendWithdrawal, sendWithdrawalSchema } from "@/lib/funding/decide-withdrawal";
import { assetName } from "@/lib/format";
import { conflict, notFound } from "@/lib/http/errors";
import { formatAmount } from "@/lib/ledger/amount";
import { findAsset } from "@/lib/ledger/assets";
import { worthApproval } from "../policy";
import { shown, type Rule } from "../rule";

const payload = sendWithdrawalSchema.extend({ withdrawalId: z.uuid() });

/** Marking a withdrawal sent when it is worth the threshold. */
export const withdrawalSend: Rule<z.infer<typeof payload>> = {
  label: "Withdrawal sent",
  payload,
  async review(tx, p) {
    await assertTxHash(tx, p.withdrawalId, p.txHash);
    const [w] = await tx.select({ w: withdrawals, username: users.username }).from(withdrawals).innerJoin(users, eq(users.id, withdrawals.userId)).where(eq(withdrawals.id, p.withdrawalId));
    if (!w) throw notFound("Withdrawal not found");
    if (w.w.status !== "pending") throw conflict(`This withdrawal was already ${w.w.status}`, "ALREADY_DECIDED");
    const asset = await findAsset(tx, w.w.currency);
    if (!(await worthApproval(tx, asset, w.w.amount))) return null;
    return {
      summary: `Mark ${w.username}'s withdrawal of ${shown(w.w.amount, asset.decimals)} ${assetName(asset.code)} sent`,
      changes: [
        { label: "Status", before: "pending", after: "sent" },
        { label: `To (${w.w.network})`, before: null, after: w.w.address },
        { label: "Transaction", before: null, after: p.txHash },
      ],
      userId: w.w.userId,
    };
  },
  async run(tx, { withdrawalId, txHash }, { actor }) {
    const w = await sendWithdrawal(tx, withdrawalId, { txHash }, actor);
    return { withdrawalId, sent: formatAmount(w.amount, w.decimals), asset: w.currency, txHash };
  },
};
