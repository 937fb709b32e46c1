import { asc, isNotNull, sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { auditLogs, users } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { audit } from "@/lib/audit";
import { chained, chainedColumns } from "@/lib/audit/chain";
import { GENESIS, rowHash } from "@/lib/audit/encoding";
import { verifyAuditChain } from "@/lib/audit/verify";
import { newId } from "@/lib/core/ids";
import { withTestDatabase } from "../support/db";
import { uniqueName } from "../support/users";

// verifyAuditChain's answers for a start given (`from`, the head a quick look verified last) and for
// heads kept elsewhere (`expect`: seen, printed or published), on one chain of five rows. Each case
// breaks the chain inside a transaction it then rolls back, so they share the file's database
// (audit-tamper.test.ts breaks a database of its own per case, through the dashboard and the script).
const db = withTestDatabase();

type Row = typeof auditLogs.$inferSelect;
let rows: Row[] = [];
let actorId = "";
const link = (i: number) => ({ seq: rows[i - 1]!.seq!, hash: rows[i - 1]!.hash! });
const outside = { count: 0, named: [] };

class RolledBack<T> extends Error {
  constructor(readonly value: T) {
    super("rolled back");
  }
}

/** `work`'s answer on the chain as `statements` leave it (past the triggers, as a superuser would), all rolled back after. */
async function tampered<T>(statements: SQL[], work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    await runTransaction(db(), async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const s of statements) await tx.execute(s);
      await tx.execute(sql`set local session_replication_role = origin`);
      throw new RolledBack(await work(tx));
    });
  } catch (err) {
    if (err instanceof RolledBack) return err.value as T;
    throw err;
  }
  throw new Error("unreachable");
}

/** Row 3's detail changed, its hash column left as it was. */
const editThird = sql`update audit_logs set detail = '{"step": 3, "reason": "step three"}' where seq = 3`;

/**
 * Rows `from`… hashed again in order after `edit`, as someone who knows the format would: the chain
 * alone looks whole, only a head kept before shows the rewrite. Statements for `tampered`.
 */
async function rechained(from: number, edit: SQL): Promise<SQL[]> {
  return tampered([edit], async (tx) => {
    const after = await tx
      .select(chainedColumns)
      .from(auditLogs)
      .where(sql`${auditLogs.seq} >= ${from}`)
      .orderBy(asc(auditLogs.seq));
    let prev = rows[from - 2]?.hash ?? GENESIS;
    const updates = [edit];
    for (const row of after) {
      const hash = rowHash(prev, chained(row));
      updates.push(sql`update audit_logs set prev_hash = ${prev}, hash = ${hash} where id = ${row.id}`);
      prev = hash;
    }
    return updates;
  });
}

beforeAll(async () => {
  // The actor as a row only: no password to hash, no sign-in (Stryker runs this set-up once per mutant).
  const username = uniqueName("admin");
  actorId = newId();
  await db()
    .insert(users)
    .values({
      id: actorId,
      username,
      email: `${username}@aurum.local`,
      passwordHash: "-",
      role: "admin",
      referralCode: username,
    });
  for (let i = 1; i <= 5; i++) {
    await audit(db(), {
      actorId,
      action: `test.step${i}`,
      target: { type: "test", id: String(i) },
      detail: { step: i, reason: `step ${i}` },
    });
  }
  rows = await db().select().from(auditLogs).where(isNotNull(auditLogs.seq)).orderBy(asc(auditLogs.seq));
  expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
});

describe("verifying the audit chain from a row verified before", () => {
  it("walks on from a start still held, and answers the head", async () => {
    expect(await verifyAuditChain(db(), { from: link(3) })).toEqual({
      intact: true,
      entries: 5,
      head: { ...link(5), at: expect.stringMatching(/^\d{4}-\d\d-\d\dT[0-9:.]{15}Z$/) },
      outside,
    });
  });

  it("the start gone with rows after it: missing (a row taken out of the chain), not cut", async () => {
    const check = await tampered([sql`delete from audit_logs where seq = 3`], (tx) =>
      verifyAuditChain(tx, { from: link(3) }),
    );
    expect(check).toEqual({
      intact: false,
      break: {
        kind: "missing",
        seq: 3,
        id: null,
        reason: `entry #3 is missing, though the chain held it before (hash ${link(3).hash})`,
      },
      outside,
    });
  });

  it("the start gone with nothing after it: the chain's end was cut off", async () => {
    const check = await tampered([sql`delete from audit_logs where seq >= 4`], (tx) =>
      verifyAuditChain(tx, { from: link(4) }),
    );
    expect(check).toMatchObject({
      intact: false,
      break: {
        kind: "cut",
        seq: 4,
        id: null,
        reason: `entry #4 is gone, though the chain held it before (hash ${link(4).hash}): its end was cut off`,
      },
    });
  });

  it("the start's contents changed: rewritten, and nothing after it is trusted", async () => {
    const check = await tampered([editThird], (tx) => verifyAuditChain(tx, { from: link(3) }));
    expect(check).toEqual({
      intact: false,
      break: {
        kind: "rewritten",
        seq: 3,
        id: rows[2]!.id,
        reason: `entry #3 is not the row the chain held before (hash ${link(3).hash}): it was changed, or the chain rewritten up to here`,
      },
      outside,
    });
  });

  it("the start's stored hash replaced, its contents as they were: rewritten too (the row must carry the hash it was verified with)", async () => {
    const other = "f".repeat(64);
    const check = await tampered([sql`update audit_logs set hash = ${other} where seq = 3`], (tx) =>
      verifyAuditChain(tx, { from: link(3) }),
    );
    expect(check).toMatchObject({ intact: false, break: { kind: "rewritten", seq: 3, id: rows[2]!.id } });
  });
});

describe("verifying the audit chain against heads kept before", () => {
  it("a head at the start given, with another hash: rewritten there", async () => {
    const held = { seq: 3, hash: "e".repeat(64) };
    expect(await verifyAuditChain(db(), { from: link(3), expect: [held] })).toMatchObject({
      intact: false,
      break: { kind: "rewritten", seq: 3, id: rows[2]!.id, reason: expect.stringContaining(`(hash ${held.hash})`) },
    });
  });

  it("a head before the start, its row changed since: found though the walk starts after it", async () => {
    const check = await tampered([editThird], (tx) => verifyAuditChain(tx, { from: link(4), expect: [link(3)] }));
    expect(check).toMatchObject({ intact: false, break: { kind: "rewritten", seq: 3, id: rows[2]!.id } });
    // Without the kept head, the walk from #4 does not look back.
    expect(await tampered([editThird], (tx) => verifyAuditChain(tx, { from: link(4) }))).toMatchObject({
      intact: true,
      entries: 5,
    });
  });

  it("a head before the start that still holds: intact", async () => {
    expect(await verifyAuditChain(db(), { from: link(4), expect: [link(2), link(4)] })).toMatchObject({
      intact: true,
      entries: 5,
      head: link(5),
    });
  });

  it("a head after the start is checked by the walk: an edited row there is named edited, as a walk finds it", async () => {
    const edit = sql`update audit_logs set detail = '{"step": 4}' where seq = 4`;
    const check = await tampered([edit], (tx) => verifyAuditChain(tx, { from: link(2), expect: [link(4)] }));
    expect(check).toMatchObject({
      intact: false,
      break: {
        kind: "edited",
        seq: 4,
        id: rows[3]!.id,
        reason: "its hash does not match its contents: the row was changed",
      },
    });
  });

  it("the chain hashed again from #3 on: whole alone, rewritten at a head kept after it", async () => {
    const rewrite = await rechained(3, editThird);
    expect(await tampered(rewrite, (tx) => verifyAuditChain(tx))).toMatchObject({ intact: true, entries: 5 });
    const [check, newHash] = await tampered(rewrite, async (tx) => {
      const [row] = await tx
        .select({ hash: auditLogs.hash })
        .from(auditLogs)
        .where(sql`${auditLogs.seq} = 4`);
      return [await verifyAuditChain(tx, { from: link(2), expect: [link(4)] }), row!.hash] as const;
    });
    expect(newHash).not.toBe(link(4).hash);
    expect(check).toEqual({
      intact: false,
      break: {
        kind: "rewritten",
        seq: 4,
        id: rows[3]!.id,
        reason: `its hash is ${newHash}, not ${link(4).hash} as held before: the chain was rewritten up to here`,
      },
      outside,
    });
    // A head kept before the rewrite starts still holds.
    expect(await tampered(rewrite, (tx) => verifyAuditChain(tx, { expect: [link(2)] }))).toMatchObject({
      intact: true,
    });
  });

  it("heads beyond the chain's end: cut, at the first of them whatever order they are given in", async () => {
    const check = await tampered([sql`delete from audit_logs where seq >= 4`], (tx) =>
      verifyAuditChain(tx, { expect: [link(5), link(4), link(2)] }),
    );
    expect(check).toEqual({
      intact: false,
      break: {
        kind: "cut",
        seq: 4,
        id: null,
        reason: `entry #4 is gone, though the chain held it before (hash ${link(4).hash}): its end was cut off after entry #3`,
      },
      outside,
    });
  });
});

describe("verifying the whole audit chain", () => {
  it("a row deleted: the chain skips its place, named missing", async () => {
    const check = await tampered([sql`delete from audit_logs where seq = 3`], (tx) => verifyAuditChain(tx));
    expect(check).toEqual({
      intact: false,
      break: { kind: "missing", seq: 3, id: null, reason: "entry #3 is missing: the chain goes from #2 to #4" },
      outside,
    });
  });

  it("a number put in by hand that no double holds: the row has no encoding, so it is named edited", async () => {
    const check = await tampered([sql`update audit_logs set detail = '{"n": 1e400}' where seq = 3`], (tx) =>
      verifyAuditChain(tx),
    );
    expect(check).toMatchObject({ intact: false, break: { kind: "edited", seq: 3, id: rows[2]!.id } });
  });

  it("two rows swapped: the first of them no longer follows the row before it", async () => {
    const check = await tampered(
      [
        sql`update audit_logs set seq = -seq where seq in (2, 3)`,
        sql`update audit_logs set seq = case seq when -2 then 3 else 2 end where seq < 0`,
      ],
      (tx) => verifyAuditChain(tx),
    );
    expect(check).toEqual({
      intact: false,
      break: {
        kind: "moved",
        seq: 2,
        id: rows[2]!.id,
        reason: "its prev_hash is not the hash of entry #1: a row before it was removed, added or moved",
      },
      outside,
    });
  });

  it("a row dated back and the chain hashed again from it: its time goes backwards", async () => {
    const rewrite = await rechained(
      4,
      sql`update audit_logs set created_at = created_at - interval '1 hour' where seq = 4`,
    );
    const check = await tampered(rewrite, (tx) => verifyAuditChain(tx));
    expect(check).toMatchObject({
      intact: false,
      break: {
        kind: "time",
        seq: 4,
        id: rows[3]!.id,
        reason: expect.stringMatching(
          /^its time \S+Z is before entry #3's \(\S+Z\): times never go backwards along the chain$/,
        ),
      },
    });
  });

  it("rows outside the chain (put in past the triggers): all counted, the first twenty by time named, the chain itself intact", async () => {
    const base = Date.UTC(2026, 0, 1);
    const ids = Array.from({ length: 21 }, () => newId());
    const check = await tampered(
      ids.map(
        (id, i) =>
          sql`insert into audit_logs (id, actor_id, action, target_type, created_at) values (${id}, ${actorId}, ${`test.outside${i}`}, 'test', ${new Date(base + (21 - i) * 60_000).toISOString()}::timestamptz)`,
      ),
      (tx) => verifyAuditChain(tx),
    );
    expect(check).toMatchObject({ intact: true, entries: 5, head: link(5) });
    const named = check.outside.named;
    expect(check.outside.count).toBe(21);
    expect(named).toHaveLength(20);
    // The earliest first: the last inserted is the oldest.
    expect(named[0]).toEqual({
      id: ids[20],
      createdAt: new Date(base + 60_000).toISOString(),
      actorId,
      action: "test.outside20",
    });
    expect(named.map((n) => n.id)).toEqual(ids.slice(1).reverse());
  });

  it("a place taken twice (its unique index dropped): repeated, not missing", async () => {
    const check = await tampered(
      [
        sql`drop index audit_logs_seq_idx`,
        sql`insert into audit_logs (id, actor_id, action, target_type, target_id, detail, created_at, seq, prev_hash, hash)
            select '019ab9c2-6f4b-7d1e-8c3a-5e2f10a4b7c9', actor_id, action, target_type, target_id, detail, created_at, seq, prev_hash, hash
            from audit_logs where seq = 3`,
      ],
      (tx) => verifyAuditChain(tx),
    );
    expect(check).toMatchObject({
      intact: false,
      break: { kind: "repeated", seq: 3, reason: "entry #3 appears more than once" },
    });
  });

  it("an empty chain is intact, with no head", async () => {
    expect(await tampered([sql`delete from audit_logs`], (tx) => verifyAuditChain(tx))).toEqual({
      intact: true,
      entries: 0,
      head: null,
      outside,
    });
  });

  it("walks past its first batch of ten thousand rows: an edit in the second is found", async () => {
    const check = await tampered([], async (tx) => {
      await tx.execute(sql`insert into audit_logs (id, actor_id, action, target_type, detail)
                           select gen_random_uuid(), ${actorId}, 'test.bulk', 'test', jsonb_build_object('n', n)
                           from generate_series(1, 9996) as n`);
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update audit_logs set detail = '{"n": 0}' where seq = 10001`);
      return verifyAuditChain(tx);
    });
    expect(check).toMatchObject({ intact: false, break: { kind: "edited", seq: 10_001 } });
  }, 120_000);
});
