import { z } from "zod";
import type { Db } from "@/db/client";
import { FUNDING_NETWORKS } from "@/db/schema";
import { depositAddressOf } from "@/lib/chain/addresses";
import { activeChains, chainRoute } from "@/lib/chain/config";
import { formatAmount } from "@/lib/core/amount";
import { decimalString } from "@/lib/core/answers";
import { findAsset } from "@/lib/ledger/assets";
import { NETWORK_NAMES } from "./networks";
import { openWallet } from "./wallets";

export const depositAddressQuery = z.object({
  currency: z.string({ error: "Choose a currency" }).trim().toUpperCase().min(1, "Choose a currency").max(10),
  network: z.enum(FUNDING_NETWORKS, { error: "Choose a network" }),
});

const targetFields = {
  currency: z.string(),
  network: z.enum(FUNDING_NETWORKS),
  networkName: z.string(),
  address: z.string(),
  minDeposit: decimalString,
};
/** The user's own address on a followed chain, credited by itself `confirmations` deep. */
export const chainTargetShape = {
  mode: z.literal("chain"),
  ...targetFields,
  memo: z.null(),
  confirmations: z.number().int(),
};
/** The shared wallet of the proof flow (a deposit declared with its transaction and proof). */
export const proofTargetShape = {
  mode: z.literal("proof"),
  ...targetFields,
  memo: z.string().nullable(),
  confirmations: z.null(),
};
export type DepositTarget =
  z.infer<z.ZodObject<typeof chainTargetShape>> | z.infer<z.ZodObject<typeof proofTargetShape>>;

/**
 * Where `userId` sends `currency` on `network`. Where that network's chain is configured, the
 * user's own address (credited by itself once `confirmations` deep); elsewhere the shared wallet
 * address of the proof flow. Either way the pair must be open for deposits, with its minimum from
 * the wallet settings.
 */
export async function depositTarget(
  db: Db,
  userId: string,
  query: z.infer<typeof depositAddressQuery>,
): Promise<DepositTarget> {
  const wallet = await openWallet(db, query.currency, query.network, "deposit");
  const asset = await findAsset(db, wallet.currency);
  const common = {
    currency: wallet.currency,
    network: wallet.network,
    networkName: NETWORK_NAMES[wallet.network],
    minDeposit: formatAmount(wallet.minDeposit, asset.decimals),
  };
  const settings = await activeChains(db);
  const route = chainRoute(settings, wallet.currency, wallet.network);
  if (!settings || !route)
    return { ...common, mode: "proof", address: wallet.address, memo: wallet.memo, confirmations: null };
  const { address } = await depositAddressOf(db, settings.xpub, userId);
  return { ...common, mode: "chain", address, memo: null, confirmations: route.chain.confirmations };
}
