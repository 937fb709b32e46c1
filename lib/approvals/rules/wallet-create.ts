import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { wallets } from "@/db/schema";
import { checkedWallet, createWallet, walletSchema } from "@/lib/funding/wallets";
import { conflict } from "@/lib/core/errors";
import type { Rule } from "../rule";
import { walletChanges } from "./wallet-changes";

/** Every new deposit wallet. */
export const walletCreate: Rule<z.infer<typeof walletSchema>> = {
  label: "New wallet",
  payload: walletSchema,
  async review(tx, p) {
    const values = await checkedWallet(tx, p);
    const [existing] = await tx
      .select({ id: wallets.id })
      .from(wallets)
      .where(and(eq(wallets.currency, values.currency), eq(wallets.network, values.network)));
    if (existing)
      throw conflict(
        `There is already a ${values.currency} wallet on ${values.network}: edit it instead`,
        "WALLET_EXISTS",
      );
    // Every new wallet is a place users will send money to: always a second pair of eyes.
    return {
      summary: `Add a ${values.currency} wallet on ${values.network}`,
      changes: walletChanges(null, values, values.decimals),
    };
  },
  async run(tx, p, { actor }) {
    const w = await createWallet(tx, p, actor);
    return { walletId: w.id, currency: w.currency, network: w.network };
  },
};
