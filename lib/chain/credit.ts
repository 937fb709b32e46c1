import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { query } from "@/db/raw";
import { assets, chainCursors, chainDeposits, users, type ChainDeposit } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { recordActivity } from "@/lib/activity/record";
import { formatAmount } from "@/lib/core/amount";
import { log } from "@/lib/core/log";
import { post } from "@/lib/ledger/post";
import { publish } from "@/lib/realtime/publish";
import { payReferralReward } from "@/lib/referrals/pay-reward";
import type { ChainConfig } from "./config";
import { chainDepositView } from "./views";

/**
 * Deposits credited per transaction. One commit (and its flush to disk) for many deposits instead of
 * one each: one at a time, the credits queued for minutes behind a busy block (docs/BENCHMARKS.md).
 */
const CREDITS_PER_TRANSACTION = 100;
/** Credit transactions run side by side, each on users of its own (PGlite runs them one after another anyway). */
const LANES = 4;

/** The chain as the pass follows it: with the settings' explorer links. */
export type Followed = ChainConfig & { explorers: string };

/** A deposit's new state to its user's screens, with its explorer link. */
export async function announce(
  db: Db,
  config: Followed,
  deposit: ChainDeposit,
  decimals: number,
  finished: bigint | null,
): Promise<void> {
  await publish(db, {
    to: { userId: deposit.userId },
    event: "chain-deposit",
    data: chainDepositView(deposit, decimals, {
      finished,
      required: config.confirmations,
      explorers: config.explorers,
    }),
  });
}

const SET_JOURNALS = `update chain_deposits c set journal_id = v.journal_id
  from unnest($1::uuid[], $2::uuid[]) as v(id, journal_id) where c.id = v.id`;

const memoOf = (d: ChainDeposit) => `${d.network} ${d.txHash}${d.logIndex >= 0 ? ` log ${d.logIndex}` : ""}`;

/**
 * Credits `due` (pending deposits the caller found deep enough), many to a transaction and a few
 * transactions at once, each on users of its own so they never wait on each other's accounts. A
 * transaction that fails is tried again deposit by deposit: one deposit that cannot be credited is
 * logged and left pending (tried again next pass), and costs the others nothing.
 */
export async function creditDeposits(
  db: Db,
  config: Followed,
  due: { id: string; userId: string }[],
  depth: bigint,
  at: Date,
): Promise<void> {
  const byUser = new Map<string, string[]>();
  for (const d of due) byUser.set(d.userId, [...(byUser.get(d.userId) ?? []), d.id]);
  const lanes: string[][] = Array.from({ length: LANES }, () => []);
  [...byUser.values()].forEach((ids, i) => lanes[i % LANES]!.push(...ids));
  await Promise.all(
    lanes.map(async (lane) => {
      for (let i = 0; i < lane.length; i += CREDITS_PER_TRANSACTION) {
        const ids = lane.slice(i, i + CREDITS_PER_TRANSACTION);
        try {
          await creditTogether(db, config, ids, depth, at);
        } catch (err) {
          if (ids.length === 1) log.error({ err, chain: config.name, deposit: ids[0] }, "chain deposit not credited");
          else await creditApart(db, config, ids, depth, at);
        }
      }
    }),
  );
}

async function creditApart(db: Db, config: Followed, ids: string[], depth: bigint, at: Date): Promise<void> {
  for (const id of ids) {
    try {
      await creditTogether(db, config, [id], depth, at);
    } catch (err) {
      log.error({ err, chain: config.name, deposit: id }, "chain deposit not credited");
    }
  }
}

/**
 * In one transaction: the deposits still pending and deep enough against the cursor as it is then (so
 * a rewind that commits first wins) move to credited in one statement, which is what makes each
 * credit happen once; one posting per user and asset for their sum; and per deposit, the user's
 * activity (notification and mail) and events. A first deposit rewards whoever invited the user.
 */
async function creditTogether(db: Db, config: Followed, ids: string[], depth: bigint, at: Date): Promise<void> {
  await runTransaction(db, async (tx) => {
    const moved = await tx
      .update(chainDeposits)
      .set({ status: "credited", decidedAt: at })
      .where(
        and(
          inArray(chainDeposits.id, ids),
          eq(chainDeposits.status, "pending"),
          sql`${chainDeposits.blockNumber} + ${depth} <= (select ${chainCursors.lastBlock} from ${chainCursors} where ${chainCursors.chain} = ${config.name})`,
        ),
      )
      .returning();
    if (!moved.length) return;
    const assetOf = new Map(
      (
        await tx
          .select()
          .from(assets)
          .where(inArray(assets.code, [...new Set(moved.map((d) => d.currency))]))
      ).map((a) => [a.code, a]),
    );
    const groups = new Map<string, ChainDeposit[]>();
    for (const d of moved) {
      const key = `${d.userId}:${d.currency}`;
      groups.set(key, [...(groups.get(key) ?? []), d]);
    }
    const journalOf = new Map<string, string>();
    for (const group of groups.values()) {
      const [first] = group as [ChainDeposit];
      const total = group.reduce((sum, d) => sum + d.amount, 0n);
      const posted = await post(tx, {
        kind: "deposit",
        // The first deposit names the journal; each deposit row names its journal (journal_id).
        reference: first.id,
        memo: group.map(memoOf).join("; "),
        legs: [
          { account: { userId: first.userId, asset: first.currency, kind: "spot" }, amount: total },
          { account: { system: "external", asset: first.currency }, amount: -total },
        ],
      });
      for (const d of group) journalOf.set(d.id, posted.journal.id);
    }
    await query(tx, SET_JOURNALS, [[...journalOf.keys()], [...journalOf.values()]]);
    for (const deposit of moved) {
      const asset = assetOf.get(deposit.currency)!;
      await recordActivity(
        tx,
        {
          userId: deposit.userId,
          kind: "deposit.confirmed",
          facts: {
            amount: formatAmount(deposit.amount, asset.decimals),
            asset: asset.code,
            network: deposit.network,
            confirmations: config.confirmations,
          },
        },
        at,
      );
      await publish(tx, {
        to: { userId: deposit.userId },
        event: "balance",
        data: { reason: "deposit.confirmed", depositId: deposit.id },
      });
      const credited = { ...deposit, journalId: journalOf.get(deposit.id)! };
      await announce(tx, config, credited, asset.decimals, deposit.blockNumber + depth);
    }
    // Only users someone invited can owe a reward: one read for all, then the claim per user.
    const invited = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, [...new Set(moved.map((d) => d.userId))]), isNotNull(users.referredBy)));
    for (const { id } of invited) await payReferralReward(tx, id);
  });
}
