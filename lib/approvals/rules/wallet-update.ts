import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { wallets, type Wallet } from "@/db/schema";
import { walletView } from "@/lib/funding/views";
import { checkedWallet, decimalsByAsset, updateWallet, type WalletInput } from "@/lib/funding/wallets";
import { notFound } from "@/lib/core/errors";
import { assertUnchanged } from "../policy";
import type { Change, Rule } from "../rule";

/** What redirects money: where users send it, and switching a wallet on. */
const GATED = ["address", "memo", "depositEnabled", "withdrawEnabled"] as const;
type GatedField = (typeof GATED)[number];
const LABELS: Record<GatedField, string> = {
  address: "Deposit address",
  memo: "Memo",
  depositEnabled: "Deposits",
  withdrawEnabled: "Withdrawals",
};

const value = z.union([z.string(), z.boolean(), z.null()]);
const payload = z
  .object({
    walletId: z.uuid(),
    fields: z
      .array(z.object({ field: z.enum(GATED), before: value, after: value }).strict())
      .min(1)
      .max(GATED.length),
  })
  .strict();
export type WalletFields = z.infer<typeof payload>["fields"];

export async function lockedWallet(tx: Db, id: string): Promise<Wallet> {
  const [wallet] = await tx.select().from(wallets).where(eq(wallets.id, id)).for("update");
  if (!wallet) throw notFound("Wallet not found");
  return wallet;
}

/** The wallet as input, as it is saved now. */
export async function inputOf(tx: Db, w: Wallet): Promise<WalletInput> {
  const { minDeposit, withdrawFee, minWithdraw } = walletView(w, (await decimalsByAsset(tx))(w.currency));
  return {
    currency: w.currency,
    network: w.network,
    address: w.address,
    memo: w.memo,
    minDeposit,
    withdrawFee,
    minWithdraw,
    depositEnabled: w.depositEnabled,
    withdrawEnabled: w.withdrawEnabled,
  };
}

/** Of an update from `before` to `input`, the fields that redirect money, with both values. */
export function gatedFields(before: Wallet, input: WalletInput): WalletFields {
  const after = { ...input, memo: input.memo || null };
  return GATED.filter((f) =>
    f === "depositEnabled" || f === "withdrawEnabled" ? !before[f] && after[f] : before[f] !== after[f],
  ).map((f) => ({ field: f, before: before[f], after: after[f] ?? null }));
}

const withFields = (input: WalletInput, fields: WalletFields): WalletInput => ({
  ...input,
  ...Object.fromEntries(fields.map((f) => [f.field, f.after])),
});
const shown = (f: GatedField, v: string | boolean | null) =>
  typeof v === "boolean" ? (v ? "enabled" : "disabled") : (v ?? (f === "memo" ? "none" : null));
const stillAsShown = (w: Wallet, fields: WalletFields) =>
  assertUnchanged(fields.map((f) => ({ label: LABELS[f.field], before: f.before, now: w[f.field] })));

/** A wallet's address or memo changed, or it is switched on: only those fields, each with the value the maker saw. */
export const walletUpdate: Rule<z.infer<typeof payload>> = {
  label: "Wallet change",
  payload,
  async review(tx, { walletId, fields }) {
    const wallet = await lockedWallet(tx, walletId);
    stillAsShown(wallet, fields);
    // Refused now if it could never be saved (an address invalid for the network).
    await checkedWallet(tx, withFields(await inputOf(tx, wallet), fields));
    const changes: Change[] = fields.map((f) => ({
      label: LABELS[f.field],
      before: shown(f.field, f.before),
      after: shown(f.field, f.after),
    }));
    return { summary: `Change the ${wallet.currency} wallet on ${wallet.network}`, changes };
  },
  async run(tx, { walletId, fields }, { actor }) {
    const wallet = await lockedWallet(tx, walletId);
    stillAsShown(wallet, fields);
    const w = await updateWallet(tx, walletId, withFields(await inputOf(tx, wallet), fields), actor);
    return { walletId: w.id, currency: w.currency, network: w.network };
  },
};
