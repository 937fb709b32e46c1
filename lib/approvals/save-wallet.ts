import type { Db } from "@/db/client";
import type { Wallet } from "@/db/schema";
import { checkedWallet, updateWallet, type WalletInput } from "@/lib/funding/wallets";
import { proposalFor, type ProposalView } from "./proposals";
import type { Actor } from "./rule";
import { gatedFields, inputOf, lockedWallet } from "./rules/wallet-update";

/**
 * An administrator's wallet save: fees, minimums and switching off are saved now; a new address
 * or memo, or switching on, becomes a proposal of those fields alone. Call it in one transaction.
 */
export async function saveWallet(
  tx: Db,
  id: string,
  input: WalletInput,
  actor: Actor,
  now = new Date(),
): Promise<{ wallet: Wallet; proposal: ProposalView | null }> {
  const before = await lockedWallet(tx, id);
  const gated = gatedFields(before, input);
  const kept = await inputOf(tx, before);
  // The fields that wait keep their saved values in what is saved now.
  const immediate: WalletInput = { ...input, ...Object.fromEntries(gated.map((f) => [f.field, kept[f.field]])) };
  const values = await checkedWallet(tx, immediate);
  const changesNow = (
    [
      "currency",
      "network",
      "address",
      "memo",
      "minDeposit",
      "withdrawFee",
      "minWithdraw",
      "depositEnabled",
      "withdrawEnabled",
    ] as const
  ).some((k) => values[k] !== before[k]);
  const wallet = changesNow ? await updateWallet(tx, id, immediate, actor) : before;
  const proposal =
    gated.length > 0 ? await proposalFor(tx, "wallet.update", { walletId: id, fields: gated }, actor, now) : null;
  return { wallet, proposal };
}
