import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Address } from "viem";
import type { Db } from "@/db/client";
import {
  assets,
  chainBlocks,
  chainCursors,
  chainDeposits,
  depositAddresses,
  wallets,
  type ChainDeposit,
} from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { recordActivity } from "@/lib/activity/record";
import { formatAmount } from "@/lib/core/amount";
import { findAsset } from "@/lib/ledger/assets";
import { log } from "@/lib/core/log";
import { newId } from "@/lib/core/ids";
import { getSettings } from "@/lib/settings";
import type { ChainConfig } from "./config";
import type { ChainReader, SeenTransfer } from "./reader";
import { announce, creditDeposits, type Followed } from "./credit";

/** Blocks read per request: a bounded answer from any node, and a bounded transaction here. */
export const SCAN_RANGE = 100n;
/** Ranges one run reads before it lets the other chains and the crediting have their turn. */
const RANGES_PER_RUN = 10;
/** Deposits credited per run (many to a transaction, lib/chain/credit); the rest wait for the next second. */
const CREDITS_PER_RUN = 2000;
/** Pending deposits whose users are sent their new count per run (the rest see it when they look). */
const PROGRESS_PER_RUN = 1000;
/** Deposits written per INSERT (14 parameters each, well under PostgreSQL's 65,535). */
const INSERT_ROWS = 1000;
/** How many of the recent blocks' hashes are kept to find a fork: far deeper than any confirmation count. */
const keptBlocks = (c: ChainConfig) => BigInt(Math.max(c.confirmations * 4, 256));

type Cursor = typeof chainCursors.$inferSelect;

const loadCursor = async (db: Db, chain: string): Promise<Cursor | undefined> =>
  (await db.select().from(chainCursors).where(eq(chainCursors.chain, chain)))[0];

/**
 * One pass over a chain: notes its head; if the last block finished is no longer on the chain,
 * rewinds to where it forked (dropping the pending deposits above); otherwise reads the next ranges
 * of blocks, recording each transfer to a user's address as a pending deposit (or one below the
 * minimum); then credits the pending deposits that are deep enough.
 *
 * Nothing here is lost or doubled by a crash, a second watcher or a node that fails mid-way: a
 * range is recorded in one transaction that moves the cursor only from where it was read
 * (compare-and-set), a transfer is a row keyed by (network, transaction, log index), and a credit
 * is the move pending → credited in the transaction of its posting.
 */
export async function followChain(db: Db, chain: ChainConfig, reader: ChainReader, at = new Date()): Promise<void> {
  const config: Followed = { ...chain, explorers: (await getSettings(db)).chain.explorers };
  const head = await reader.head();
  let cursor = (await loadCursor(db, config.name)) ?? (await startCursor(db, config, reader, head, at));
  await db.update(chainCursors).set({ head, headAt: at }).where(eq(chainCursors.chain, config.name));
  let advanced = false;
  for (let i = 0; i < RANGES_PER_RUN; i++) {
    // The block finished is checked on every pass, even with no new block: a reorganisation may
    // replace the tip at the same height.
    if (cursor.lastBlock > head || (await reader.blockHash(cursor.lastBlock)) !== cursor.lastHash) {
      await rewind(db, config, reader, cursor, head, at);
      advanced = true;
      break;
    }
    if (cursor.lastBlock === head) break;
    const next = await scanRange(db, config, reader, cursor, head, at);
    if (!next) break;
    cursor = next;
    advanced = true;
  }
  await creditConfirmed(db, config, advanced, at);
}

/** The first run on a chain starts at CHAIN_<NAME>_START_BLOCK, or at the next block: history before Aurum followed it is not read. */
async function startCursor(db: Db, config: ChainConfig, reader: ChainReader, head: bigint, at: Date): Promise<Cursor> {
  const first = config.startBlock !== null && config.startBlock > 0n ? config.startBlock : head + 1n;
  const lastBlock = first - 1n;
  const lastHash = await reader.blockHash(lastBlock);
  await db
    .insert(chainCursors)
    .values({ chain: config.name, lastBlock, lastHash, head, headAt: at })
    .onConflictDoNothing();
  await db.insert(chainBlocks).values({ chain: config.name, number: lastBlock, hash: lastHash }).onConflictDoNothing();
  return (await loadCursor(db, config.name))!;
}

/** Reads the blocks after the cursor (a bounded range) and records them; the new cursor, or null when the chain moved while it was read or another watcher got there first. */
async function scanRange(
  db: Db,
  config: Followed,
  reader: ChainReader,
  cursor: Cursor,
  head: bigint,
  at: Date,
): Promise<Cursor | null> {
  const from = cursor.lastBlock + 1n;
  const to = head < cursor.lastBlock + SCAN_RANGE ? head : cursor.lastBlock + SCAN_RANGE;
  const endBefore = await reader.blockHash(to);
  const transfers = await reader.tokenTransfers([...config.tokens.values()], from, to);
  if (config.native)
    transfers.push(...(await reader.nativeTransfers(from, to, (candidates) => knownAddresses(db, candidates))));
  // The range is believed only if the chain did not change under the reads: the same block at its
  // end, still built on the block the cursor finished.
  const [endAfter, lastNow] = await Promise.all([reader.blockHash(to), reader.blockHash(cursor.lastBlock)]);
  if (endAfter !== endBefore || lastNow !== cursor.lastHash) return null;
  const priced = await priceTransfers(db, config, reader, transfers);
  return recordRange(db, config, cursor, { to, hash: endAfter }, priced, at);
}

const knownAddresses = async (db: Db, candidates: Address[]): Promise<Set<string>> => {
  if (!candidates.length) return new Set();
  const rows = await db
    .select({ address: depositAddresses.address })
    .from(depositAddresses)
    .where(inArray(depositAddresses.address, [...new Set(candidates.map((a) => a.toLowerCase()))]));
  return new Set(rows.map((r) => r.address));
};

interface Priced extends SeenTransfer {
  currency: string;
  network: ChainDeposit["network"];
  /** In the asset's smallest units: the token's amount scaled to the asset's decimals, rounded down. */
  amount: bigint;
}

/**
 * Each transfer's asset and amount in the asset's units. A token with more decimals than Aurum keeps
 * for its asset (ether's 18 against 8) leaves the digits beyond them at the address, for the sweep:
 * rounded down, never credited beyond what arrived.
 */
async function priceTransfers(
  db: Db,
  config: ChainConfig,
  reader: ChainReader,
  transfers: SeenTransfer[],
): Promise<Priced[]> {
  const assetOf = new Map([...config.tokens].map(([asset, token]) => [token.toLowerCase(), asset]));
  const decimalsOfAsset = await decimalsOf(
    db,
    [...assetOf.values(), ...(config.native ? [config.native.asset] : [])].map((currency) => ({ currency })),
  );
  const priced: Priced[] = [];
  for (const t of transfers) {
    const currency = t.token ? assetOf.get(t.token.toLowerCase()) : config.native?.asset;
    if (!currency) continue;
    const network = t.token ? config.tokenNetwork : config.native!.network;
    const chainDecimals = t.token ? await reader.tokenDecimals(t.token) : 18;
    const decimals = decimalsOfAsset.get(currency) ?? (await findAsset(db, currency)).decimals;
    const amount =
      chainDecimals >= decimals
        ? t.value / 10n ** BigInt(chainDecimals - decimals)
        : t.value * 10n ** BigInt(decimals - chainDecimals);
    priced.push({ ...t, currency, network, amount });
  }
  return priced;
}

/**
 * Records a range read: moves the cursor (only from where it was read), keeps the block hashes,
 * and writes a deposit for each transfer to a user's address. A transfer seen before is left as it
 * is, unless a reorganisation had dropped it: then it is back, in its new block.
 */
async function recordRange(
  db: Db,
  config: Followed,
  cursor: Cursor,
  end: { to: bigint; hash: string },
  transfers: Priced[],
  at: Date,
): Promise<Cursor | null> {
  return runTransaction(db, async (tx) => {
    const [moved] = await tx
      .update(chainCursors)
      .set({ lastBlock: end.to, lastHash: end.hash, updatedAt: at })
      .where(
        and(
          eq(chainCursors.chain, config.name),
          eq(chainCursors.lastBlock, cursor.lastBlock),
          eq(chainCursors.lastHash, cursor.lastHash),
        ),
      )
      .returning();
    if (!moved) return null;
    const blocks = new Map([[end.to, end.hash], ...transfers.map((t) => [t.blockNumber, t.blockHash] as const)]);
    await tx
      .insert(chainBlocks)
      .values([...blocks].map(([number, hash]) => ({ chain: config.name, number, hash })))
      .onConflictDoUpdate({ target: [chainBlocks.chain, chainBlocks.number], set: { hash: sql`excluded.hash` } });
    await tx
      .delete(chainBlocks)
      .where(and(eq(chainBlocks.chain, config.name), lt(chainBlocks.number, end.to - keptBlocks(config))));
    if (!transfers.length) return moved;
    const owners = new Map(
      (
        await tx
          .select({ userId: depositAddresses.userId, address: depositAddresses.address })
          .from(depositAddresses)
          .where(inArray(depositAddresses.address, [...new Set(transfers.map((t) => t.to.toLowerCase()))]))
      ).map((r) => [r.address, r.userId]),
    );
    const decimalsOfAsset = await decimalsOf(tx, transfers);
    const minimums = new Map(
      (await tx.select().from(wallets)).map((w) => [`${w.currency}:${w.network}`, w.minDeposit]),
    );
    const rows = new Map<string, typeof chainDeposits.$inferInsert>();
    for (const t of transfers) {
      const userId = owners.get(t.to.toLowerCase());
      if (!userId) continue;
      const minimum = minimums.get(`${t.currency}:${t.network}`) ?? 0n;
      const status = t.amount > 0n && t.amount >= minimum ? ("pending" as const) : ("below_minimum" as const);
      const row = {
        id: newId(),
        userId,
        chain: config.name,
        network: t.network,
        currency: t.currency,
        txHash: t.txHash.toLowerCase(),
        logIndex: t.logIndex,
        blockNumber: t.blockNumber,
        blockHash: t.blockHash.toLowerCase(),
        fromAddress: t.from.toLowerCase(),
        toAddress: t.to.toLowerCase(),
        amount: t.amount,
        status,
        createdAt: at,
        decidedAt: status === "pending" ? null : at,
      };
      rows.set(`${row.network}:${row.txHash}:${row.logIndex}`, row);
    }
    // All of the range's deposits in a few statements rather than one each (docs/BENCHMARKS.md).
    const recorded: ChainDeposit[] = [];
    const all = [...rows.values()];
    for (let i = 0; i < all.length; i += INSERT_ROWS) {
      recorded.push(
        ...(await tx
          .insert(chainDeposits)
          .values(all.slice(i, i + INSERT_ROWS))
          .onConflictDoUpdate({
            target: [chainDeposits.network, chainDeposits.txHash, chainDeposits.logIndex],
            set: {
              blockNumber: sql`excluded.block_number`,
              blockHash: sql`excluded.block_hash`,
              amount: sql`excluded.amount`,
              status: sql`excluded.status`,
              decidedAt: sql`excluded.decided_at`,
            },
            setWhere: eq(chainDeposits.status, "dropped"),
          })
          .returning()),
      );
    }
    for (const row of recorded) {
      const decimals = decimalsOfAsset.get(row.currency)!;
      if (row.status === "below_minimum") {
        await recordActivity(
          tx,
          {
            userId: row.userId,
            kind: "deposit.below_minimum",
            facts: {
              amount: formatAmount(row.amount, decimals),
              asset: row.currency,
              network: row.network,
              minimum: formatAmount(minimums.get(`${row.currency}:${row.network}`) ?? 0n, decimals),
            },
          },
          at,
        );
      }
      await announce(tx, config, row, decimals, end.to);
    }
    return moved;
  });
}

/**
 * The chain no longer has the block the cursor finished: finds the newest block kept whose hash
 * the chain still has, moves the cursor back there, and drops the deposits not yet credited above
 * it (their user is told). Credited deposits were deeper than the confirmations required: one
 * above the fork is a reorganisation deeper than that, logged for the operator.
 */
async function rewind(
  db: Db,
  config: Followed,
  reader: ChainReader,
  cursor: Cursor,
  head: bigint,
  at: Date,
): Promise<void> {
  const kept = await db
    .select()
    .from(chainBlocks)
    .where(and(eq(chainBlocks.chain, config.name), lt(chainBlocks.number, cursor.lastBlock)))
    .orderBy(sql`${chainBlocks.number} desc`);
  let fork: { number: bigint; hash: string } | null = null;
  for (const block of kept) {
    if (block.number > head) continue;
    if ((await reader.blockHash(block.number)) === block.hash) {
      fork = block;
      break;
    }
  }
  if (!fork) {
    // Deeper than every hash kept: start again below them all (recording is idempotent).
    const number = kept.length ? kept[kept.length - 1]!.number - 1n : cursor.lastBlock - keptBlocks(config);
    const safe = number < 0n ? 0n : number > head ? head : number;
    fork = { number: safe, hash: await reader.blockHash(safe) };
  }
  log.warn(
    { chain: config.name, from: cursor.lastBlock.toString(), to: fork.number.toString() },
    "chain reorganisation: rewinding",
  );
  await runTransaction(db, async (tx) => {
    const [moved] = await tx
      .update(chainCursors)
      .set({ lastBlock: fork.number, lastHash: fork.hash, updatedAt: at })
      .where(
        and(
          eq(chainCursors.chain, config.name),
          eq(chainCursors.lastBlock, cursor.lastBlock),
          eq(chainCursors.lastHash, cursor.lastHash),
        ),
      )
      .returning();
    if (!moved) return;
    await tx.delete(chainBlocks).where(and(eq(chainBlocks.chain, config.name), gt(chainBlocks.number, fork.number)));
    const dropped = await tx
      .update(chainDeposits)
      .set({ status: "dropped", decidedAt: at })
      .where(
        and(
          eq(chainDeposits.chain, config.name),
          inArray(chainDeposits.status, ["pending", "below_minimum"]),
          gt(chainDeposits.blockNumber, fork.number),
        ),
      )
      .returning();
    for (const row of dropped) {
      const { decimals } = await findAsset(tx, row.currency);
      await recordActivity(
        tx,
        {
          userId: row.userId,
          kind: "deposit.dropped",
          facts: { amount: formatAmount(row.amount, decimals), asset: row.currency, network: row.network },
        },
        at,
      );
      await announce(tx, config, row, decimals, fork.number);
    }
    const [lost] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(chainDeposits)
      .where(
        and(
          eq(chainDeposits.chain, config.name),
          eq(chainDeposits.status, "credited"),
          gt(chainDeposits.blockNumber, fork.number),
        ),
      );
    if (lost && lost.n > 0)
      log.error(
        { chain: config.name, credited: lost.n, fork: fork.number.toString() },
        "a reorganisation deeper than the confirmations required took credited deposits' blocks",
      );
  });
}

/**
 * Credits the pending deposits `confirmations` deep below the last block finished (lib/chain/credit).
 * Until they are deep enough, their users see the count go up.
 */
async function creditConfirmed(db: Db, config: Followed, advanced: boolean, at: Date): Promise<void> {
  const cursor = await loadCursor(db, config.name);
  if (!cursor) return;
  const depth = BigInt(config.confirmations) - 1n;
  const mine = and(eq(chainDeposits.chain, config.name), eq(chainDeposits.status, "pending"));
  const deep = sql`${chainDeposits.blockNumber} + ${depth} <= ${cursor.lastBlock}`;
  const due = await db
    .select({ id: chainDeposits.id, userId: chainDeposits.userId })
    .from(chainDeposits)
    .where(and(mine, deep))
    .orderBy(asc(chainDeposits.blockNumber))
    .limit(CREDITS_PER_RUN);
  await creditDeposits(db, config, due, depth, at);
  if (!advanced) return;
  // The others' users see the count go up, without asking: the events are sent together, so they
  // leave in one NOTIFY statement rather than one each.
  const waiting = await db
    .select()
    .from(chainDeposits)
    .where(and(mine, sql`not (${deep})`))
    .limit(PROGRESS_PER_RUN);
  const decimals = await decimalsOf(db, waiting);
  await Promise.all(
    waiting.map((deposit) => announce(db, config, deposit, decimals.get(deposit.currency)!, cursor.lastBlock)),
  );
}

/** The decimals of the deposits' assets, read once. */
async function decimalsOf(db: Db, deposits: { currency: string }[]): Promise<Map<string, number>> {
  const codes = [...new Set(deposits.map((d) => d.currency))];
  if (!codes.length) return new Map();
  const rows = await db.select().from(assets).where(inArray(assets.code, codes));
  return new Map(rows.map((a) => [a.code, a.decimals]));
}
