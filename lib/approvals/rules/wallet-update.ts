import { eq } from "drizzle-orm";
import { z } from "zod";
import { wallets } from "@/db/schema";
import { checkedWallet, updateWallet, walletSchema } from "@/lib/funding/wallets";
import { notFound } from "@/lib/http/errors";
import type { Rule } from "../rule";
import { walletChanges } from "./wallet-changes";

const payload = walletSchema.extend({ walletId: z.uuid() });

/** Changing where money is sent (address, memo) or switching a wallet on. */
export const walletUpdate: Rule<z.infer<typeof payload>> = {
  label: "Wallet change",
  payload,
  async review(tx, { walletId, ...p }) {
    const values = await checkedWallet(tx, p);
    const [before] = await tx.select().from(wallets).where(eq(wallets.id, walletId));
    if (!before) throw notFound("Wallet not found");
    // Where money is sent, and switching a wallet on, redirect money; fees, minimums and switching off do not.
    const redirects =
      before.address !== values.address ||
      before.memo !== values.memo ||
      (!before.depositEnabled && values.depositEnabled) ||
      (!before.withdrawEnabled && values.withdrawEnabled);
    if (!redirects) return null;
    return { summary: `Change the ${before.currency} wallet on ${before.network}`, changes: walletChanges(before, values, values.decimals) };
  },
  async run(tx, { walletId, ...p }, { actor }) {
    const w = await updateWallet(tx, walletId, p, actor);
    return { walletId: w.id, currency: w.currency, network: w.network };
  },
};
