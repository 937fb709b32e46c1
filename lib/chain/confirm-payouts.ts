import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { withdrawals, type Withdrawal } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { recordActivity } from "@/lib/activity/record";
import { formatAmount } from "@/lib/core/amount";
import { log } from "@/lib/core/log";
import { findAsset } from "@/lib/ledger/assets";
import { publish } from "@/lib/realtime/publish";
import type { ChainConfig } from "./config";
import { payoutProgress } from "./progress";
import type { ChainReader } from "./reader";

/** Sent withdrawals followed per run per chain (each one receipt asked of the node); the rest wait a second. */
const PAYOUTS_PER_RUN = 200;

/** The withdrawals sent on `config`'s chain whose transactions are not yet deep enough, nor flagged. */
const waiting = (config: ChainConfig) => {
  const networks = [config.tokenNetwork, ...(config.native ? [config.native.network] : [])];
  return and(
    eq(withdrawals.status, "sent"),
    inArray(withdrawals.network, networks),
    isNull(withdrawals.confirmedAt),
    isNull(withdrawals.chainProblem),
  );
};

/** Whether `w` travels on this chain as followed: a configured token on its network, or the native coin. */
const followedHere = (config: ChainConfig, w: Withdrawal) =>
  (config.native?.network === w.network && config.native.asset === w.currency) ||
  (config.tokenNetwork === w.network && config.tokens.has(w.currency));

/**
 * One pass over the withdrawals sent on a chain: each transaction's receipt, against the node's head.
 * At `confirmations` deep it is confirmed (the status stays "sent"; `confirmedAt` is set) exactly
 * once: the move guarded by `confirmed_at is null` in the transaction of its activity and event.
 * Until then its user sees the count go up. A transaction the chain no longer has (a reorganisation
 * dropped its block) or that failed in the block it moved to is flagged (`chainProblem`) for the
 * administrators and never confirmed: the money left the books when it was marked sent, so a person
 * must look. Each change is pushed to the user's screens as a "withdrawal" event: the count only
 * when the head moved since `previousHead` (what the last pass returned), not every second.
 */
export async function confirmPayouts(
  db: Db,
  config: ChainConfig,
  reader: Pick<ChainReader, "head" | "receipt">,
  previousHead: bigint | null = null,
  at = new Date(),
): Promise<bigint | null> {
  const due = await db.select().from(withdrawals).where(waiting(config)).limit(PAYOUTS_PER_RUN);
  const mine = due.filter((w) => w.txHash && followedHere(config, w));
  if (!mine.length) return null;
  const head = await reader.head();
  for (const w of mine) {
    const receipt = await reader.receipt(w.txHash!);
    if (!receipt || !receipt.success) {
      const problem = receipt
        ? `Its transaction failed in block ${receipt.blockNumber} after a reorganisation: it paid nothing`
        : `Its transaction is no longer on ${config.label}: a reorganisation dropped its block before ${config.confirmations} confirmations`;
      await flag(db, config, w, problem);
      continue;
    }
    const depth = head >= receipt.blockNumber ? head - receipt.blockNumber + 1n : 0n;
    const seen = { txBlock: receipt.blockNumber, txBlockHash: receipt.blockHash.toLowerCase() };
    if (depth >= BigInt(config.confirmations)) {
      await confirm(db, config, w, seen, at);
      continue;
    }
    const moved = w.txBlock !== seen.txBlock || w.txBlockHash !== seen.txBlockHash;
    if (!moved && head === previousHead) continue;
    // The count moved (or the transaction moved to another block): its user sees the new one.
    const [updated] = await db
      .update(withdrawals)
      .set(seen)
      .where(and(eq(withdrawals.id, w.id), waiting(config)))
      .returning();
    if (updated) await announce(db, config, updated, head);
  }
  return head;
}

async function confirm(
  db: Db,
  config: ChainConfig,
  w: Withdrawal,
  seen: { txBlock: bigint; txBlockHash: string },
  at: Date,
): Promise<void> {
  await runTransaction(db, async (tx) => {
    const [row] = await tx
      .update(withdrawals)
      .set({ ...seen, confirmedAt: at })
      .where(and(eq(withdrawals.id, w.id), waiting(config)))
      .returning();
    if (!row) return;
    const { decimals } = await findAsset(tx, row.currency);
    await recordActivity(
      tx,
      {
        userId: row.userId,
        kind: "withdrawal.confirmed",
        facts: {
          amount: formatAmount(row.amount, decimals),
          asset: row.currency,
          network: row.network,
          address: row.address,
          confirmations: config.confirmations,
        },
      },
      at,
    );
    await announce(tx, config, row, null);
  });
}

async function flag(db: Db, config: ChainConfig, w: Withdrawal, problem: string): Promise<void> {
  const [row] = await db
    .update(withdrawals)
    .set({ chainProblem: problem })
    .where(and(eq(withdrawals.id, w.id), waiting(config)))
    .returning();
  if (!row) return;
  log.error({ chain: config.name, withdrawalId: w.id, txHash: w.txHash }, `a sent withdrawal is flagged: ${problem}`);
  await announce(db, config, row, null);
}

/** The withdrawal's new state to its user's screens (and to the admin queue, which reads the same row). */
async function announce(db: Db, config: ChainConfig, w: Withdrawal, head: bigint | null): Promise<void> {
  await publish(db, {
    to: { userId: w.userId },
    event: "withdrawal",
    data: { id: w.id, ...payoutProgress(w, { head, required: config.confirmations }) },
  });
}
