import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { proofSnapshots, type ProofSnapshot } from "@/db/schema";
import { pipelinedAfter, runTransaction } from "@/db/transaction";
import { audit, auditChainHead } from "@/lib/audit";
import { AppError } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import { listAssets } from "@/lib/ledger/assets";
import { utcDay } from "@/lib/time";
import { BLOCK_LEVEL, TreeBuilder } from "./blocks";
import { encodeSums, hexOf, NONCE_BYTES, type TreeNode, writeSums } from "./encoding";

// Buffer's hex is many times faster than a loop over a million leaves.
const hex = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("hex");

/** Account rows read, and leaves or nodes written, per statement while building. */
const PAGE_ROWS = 10_000;
const PAGE = 5_000;
const NO_USER = "00000000-0000-0000-0000-000000000000";

export type SnapshotRequest = (
  | { trigger: "daily"; now?: Date }
  /** An administrator's snapshot, audited in its own transaction. */
  | { trigger: "admin"; actor: { id: string; ip: string | null }; now?: Date }
) & {
  /** Account rows read per statement; tests make it small to put page boundaries where they want. */
  pageRows?: number;
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
 * Each user's total per asset over every ledger account they own, whatever its kind, for the users
 * after `after` in id order: one range scan of `pageRows` account rows. A page that ends inside a
 * user's accounts leaves that user to the next page; a user who fills a page alone (thousands of
 * strategy reserves) is summed by a query of their own.
 */
async function liabilitiesAfter(tx: Db, after: string, assetIndex: Map<string, number>, pageRows: number): Promise<{ userId: string; balances: bigint[] }[]> {
  const rows = await rowsOf<{ user_id: string; asset: string; balance: string }>(
    tx,
    sql`select user_id, asset, balance::text from accounts where user_id is not null and user_id > ${after} order by user_id limit ${pageRows}`,
  );
  const users: { userId: string; balances: bigint[] }[] = [];
  const add = (userId: string, asset: string, units: bigint) => {
    if (users[users.length - 1]?.userId !== userId) users.push({ userId, balances: Array.from({ length: assetIndex.size }, () => 0n) });
    users[users.length - 1]!.balances[assetIndex.get(asset)!]! += units;
  };
  for (const r of rows) add(r.user_id, r.asset, BigInt(r.balance));
  if (rows.length === pageRows) {
    const last = users.pop()!;
    if (users.length === 0) {
      const all = await rowsOf<{ asset: string; total: string }>(tx, sql`select asset, sum(balance)::text as total from accounts where user_id = ${last.userId} group by asset`);
      for (const r of all) add(last.userId, r.asset, BigInt(r.total));
    }
  }
  return users;
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
async function writeLeaves(tx: Db, snapshotId: string, from: number, page: { userId: string; balances: bigint[] }[], nonces: Uint8Array, assetCount: number) {
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
  const nodes = upper.flatMap((level, l) => level.map((node, position) => ({ level: BLOCK_LEVEL + l, position, node })));
  for (let i = 0; i < nodes.length; i += PAGE) {
    const page = nodes.slice(i, i + PAGE);
    await tx.execute(sql`
      insert into proof_nodes (snapshot_id, level, position, hash, sums)
      select ${snapshotId}::uuid, l, p, decode(h, 'hex'), decode(s, 'hex')
      from unnest(${arrayLiteral(page.map((n) => n.level))}::smallint[], ${arrayLiteral(page.map((n) => n.position))}::int[],
                  ${arrayLiteral(page.map((n) => hex(n.node.hash)))}::text[], ${arrayLiteral(page.map((n) => hex(encodeSums(n.node.sums))))}::text[]) as t(l, p, h, s)`);
  }
}

/**
 * Takes a proof-of-liabilities snapshot in one REPEATABLE READ transaction, so a journal is in it
 * whole or not at all: every user's liabilities streamed in user-id order into leaves with fresh
 * nonces, the Merkle sum tree's root, and the ledger's own total from its entries, which the root's
 * sums must equal or nothing is kept. A daily snapshot is unique per UTC day: a second runner's insert
 * waits for the first and then finds the day taken (null).
 */
export async function takeSnapshot(db: Db, request: SnapshotRequest): Promise<ProofSnapshot | null> {
  const { trigger, now = new Date(), pageRows = PAGE_ROWS, phases = {} } = request;
  const takenBy = request.trigger === "admin" ? request.actor.id : null;
  const timed = async <T>(phase: string, work: () => T | Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await work();
    } finally {
      phases[phase] = (phases[phase] ?? 0) + performance.now() - start;
    }
  };
  let workDone = 0;
  const result = await runTransaction(db, async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    const id = newId();
    const claimed = await tx
      .insert(proofSnapshots)
      .values({ id, day: utcDay(now), trigger, takenBy, takenAt: now, accountCount: 0, assets: [], rootHash: "", rootSums: [], ledgerSums: [] })
      .onConflictDoNothing()
      .returning({ id: proofSnapshots.id });
    if (claimed.length === 0) return null;

    const assets = (await listAssets(tx)).map((a) => ({ code: a.code, decimals: a.decimals }));
    const assetIndex = new Map(assets.map((a, i) => [a.code, i]));
    const builder = new TreeBuilder(assets.length);
    // One connection, its statements pipelined: the next page is read, and the last one written, while
    // this one is hashed. Node's hashing and PostgreSQL's reading and writing overlap, in one transaction.
    let reading = handled(liabilitiesAfter(tx, NO_USER, assetIndex, pageRows));
    let writing = handled(Promise.resolve());
    for (;;) {
      // A page can be read after the write it was issued before (a page ending inside one user's
      // accounts reads that user again): a failed write then fails that read too.
      const users = await timed("read", () => pipelinedAfter(reading, writing));
      if (users.length === 0) break;
      reading = handled(liabilitiesAfter(tx, users[users.length - 1]!.userId, assetIndex, pageRows));
      const from = builder.count;
      const nonces = randomBytes(NONCE_BYTES * users.length);
      await timed("hash", () => users.forEach((u, i) => builder.add({ accountId: u.userId, balances: u.balances, nonce: nonces.subarray(NONCE_BYTES * i, NONCE_BYTES * (i + 1)) })));
      await timed("write leaves", () => writing);
      writing = handled(writeLeaves(tx, id, from, users, nonces, assets.length));
    }
    await timed("write leaves", () => writing);
    const { root, upper } = await timed("hash", () => builder.finish());
    await timed("write nodes", () => writeUpper(tx, id, upper));

    const ledgerSums = await timed("ledger sum", () => ledgerLiabilities(tx, assets.map((a) => a.code)));
    // Published as "seq:hash", the form npm run audit:verify -- --expect takes.
    const head = await auditChainHead(tx);
    const differ = assets.filter((_, i) => ledgerSums[i] !== root.sums[i]);
    if (differ.length) {
      throw new AppError(409, "LIABILITIES_MISMATCH", `The users' balances do not add up to the ledger's entries for ${differ.map((a) => a.code).join(", ")}: no snapshot was published. Run npm run ledger:check.`);
    }
    const [snapshot] = await tx
      .update(proofSnapshots)
      .set({ accountCount: builder.count, assets, rootHash: hexOf(root.hash), rootSums: root.sums.map(String), ledgerSums: ledgerSums.map(String), auditHead: head ? `${head.seq}:${head.hash}` : null })
      .where(eq(proofSnapshots.id, id))
      .returning();
    if (request.trigger === "admin") {
      await audit(tx, { actorId: request.actor.id, action: "proof.snapshot.take", target: { type: "proof_snapshot", id }, detail: { rootHash: snapshot!.rootHash, accountCount: snapshot!.accountCount }, ip: request.actor.ip });
    }
    workDone = performance.now();
    return snapshot!;
  });
  if (workDone) phases.commit = (phases.commit ?? 0) + performance.now() - workDone;
  return result;
}
