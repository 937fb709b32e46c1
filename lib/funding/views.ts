import { z } from "zod";
import { FUNDING_NETWORKS, fundingStatus, type Deposit, type Wallet, type Withdrawal } from "@/db/schema";
import { formatAmount } from "@/lib/core/amount";
import { decimalString, isoTime } from "@/lib/core/answers";
import { NO_CHAIN_FACTS, payoutProgress, type ChainFacts } from "@/lib/chain/progress";
import { uploadUrl } from "@/lib/uploads";
import { NETWORK_NAMES } from "./networks";

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** A deposit submitted with its proof, as the API shows it. */
export const depositViewSchema = z.object({
  id: z.uuid(),
  currency: z.string(),
  network: z.enum(FUNDING_NETWORKS),
  networkName: z.string(),
  amount: decimalString,
  /** What was credited, where an administrator credited another amount than the one declared. */
  creditedAmount: decimalString.nullable(),
  txHash: z.string(),
  proofUrl: z.string(),
  status: z.enum(fundingStatus.enumValues),
  reason: z.string().nullable(),
  createdAt: isoTime,
  decidedAt: isoTime.nullable(),
});

export function depositView(d: Deposit, decimals: number): z.infer<typeof depositViewSchema> {
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
export const withdrawalViewSchema = z.object({
  id: z.uuid(),
  currency: z.string(),
  network: z.enum(FUNDING_NETWORKS),
  networkName: z.string(),
  address: z.string(),
  amount: decimalString,
  fee: decimalString,
  total: decimalString,
  status: z.enum(fundingStatus.enumValues),
  txHash: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  chainStatus: z.enum(["confirming", "confirmed", "flagged", "returned"]).nullable(),
  confirmations: z.number().int().nullable(),
  required: z.number().int().nullable(),
  confirmedAt: isoTime.nullable(),
  chainProblem: z.string().nullable(),
  returnedAt: isoTime.nullable(),
  reason: z.string().nullable(),
  createdAt: isoTime,
  decidedAt: isoTime.nullable(),
});

export function withdrawalView(
  w: Withdrawal,
  decimals: number,
  chain: ChainFacts = NO_CHAIN_FACTS,
): z.infer<typeof withdrawalViewSchema> {
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
