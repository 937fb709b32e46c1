import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { FUNDING_NETWORKS, wallets, type FundingNetwork, type Wallet } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { audit } from "@/lib/audit";
import { AppError, badRequest, conflict, notFound } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { AmountError, toUnits } from "@/lib/core/amount";
import { findAsset, listAssets, type Asset } from "@/lib/ledger/assets";
import { isSupported, isValidAddress, NETWORK_NAMES, SUPPORTED } from "./networks";
import { walletView } from "./views";
import { assetName } from "@/lib/core/format";
import { decimalString } from "@/lib/core/answers";

const decimal = (what: string) =>
  z
    .string({ error: `${what} must be a decimal string such as "10.5"` })
    .trim()
    .regex(/^\d+(\.\d+)?$/, `${what} must be a decimal string such as "10.5"`);

export const walletSchema = z
  .object({
    currency: z.string({ error: "Choose a currency" }).trim().toUpperCase().max(10),
    network: z.enum(FUNDING_NETWORKS, { error: `network must be one of ${FUNDING_NETWORKS.join(", ")}` }),
    address: z
      .string({ error: "Enter the deposit address" })
      .trim()
      .min(1, "Enter the deposit address")
      .max(120, "That address is too long"),
    memo: z.string().trim().max(100, "The memo can be at most 100 characters").nullable().optional(),
    minDeposit: decimal("The minimum deposit"),
    withdrawFee: decimal("The withdrawal fee"),
    minWithdraw: decimal("The minimum withdrawal"),
    depositEnabled: z.boolean({ error: "depositEnabled must be true or false" }),
    withdrawEnabled: z.boolean({ error: "withdrawEnabled must be true or false" }),
  })
  .strict();

export type WalletInput = z.infer<typeof walletSchema>;
type Actor = { id: string; ip: string | null };

function unitsOf(asset: Asset, value: string, field: string): bigint {
  try {
    return toUnits(value, asset.decimals, "exact", assetName(asset.code));
  } catch (err) {
    if (err instanceof AmountError) throw badRequest(err.message, { [field]: [err.message] });
    throw err;
  }
}

/** The row an admin's input makes, checked: a supported pair, an address valid on its network. */
export async function checkedWallet(db: Db, input: WalletInput) {
  if (!isSupported(input.currency, input.network)) {
    const message = `${assetName(input.currency)} is not offered on ${input.network}`;
    throw badRequest(message, { network: [message] }, "UNSUPPORTED_NETWORK");
  }
  if (!isValidAddress(input.network, input.address)) {
    throw badRequest(
      `That is not a valid ${NETWORK_NAMES[input.network]} address`,
      { address: ["Not a valid address for this network (check every character)"] },
      "INVALID_ADDRESS",
    );
  }
  const asset = await findAsset(db, input.currency);
  return {
    decimals: asset.decimals,
    currency: asset.code,
    network: input.network,
    address: input.address,
    memo: input.memo || null,
    minDeposit: unitsOf(asset, input.minDeposit, "minDeposit"),
    withdrawFee: unitsOf(asset, input.withdrawFee, "withdrawFee"),
    minWithdraw: unitsOf(asset, input.minWithdraw, "minWithdraw"),
    depositEnabled: input.depositEnabled,
    withdrawEnabled: input.withdrawEnabled,
  };
}

export async function createWallet(db: Db, input: WalletInput, actor: Actor): Promise<Wallet> {
  const { decimals, ...values } = await checkedWallet(db, input);
  return runTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(wallets)
      .values({ id: newId(), ...values })
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw conflict(
        `There is already a ${values.currency} wallet on ${values.network}: edit it instead`,
        "WALLET_EXISTS",
      );
    await audit(tx, {
      actorId: actor.id,
      action: "wallet.create",
      target: { type: "wallet", id: row.id },
      detail: { after: walletView(row, decimals) },
      ip: actor.ip,
    });
    return row;
  });
}

export async function updateWallet(db: Db, id: string, input: WalletInput, actor: Actor): Promise<Wallet> {
  const { decimals, ...values } = await checkedWallet(db, input);
  return runTransaction(db, async (tx) => {
    const [before] = await tx.select().from(wallets).where(eq(wallets.id, id)).for("update");
    if (!before) throw notFound("Wallet not found");
    if (before.currency !== values.currency || before.network !== values.network) {
      throw badRequest(
        "A wallet's currency and network cannot change: create another wallet",
        undefined,
        "WALLET_PAIR_FIXED",
      );
    }
    const [after] = await tx
      .update(wallets)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(wallets.id, id))
      .returning();
    const d = decimals;
    await audit(tx, {
      actorId: actor.id,
      action: "wallet.update",
      target: { type: "wallet", id },
      detail: { before: walletView(before, d), after: walletView(after!, d) },
      ip: actor.ip,
    });
    return after!;
  });
}

/** Each asset's decimals, from the assets table: amounts are shown at their own asset's. */
export async function decimalsByAsset(db: Db): Promise<(code: string) => number> {
  const map = new Map((await listAssets(db)).map((a) => [a.code, a.decimals]));
  return (code) => {
    const decimals = map.get(code);
    // Guessing would show an amount ten or a hundred times off: an unknown asset is a bug to see.
    if (decimals === undefined) throw new Error(`Unknown asset ${code}: it is not in the assets table`);
    return decimals;
  };
}

export function listWallets(db: Db): Promise<Wallet[]> {
  return db.select().from(wallets).orderBy(asc(wallets.currency), asc(wallets.network));
}

/** The enabled wallet for a pair and a direction, or a 4xx saying why there is none. */
export async function openWallet(
  db: Db,
  currency: string,
  network: string,
  direction: "deposit" | "withdraw",
): Promise<Wallet> {
  const code = currency.toUpperCase();
  if (!SUPPORTED[code])
    throw badRequest(
      `Unknown currency ${currency}`,
      { currency: [`Unknown currency ${currency}`] },
      "UNKNOWN_CURRENCY",
    );
  if (!isSupported(code, network))
    throw badRequest(
      `${assetName(code)} is not offered on ${network}`,
      { network: [`${assetName(code)} is not offered on ${network}`] },
      "UNSUPPORTED_NETWORK",
    );
  const [wallet] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.currency, code), eq(wallets.network, network as FundingNetwork)));
  const enabled = wallet && (direction === "deposit" ? wallet.depositEnabled : wallet.withdrawEnabled);
  if (!enabled) {
    const message = `${direction === "deposit" ? "Deposits" : "Withdrawals"} of ${assetName(code)} on ${network} are not available at the moment`;
    throw new AppError(422, "NETWORK_DISABLED", message);
  }
  return wallet;
}

/** One currency a user may move, with the networks open for deposits and for withdrawals (null when shut). */
export const offeredCurrencySchema = z.object({
  currency: z.string(),
  networks: z.array(
    z.object({
      network: z.enum(FUNDING_NETWORKS),
      networkName: z.string(),
      deposit: z.object({ address: z.string(), memo: z.string().nullable(), minDeposit: decimalString }).nullable(),
      withdraw: z.object({ fee: decimalString, minWithdraw: decimalString }).nullable(),
    }),
  ),
});
export type OfferedCurrency = z.infer<typeof offeredCurrencySchema>;

/** What a user may use: per currency, the networks enabled for deposits and for withdrawals. */
export async function availableNetworks(db: Db): Promise<OfferedCurrency[]> {
  const [rows, decimalsOf] = await Promise.all([listWallets(db), decimalsByAsset(db)]);
  const currencies = Object.keys(SUPPORTED).map((currency) => {
    const mine = rows.filter((w) => w.currency === currency && (w.depositEnabled || w.withdrawEnabled));
    return {
      currency,
      networks: mine.map((w) => {
        const v = walletView(w, decimalsOf(w.currency));
        return {
          network: v.network,
          networkName: v.networkName,
          deposit: w.depositEnabled ? { address: v.address, memo: v.memo, minDeposit: v.minDeposit } : null,
          withdraw: w.withdrawEnabled ? { fee: v.withdrawFee, minWithdraw: v.minWithdraw } : null,
        };
      }),
    };
  });
  return currencies.filter((c) => c.networks.length > 0);
}
