import type { Deposit, Wallet, Withdrawal } from "@/db/schema";
import { formatAmount } from "@/lib/core/amount";
import { NO_CHAIN_FACTS, payoutProgress, type ChainFacts } from "@/lib/chain/progress";
import { uploadUrl } from "@/lib/uploads";
import { NETWORK_NAMES } from "./networks";

const iso = (at: Date | null) => at?.toISOString() ?? null;

export function depositView(d: Deposit, decimals: number) {
  return {
    id: d.id,
    currency: d.currency,
    network: d.network,
    networkName: NETWORK_NAMES[d.network],
    amount: formatAmount(d.amount, decimals),
    creditedAmount: d.creditedAmount === null ? null : formatAmount(d.creditedAmount, decimals),
    txHash: d.txHash,
    proofUrl: uploadUrl(d.proofId),
    status: d.status,
    reason: d.reason,
    createdAt: d.createdAt.toISOString(),
    decidedAt: iso(d.decidedAt),
  };
}

/**
 * A withdrawal as its user and the administrators see it. `status` keeps its values (a withdrawal
 * confirmed on chain is still "sent"); on a followed chain `chainStatus` says how far it is
 * ("confirming" n of `required`, "confirmed", "flagged" with `chainProblem`, or "returned" at
 * `returnedAt`), from `chain`.
 */
export function withdrawalView(w: Withdrawal, decimals: number, chain: ChainFacts = NO_CHAIN_FACTS) {
  return {
    id: w.id,
    currency: w.currency,
    network: w.network,
    networkName: NETWORK_NAMES[w.network],
    address: w.address,
    amount: formatAmount(w.amount, decimals),
    fee: formatAmount(w.fee, decimals),
    total: formatAmount(w.amount + w.fee, decimals),
    status: w.status,
    txHash: w.txHash,
    explorerUrl: w.status === "sent" ? chain.explorer(w.network, w.txHash) : null,
    ...payoutProgress(w, chain.progress(w.network)),
    confirmedAt: iso(w.confirmedAt),
    chainProblem: w.chainProblem,
    returnedAt: iso(w.returnedAt),
    reason: w.reason,
    createdAt: w.createdAt.toISOString(),
    decidedAt: iso(w.decidedAt),
  };
}

export function walletView(w: Wallet, decimals: number) {
  return {
    id: w.id,
    currency: w.currency,
    network: w.network,
    networkName: NETWORK_NAMES[w.network],
    address: w.address,
    memo: w.memo,
    minDeposit: formatAmount(w.minDeposit, decimals),
    withdrawFee: formatAmount(w.withdrawFee, decimals),
    minWithdraw: formatAmount(w.minWithdraw, decimals),
    depositEnabled: w.depositEnabled,
    withdrawEnabled: w.withdrawEnabled,
    updatedAt: w.updatedAt.toISOString(),
  };
}
