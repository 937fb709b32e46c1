import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, lte, ne, sql } from "drizzle-orm";
import { ADVISORY_LOCKS } from "@/db/advisory-locks";
import type { Db } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { proofChainReserves, proofSnapshots, type ProofSnapshot } from "@/db/schema";
import { pipelinedAfter, runTransaction } from "@/db/transaction";
import { audit, auditChainHead } from "@/lib/audit";
import { AppError, conflict } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { listAssets } from "@/lib/ledger/assets";
import { readChainReserves, type ChainReserveReading } from "@/lib/chain/reserves";
import { HOUR_MS, utcDay } from "@/lib/core/time";
import { BLOCK_LEVEL, TreeBuilder } from "./blocks";
import { encodeSums, hexOf, NONCE_BYTES, type TreeNode, writeSums } from "./encoding";
import { mailAuditHead } from "./anchor-mail";
import { SNAPSHOT_FORMAT } from "./proof-file";
import { leafIdOf, publishedRoot } from "./tree";

// Buffer's hex is many times faster than a loop over a million leaves.
const hex = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("hex");

/** Users read, and leaves or nodes written, per statement while building. */
const PAGE_USERS = 10_000;
const PAGE = 5_000;
/** The secret that orders a snapshot's leaves: drawn for it, never stored. */
const ORDER_KEY_BYTES = 32;

export type SnapshotRequest = (
  | { trigger: "daily"; now?: Date }
  /**
   * An administrator's snapshot, audited in its own transaction: at most one an hour, unless
   * `forced` by a second administrator's approval (lib/approvals/rules/proof-snapshot.ts).
   */
  | { trigger: "admin"; actor: { id: string; ip: string | null }; now?: Date; forced?: boolean }
) & {
  /** Users read per statement; tests make it small to put page boundaries where they want. */
  pageUsers?: number;
  /** Milliseconds spent per phase, added to as the snapshot is taken (npm run bench:proof prints them). */
  phases?: Record<string, number>;
};

/**
 * `promise`, marked as handled: a statement left in flight when an earlier one failed must not end the
 * process as an unhandled rejection; whoever awaits it still gets its error.
 */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

// Lists of hex, uuids and integers as one array parameter: nothing in them needs quoting.
const arrayLiteral = (items: (string | number)[]) => `{${items.join(",")}}`;

/**
 * Every user who owns a ledger account, numbered in the order of a keyed hash of their id under a
 * secret drawn for this snapshot and forgotten after it: the leaves' order is unpredictable and new
 * in every snapshot, so a proof's sibling is nobody in particular (not the user who registered next).
 * A temporary table of this transaction, dropped at its end.
 */
async function orderUsers(tx: Db): Promise<void> {
  const key = randomBytes(ORDER_KEY_BYTES);
  await tx.execute(sql`
    create temporary table proof_order on commit drop as
    select (row_number() over (order by sha256(${key}::bytea || uuid_send(user_id))) - 1)::int as position, user_id
    from (select distinct user_id from accounts where user_id is not null) as owners`);
  await tx.execute(sql`alter table proof_order add primary key (position)`);
}

/**
 * The total per asset over every ledger account they own, whatever its kind, of the users at
 * positions `from` … `from + pageUsers - 1` of this snapshot's order, in that order.
 */
async function liabilitiesFrom(
  tx: Db,
  from: number,
  assetIndex: Map<string, number>,
  pageUsers: number,
): Promise<{ userId: string; balances: bigint[] }[]> {
  const rows = await rowsOf<{ user_id: string; asset: string; total: string }>(
    tx,
    sql`select o.user_id, a.asset, sum(a.balance)::text as total
        from proof_order o join accounts a on a.user_id = o.user_id
        where o.position >= ${from} and o.position < ${from + pageUsers}
        group by o.position, o.user_id, a.asset order by o.position`,
  );
  const users: { userId: string; balances: bigint[] }[] = [];
  for (const r of rows) {
    if (users[users.length - 1]?.userId !== r.user_id)
      users.push({ userId: r.user_id, balances: Array.from({ length: assetIndex.size }, () => 0n) });
    users[users.length - 1]!.balances[assetIndex.get(r.asset)!]! += BigInt(r.total);
  }
  return users;
}

/**
 * One snapshot at a time across instances: the lock lasts until the snapshot's transaction ends.
 * Whoever does not get it is told so at once, instead of queueing a second million-row read.
 */
async function claimSnapshotLock(tx: Db): Promise<boolean> {
  const [row] = await rowsOf<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.proofSnapshot}) as locked`,
  );
  return row!.locked;
}

/**
 * An administrator's snapshot an hour at most after the last administrator's: each is a full read of
 * the books. The day's scheduled one does not count, or the first hour of every day (and of a fresh
 * install, whose daily job runs within a minute of starting) would have no snapshot of new balances.
 */
async function assertNotTooSoon(tx: Db, now: Date): Promise<void> {
  const [last] = await tx
    .select({ takenAt: proofSnapshots.takenAt })
    .from(proofSnapshots)
    .where(
      and(
        eq(proofSnapshots.trigger, "admin"),
        ne(proofSnapshots.rootHash, ""),
        gt(proofSnapshots.takenAt, new Date(now.getTime() - HOUR_MS)),
        lte(proofSnapshots.takenAt, now),
      ),
    )
    .orderBy(desc(proofSnapshots.takenAt))
    .limit(1);
  if (!last) return;
  const wait = last.takenAt.getTime() + HOUR_MS - now.getTime();
  const minutes = Math.ceil(wait / 60_000);
  throw new AppError(
    429,
    "SNAPSHOT_TOO_SOON",
    `One snapshot an hour at most, and the last one is recent: the next can be taken in ${minutes} minute${minutes === 1 ? "" : "s"}, or sooner with a second administrator's approval.`,
    undefined,
    {
      "Retry-After": String(Math.ceil(wait / 1000)),
    },
  );
}

/** What the ledger's entries say users are owed per asset: the second way to the root's sums. */
async function ledgerLiabilities(tx: Db, codes: string[]): Promise<bigint[]> {
  const rows = await rowsOf<{ asset: string; total: string }>(
    tx,
    sql`select a.asset, sum(e.amount)::text as total from entries e join accounts a on a.id = e.account_id where a.user_id is not null group by a.asset`,
  );
  const by = new Map(rows.map((r) => [r.asset, BigInt(r.total)]));
  return codes.map((c) => by.get(c) ?? 0n);
}

/**
 * Writes a page of leaves from `from` on. The nonces and balances go as one byte string each, the
 * leaves' fixed-width slices of it in order, rather than a hex string per leaf.
 */
async function writeLeaves(
  tx: Db,
  snapshotId: string,
  from: number,
  page: { userId: string; balances: bigint[] }[],
  nonces: Uint8Array,
  assetCount: number,
) {
  if (page.length === 0) return;
  const width = 8 * assetCount;
  const balances = new Uint8Array(width * page.length);
  const view = new DataView(balances.buffer);
  page.forEach((leaf, i) => writeSums(view, width * i, leaf.balances));
  await tx.execute(sql`
    insert into proof_leaves (snapshot_id, position, user_id, nonce, balances)
    select ${snapshotId}::uuid, ${from}::int + i::int - 1, u,
           substring(${Buffer.from(nonces.buffer, nonces.byteOffset, nonces.byteLength)}::bytea from ${NONCE_BYTES} * (i::int - 1) + 1 for ${NONCE_BYTES}),
           substring(${Buffer.from(balances.buffer)}::bytea from ${width} * (i::int - 1) + 1 for ${width})
    from unnest(${arrayLiteral(page.map((l) => l.userId))}::uuid[]) with ordinality as t(u, i)`);
}

async function writeUpper(tx: Db, snapshotId: string, upper: TreeNode[][]) {
  const nodes = upper.flatMap((level, l) =>
    level.map((node, position) => ({ level: BLOCK_LEVEL + l, position, node })),
  );
  for (let i = 0; i < nodes.length; i += PAGE) {
    const page = nodes.slice(i, i + PAGE);
    await tx.execute(sql`
      insert into proof_nodes (snapshot_id, level, position, hash, sums)
      select ${snapshotId}::uuid, l, p, decode(h, 'hex'), decode(s, 'hex')
      from unnest(${arrayLiteral(page.map((n) => n.level))}::smallint[], ${arrayLiteral(page.map((n) => n.position))}::int[],
                  ${arrayLiteral(page.map((n) => hex(n.node.hash)))}::text[], ${arrayLiteral(page.map((n) => hex(encodeSums(n.node.sums))))}::text[]) as t(l, p, h, s)`);
  }
}

/** The chains' readings, stored with the snapshot: a problem in place of figures where a chain could not be read. */
async function writeChainReserves(tx: Db, snapshotId: string, reserves: ChainReserveReading[]): Promise<void> {
  if (!reserves.length) return;
  await tx.insert(proofChainReserves).values(
    reserves.map((r) =>
      r.problem === null
        ? {
            snapshotId,
            chain: r.chain,
            asset: r.asset,
            token: r.token,
            blockNumber: r.blockNumber,
            blockHash: r.blockHash,
            tokenDecimals: r.tokenDecimals,
            total: r.total,
            addressesRead: r.addressesRead,
            addresses: r.addresses,
            problem: null,
          }
        : {
            snapshotId,
            chain: r.chain,
            asset: r.asset,
            token: r.token,
            addressesRead: 0,
            addresses: [],
            problem: r.problem,
          },
    ),
  );
}

/**
 * Takes a proof-of-liabilities snapshot in one REPEATABLE READ transaction, so a journal is in it
 * whole or not at all: every user's liabilities streamed in this snapshot's secret order into leaves
 * with fresh nonces, the Merkle sum tree's root, and the ledger's own total from its entries, which
 * the root's sums must equal or nothing is kept. The published root commits to the audit chain's head
 * read in the same transaction. One snapshot at a time: while one is taken, an administrator's is
 * refused (409) and the daily job's waits for its next run (null). A daily snapshot is unique per UTC
 * day: a second runner finds the day taken (null). The followed chains' reserves are read first, each
 * at one pinned block, before the transaction opens.
 */
export async function takeSnapshot(db: Db, request: SnapshotRequest): Promise<ProofSnapshot | null> {
  const phases = (request.phases ??= {});
  // Refused at once rather than after a read of every address on chain (checked again inside).
  if (request.trigger === "admin" && !request.forced) await assertNotTooSoon(db, request.now ?? new Date());
  const start = performance.now();
  // Before the transaction: it is never held open across the network.
  const reserves = await readChainReserves(db);
  phases["chain reserves"] = (phases["chain reserves"] ?? 0) + performance.now() - start;
  let workDone = 0;
  const result = await runTransaction(
    db,
    async (tx) => {
      const snapshot = await snapshotIn(tx, request, reserves);
      workDone = performance.now();
      return snapshot;
    },
    { repeatableRead: true },
  );
  if (workDone) phases.commit = (phases.commit ?? 0) + performance.now() - workDone;
  return result;
}

/**
 * The snapshot itself, in `tx`, which the caller began at REPEATABLE READ (so every page of users is
 * read from one view of the books): takeSnapshot's own transaction, or a second administrator's
 * approval of a forced one. `reserves` are the chains' readings (readChainReserves), made before that
 * transaction opened and published with the snapshot.
 */
export async function snapshotIn(
  tx: Db,
  request: SnapshotRequest,
  reserves: ChainReserveReading[],
): Promise<ProofSnapshot | null> {
  const [{ level }] = (await rowsOf<{ level: string }>(
    tx,
    sql`select current_setting('transaction_isolation') as level`,
  )) as [{ level: string }];
  if (level !== "repeatable read")
    throw new Error(`a snapshot reads the books from one view: its transaction is ${level}, not repeatable read`);
  const { trigger, now = new Date(), pageUsers = PAGE_USERS, phases = {} } = request;
  const takenBy = request.trigger === "admin" ? request.actor.id : null;
  const timed = async <T>(phase: string, work: () => T | Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await work();
    } finally {
      phases[phase] = (phases[phase] ?? 0) + performance.now() - start;
    }
  };
  if (!(await claimSnapshotLock(tx))) {
    if (trigger === "daily") return null;
    throw conflict("A snapshot is being taken right now: it will be on the list in a moment.", "SNAPSHOT_RUNNING");
  }
  if (request.trigger === "admin" && !request.forced) await assertNotTooSoon(tx, now);
  const id = newId();
  const claimed = await tx
    .insert(proofSnapshots)
    .values({
      id,
      day: utcDay(now),
      trigger,
      takenBy,
      takenAt: now,
      accountCount: 0,
      assets: [],
      rootHash: "",
      rootSums: [],
      ledgerSums: [],
      format: SNAPSHOT_FORMAT,
    })
    .onConflictDoNothing()
    .returning({ id: proofSnapshots.id });
  if (claimed.length === 0) return null;

  const assets = (await listAssets(tx)).map((a) => ({ code: a.code, decimals: a.decimals }));
  const assetIndex = new Map(assets.map((a, i) => [a.code, i]));
  const builder = new TreeBuilder(assets.length);
  await timed("order", () => orderUsers(tx));
  // One connection, its statements pipelined: the next page is read, and the last one written, while
  // this one is hashed. Node's hashing and PostgreSQL's reading and writing overlap, in one transaction.
  let reading = handled(liabilitiesFrom(tx, 0, assetIndex, pageUsers));
  let writing = handled(Promise.resolve());
  for (let next = pageUsers; ; next += pageUsers) {
    // A page is read after the write issued before it: a failed write then fails that read too.
    const users = await timed("read", () => pipelinedAfter(reading, writing));
    if (users.length === 0) break;
    reading = handled(liabilitiesFrom(tx, next, assetIndex, pageUsers));
    const from = builder.count;
    const nonces = randomBytes(NONCE_BYTES * users.length);
    await timed("hash", () =>
      users.forEach((u, i) => {
        const nonce = nonces.subarray(NONCE_BYTES * i, NONCE_BYTES * (i + 1));
        builder.add({ leafId: leafIdOf(nonce, u.userId), balances: u.balances, nonce });
      }),
    );
    await timed("write leaves", () => writing);
    writing = handled(writeLeaves(tx, id, from, users, nonces, assets.length));
  }
  await timed("write leaves", () => writing);
  const { root, upper } = await timed("hash", () => builder.finish());
  await timed("write nodes", () => writeUpper(tx, id, upper));

  const ledgerSums = await timed("ledger sum", () =>
    ledgerLiabilities(
      tx,
      assets.map((a) => a.code),
    ),
  );
  // Published as "seq:hash", the form npm run audit:verify -- --expect takes, and committed to by the root.
  const head = await auditChainHead(tx);
  const anchor = head ? { seq: head.seq, hash: head.hash } : null;
  const differ = assets.filter((_, i) => ledgerSums[i] !== root.sums[i]);
  if (differ.length) {
    throw new AppError(
      409,
      "LIABILITIES_MISMATCH",
      `The users' balances do not add up to the ledger's entries for ${differ.map((a) => a.code).join(", ")}: no snapshot was published. Run npm run ledger:check.`,
    );
  }
  const [snapshot] = await tx
    .update(proofSnapshots)
    .set({
      accountCount: builder.count,
      assets,
      rootHash: hexOf(publishedRoot(root, anchor)),
      rootSums: root.sums.map(String),
      ledgerSums: ledgerSums.map(String),
      auditHead: anchor ? `${anchor.seq}:${anchor.hash}` : null,
    })
    .where(eq(proofSnapshots.id, id))
    .returning();
  await writeChainReserves(tx, id, reserves);
  if (request.trigger === "admin") {
    await audit(tx, {
      actorId: request.actor.id,
      action: "proof.snapshot.take",
      target: { type: "proof_snapshot", id },
      detail: {
        rootHash: snapshot!.rootHash,
        accountCount: snapshot!.accountCount,
        ...(request.forced ? { forced: true } : {}),
      },
      ip: request.actor.ip,
    });
  }
  if (trigger === "daily") await mailAuditHead(tx, snapshot!);
  return snapshot!;
}
