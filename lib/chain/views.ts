import { z } from "zod";
import { CHAIN_DEPOSIT_STATUSES, FUNDING_NETWORKS, type ChainDeposit } from "@/db/schema";
import { formatAmount } from "@/lib/core/amount";
import { decimalString, isoTime } from "@/lib/core/answers";
import { explorerUrl } from "./progress";

/**
 * A chain deposit as its user sees it. `confirmations` counts the blocks from its own to the last
 * one the watcher finished, up to `required`: a credited deposit shows the count it was credited at,
 * a dropped one none. `explorers` are the settings' explorer links, for the transaction's.
 */
export const chainDepositViewSchema = z.object({
  id: z.uuid(),
  currency: z.string(),
  network: z.enum(FUNDING_NETWORKS),
  amount: decimalString,
  txHash: z.string(),
  explorerUrl: z.string().nullable(),
  logIndex: z.number().int(),
  /** A decimal string: block numbers outgrow a JSON number's exact range. */
  blockNumber: z.string(),
  status: z.enum(CHAIN_DEPOSIT_STATUSES),
  confirmations: z.number().int(),
  /** The confirmations its chain requires now; null when the chain is no longer configured. */
  required: z.number().int().nullable(),
  createdAt: isoTime,
  decidedAt: isoTime.nullable(),
});

export function chainDepositView(
  d: ChainDeposit,
  decimals: number,
  progress: { finished: bigint | null; required: number | null; explorers: string },
): z.infer<typeof chainDepositViewSchema> {
  const depth =
    progress.finished === null || progress.finished < d.blockNumber ? 0 : Number(progress.finished - d.blockNumber) + 1;
  const required = progress.required;
  const confirmations =
    d.status === "dropped" ? 0 : d.status === "credited" ? (required ?? depth) : Math.min(depth, required ?? depth);
  return {
    id: d.id,
    currency: d.currency,
    network: d.network,
    amount: formatAmount(d.amount, decimals),
    txHash: d.txHash,
    explorerUrl: explorerUrl(progress.explorers, d.network, d.txHash),
    logIndex: d.logIndex,
    blockNumber: d.blockNumber.toString(),
    status: d.status,
    confirmations,
    required,
    createdAt: d.createdAt.toISOString(),
    decidedAt: d.decidedAt?.toISOString() ?? null,
  };
}
