import { and, count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { uniqueViolation } from "@/db/errors";
import { deposits, FUNDING_NETWORKS, type Deposit } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { AppError, badRequest, conflict } from "@/lib/core/errors";
import { onePage, type Pagination } from "@/lib/core/query";
import { newId } from "@/lib/core/ids";
import { moneyOf } from "@/lib/core/format";
import { amountString } from "@/lib/ledger/amount-schema";
import { amountIn, findAsset } from "@/lib/ledger/assets";
import { saveUpload, type ImageType } from "@/lib/uploads";
import { assertDepositRate, assertRoomForDeposit } from "./deposit-limits";
import { isValidTxHash, TX_HASH_HINT } from "./networks";
import { openWallet } from "./wallets";

export const MAX_PROOF_BYTES = 5 * 1024 * 1024;

/** The text fields of a deposit's multipart form. */
export const depositFieldsSchema = z.object({
  currency: z.string({ error: "Choose a currency" }).trim().toUpperCase().min(1, "Choose a currency").max(10),
  network: z.enum(FUNDING_NETWORKS, { error: "Choose a network" }),
  amount: amountString,
  txHash: z
    .string({ error: "Enter the transaction hash" })
    .trim()
    .min(1, "Enter the transaction hash")
    .max(100, "That transaction hash is too long"),
});

export type DepositFields = z.infer<typeof depositFieldsSchema>;

const usedHash = () =>
  conflict("This transaction hash was already submitted", "TX_HASH_USED", { txHash: ["Already submitted"] });

/**
 * A user's claim that they sent funds, with the transaction hash and a proof image: stored pending,
 * nothing credited until an administrator approves it. A hash already used on that network, by
 * anyone, is a 409: one transfer credits once. Every submission counts toward its address's hourly
 * limit, and a user's pending deposits and their proofs are limited (see deposit-limits).
 */
export async function createDeposit(
  db: Db,
  userId: string,
  fields: DepositFields,
  proof: { bytes: Buffer; contentType: ImageType },
  meta: { ip: string },
): Promise<{ deposit: Deposit; decimals: number }> {
  await assertDepositRate(db, meta.ip);
  const wallet = await openWallet(db, fields.currency, fields.network, "deposit");
  const asset = await findAsset(db, wallet.currency);
  const amount = amountIn(asset, fields.amount);
  if (amount < wallet.minDeposit) {
    const message = `The minimum deposit is ${moneyOf(wallet.minDeposit, asset.decimals, asset.code)}`;
    throw new AppError(422, "BELOW_MINIMUM", message, { amount: [message] });
  }
  if (!isValidTxHash(wallet.network, fields.txHash)) {
    throw badRequest(
      `A ${wallet.network} transaction hash is ${TX_HASH_HINT[wallet.network]}`,
      { txHash: [`Expected ${TX_HASH_HINT[wallet.network]}`] },
      "INVALID_TX_HASH",
    );
  }
  const [used] = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.network, wallet.network), sql`lower(${deposits.txHash}) = ${fields.txHash.toLowerCase()}`));
  if (used) throw usedHash();
  try {
    const deposit = await runTransaction(db, async (tx) => {
      await assertRoomForDeposit(tx, userId, proof.bytes.length);
      const upload = await saveUpload(tx, { ...proof, purpose: "deposit-proof", public: false, ownerId: userId });
      const [row] = await tx
        .insert(deposits)
        .values({
          id: newId(),
          userId,
          currency: wallet.currency,
          network: wallet.network,
          amount,
          txHash: fields.txHash,
          proofId: upload.id,
        })
        .returning();
      return row!;
    });
    return { deposit, decimals: asset.decimals };
  } catch (err) {
    // Two submissions of one hash at once: the unique index lets one through.
    if (uniqueViolation(err) !== null) throw usedHash();
    throw err;
  }
}

export async function listDeposits(db: Db, userId: string, page: Pagination) {
  const where = eq(deposits.userId, userId);
  const [rows, [total]] = await Promise.all([
    onePage(db.select().from(deposits).where(where).orderBy(desc(deposits.createdAt)).$dynamic(), page),
    db.select({ n: count() }).from(deposits).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
