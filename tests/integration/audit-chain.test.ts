import { asc, eq, sql, type SQL, TransactionRollbackError } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { adjustBalance } from "@/lib/admin/adjust-balance";
import { audit, auditChainHead } from "@/lib/audit";
import { canonicalJson, GENESIS, rowHash, type Json } from "@/lib/audit/encoding";
import { chained, chainedColumns } from "@/lib/audit/chain";
import { verifyAuditChain } from "@/lib/audit/verify";
import { runTransaction } from "@/db/transaction";
import { newId } from "@/lib/core/ids";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { refusal as refusalOf } from "../support/refusal";
import { registerUser } from "../support/users";

const db = withTestDatabase();

const refusal = (statement: SQL) => refusalOf(db(), statement);

const DAY = 24 * 60 * 60_000;

class RolledBack<T> extends Error {
  constructor(readonly value: T) {
    super("rolled back");
  }
}

/** `work`'s answer, from a transaction then rolled back (triggers and rows as they were), so the file's chain stays whole. */
async function rolledBack<T>(work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    await runTransaction(db(), async (tx) => {
      throw new RolledBack(await work(tx));
    });
  } catch (err) {
    if (err instanceof RolledBack) return err.value as T;
    throw err;
  }
  throw new Error("unreachable");
}

const chain = () =>
  db()
    .select()
    .from(auditLogs)
    .where(sql`${auditLogs.seq} is not null`)
    .orderBy(asc(auditLogs.seq));

/** What jsonb can hold: no NUL character, and no lone surrogate (PostgreSQL refuses both; JSON.stringify escapes them). */
const storable = (value: unknown) => !/\\u0000|\\ud[89a-f]/.test(JSON.stringify(value));

describe("the audit chain", () => {
  it("puts every audited action at its end: seq from 1 without a gap, each row's prev_hash the hash before it, each hash its contents'", async () => {
    const admin = await signInAdmin(db());
    const { user } = await registerUser();
    await adjustBalance(db(), {
      userId: user.id,
      actorId: admin.user.id,
      ip: "198.51.100.4",
      asset: "USDT",
      operation: "credit",
      amount: "1234.567891",
      reason: "welcome",
    });
    await audit(db(), { actorId: admin.user.id, action: "test.plain", target: { type: "settings" } });
    await audit(db(), {
      actorId: admin.user.id,
      action: "test.detail",
      target: { type: "user", id: user.id },
      detail: { when: new Date(Date.UTC(2026, 10, 25)), gone: undefined, n: 1e21 },
    });

    const rows = await chain();
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(rows.map((r) => r.action)).toEqual(["user.balance.adjust", "test.plain", "test.detail"]);
    expect(rows[0]!.prevHash).toBe(GENESIS);
    expect(rows[1]!.prevHash).toBe(rows[0]!.hash);
    expect(rows[2]!.prevHash).toBe(rows[1]!.hash);
    // Recomputed here from what reads back, with the time as the database prints it (to the microsecond: the database dates rows).
    const [printed] = await db()
      .select({ at: sql<string>`to_char(${auditLogs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` })
      .from(auditLogs)
      .where(eq(auditLogs.seq, 3));
    expect(printed!.at.slice(0, 23)).toBe(rows[2]!.createdAt.toISOString().slice(0, 23));
    const last = rows[2]!;
    expect(last.detail).toEqual({ when: "2026-11-25T00:00:00.000Z", n: 1e21 });
    expect(rowHash(last.prevHash!, { ...last, seq: 3, createdAt: printed!.at, detail: last.detail as Json })).toBe(
      last.hash,
    );

    const head = { seq: 3, hash: last.hash, at: printed!.at };
    expect(await verifyAuditChain(db())).toEqual({ intact: true, entries: 3, head, outside: { count: 0, named: [] } });
    expect(await auditChainHead(db())).toEqual({ ...head, entries: 3 });
  });

  it("hashes the detail as jsonb gives it back, whatever JSON it holds: the database's encoding is the app's, byte for byte", async () => {
    const admin = await signInAdmin(db());
    // Any key (past U+FFFF too, where UTF-16 order is not code point order), any double (17 digits, subnormals, -0).
    const number = fc.double({ noNaN: true, noDefaultInfinity: true });
    const detail = fc
      .dictionary(
        fc.string({ unit: "grapheme" }),
        fc.oneof(fc.jsonValue(), number, fc.array(number, { maxLength: 4 })),
        { maxKeys: 6 },
      )
      .filter(storable);
    // And the values where a shortcut goes wrong: float8's own text gives 17 digits for the first (JS
    // writes 16), the extremes of the double range, the exponent thresholds, and keys past U+FFFF.
    const hard = {
      n: [
        -62964385511720380,
        5e-324,
        1.7976931348623157e308,
        1e21,
        1e20,
        1e-7,
        1e-6,
        123456789012345680000,
        0.1,
        -0,
        2 ** 53 + 2,
      ],
      "\uFFFD": 1,
      "😀": 2,
      '\u0001"\\': "\u2028é",
    };
    await audit(db(), { actorId: admin.user.id, action: "test.hard_json", target: { type: "test" }, detail: hard });
    const [hardRow] = await db()
      .select(chainedColumns)
      .from(auditLogs)
      .orderBy(sql`${auditLogs.seq} desc`)
      .limit(1);
    expect(rowHash(hardRow!.prevHash!, chained(hardRow!))).toBe(hardRow!.hash);
    await fc.assert(
      fc.asyncProperty(detail, async (d) => {
        await audit(db(), {
          actorId: admin.user.id,
          action: "test.json",
          target: { type: "test" },
          detail: d as Record<string, unknown>,
        });
        const [row] = await db()
          .select(chainedColumns)
          .from(auditLogs)
          .orderBy(sql`${auditLogs.seq} desc`)
          .limit(1);
        expect(canonicalJson(row!.detail as Json)).toBe(canonicalJson(JSON.parse(JSON.stringify(d)) as Json));
        // The trigger hashed the row; the app's own encoding of what reads back gives the same hash.
        expect(rowHash(row!.prevHash!, chained(row!))).toBe(row!.hash);
      }),
      { numRuns: 150 },
    );
    expect(await verifyAuditChain(db())).toMatchObject({ intact: true, outside: { count: 0 } });
  });

  it("takes seq, prev_hash, time and hash from the database, whatever an INSERT supplies", async () => {
    const admin = await signInAdmin(db());
    const head = (await auditChainHead(db()))!;
    const id = newId();
    const before = Date.now();
    await db()
      .insert(auditLogs)
      .values({
        id,
        actorId: admin.user.id,
        action: "test.supplied",
        targetType: "test",
        detail: { n: 0.1 },
        seq: 1,
        prevHash: GENESIS,
        hash: "f".repeat(64),
        createdAt: new Date(before - 21 * DAY),
      });
    const [row] = await db().select().from(auditLogs).where(eq(auditLogs.id, id));
    expect(row).toMatchObject({ seq: head.seq + 1, prevHash: head.hash });
    expect(row!.hash).not.toBe("f".repeat(64));
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(await verifyAuditChain(db())).toMatchObject({ intact: true, entries: head.seq + 1 });
  });

  it("refuses UPDATE, DELETE and TRUNCATE of audit rows, giving a row a place included", async () => {
    const admin = await signInAdmin(db());
    await audit(db(), {
      actorId: admin.user.id,
      action: "test.keep",
      target: { type: "test" },
      detail: { reason: "kept" },
    });
    const before = await chain();
    for (const statement of [
      sql`update audit_logs set detail = '{"reason":"edited"}' where action = 'test.keep'`,
      sql`update audit_logs set hash = repeat('0', 64) where action = 'test.keep'`,
      sql`delete from audit_logs where action = 'test.keep'`,
      sql`truncate audit_logs`,
      sql`update audit_logs set seq = null, prev_hash = null, hash = null where action = 'test.keep'`,
    ]) {
      expect(await refusal(statement)).toMatch(/^audit_logs is append-only: (UPDATE|DELETE|TRUNCATE) refused$/);
    }
    expect(await chain()).toEqual(before);
  });

  it("names a row whose detail was given a number no double holds as changed, instead of failing the walk", async () => {
    const head = (await auditChainHead(db()))!;
    let check: unknown;
    // Done inside a transaction that is rolled back, trigger and all, so the chain stays whole for the other tests.
    await db()
      .transaction(async (tx) => {
        await tx.execute(sql`drop trigger audit_logs_append_only on audit_logs`);
        await tx.execute(sql`update audit_logs set detail = '{"x": 1e400}' where seq = ${head.seq}`);
        check = await verifyAuditChain(tx as unknown as Db);
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof TransactionRollbackError)) throw err;
      });
    expect(check).toMatchObject({
      intact: false,
      break: { seq: head.seq, reason: "its hash does not match its contents: the row was changed" },
    });
    expect(await verifyAuditChain(db())).toMatchObject({ intact: true, entries: head.seq });
  });

  it("names a row outside the chain (no seq, put there past the triggers) and never gives it a place: the next append goes after the head", async () => {
    const admin = await signInAdmin(db());
    const other = await signInAdmin(db());
    const head = (await auditChainHead(db()))!;
    const forged = newId();
    const seen = await rolledBack(async (tx) => {
      // As whoever bypasses the triggers would: a row dated three weeks back, in another administrator's name.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.insert(auditLogs).values({
        id: forged,
        actorId: other.user.id,
        action: "user.balance.adjust",
        targetType: "user",
        createdAt: new Date(Date.now() - 21 * DAY),
      });
      await tx.execute(sql`set local session_replication_role = origin`);
      const before = await verifyAuditChain(tx);
      await audit(tx, { actorId: admin.user.id, action: "test.after_forgery", target: { type: "test" } });
      const rows = await tx
        .select({ id: auditLogs.id, seq: auditLogs.seq })
        .from(auditLogs)
        .where(sql`${auditLogs.seq} > ${head.seq} or ${auditLogs.seq} is null`)
        .orderBy(asc(auditLogs.seq));
      return { before, after: await verifyAuditChain(tx), rows };
    });
    const outside = {
      count: 1,
      named: [{ id: forged, actorId: other.user.id, action: "user.balance.adjust", createdAt: expect.any(String) }],
    };
    expect(seen.before).toMatchObject({ intact: true, entries: head.seq, outside });
    expect(seen.rows).toEqual([
      { id: expect.not.stringMatching(forged), seq: head.seq + 1 },
      { id: forged, seq: null },
    ]);
    expect(seen.after).toMatchObject({ intact: true, entries: head.seq + 1, outside });
  });

  it("finds a time before the previous row's: times never go backwards along the chain", async () => {
    const admin = await signInAdmin(db());
    await audit(db(), { actorId: admin.user.id, action: "test.earlier", target: { type: "test" } });
    await audit(db(), { actorId: admin.user.id, action: "test.later", target: { type: "test" } });
    const head = (await auditChainHead(db()))!;
    const check = await rolledBack(async (tx) => {
      // The head dated a second before the row under it, and hashed again as if written so: only its time gives it away.
      await tx.execute(sql`alter table audit_logs disable trigger audit_logs_append_only`);
      await tx.execute(
        sql`update audit_logs set created_at = (select created_at from audit_logs where seq = ${head.seq - 1}) - interval '1 second' where seq = ${head.seq}`,
      );
      const [row] = await tx.select(chainedColumns).from(auditLogs).where(eq(auditLogs.seq, head.seq));
      await tx.execute(
        sql`update audit_logs set hash = ${rowHash(row!.prevHash!, chained(row!))} where seq = ${head.seq}`,
      );
      return verifyAuditChain(tx);
    });
    expect(check).toMatchObject({
      intact: false,
      break: {
        kind: "time",
        seq: head.seq,
        reason: expect.stringMatching(/is before entry #\d+'s .*: times never go backwards along the chain$/),
      },
    });
  });

  it("dates a row no earlier than the head, whatever this instance's clock says", async () => {
    const admin = await signInAdmin(db());
    const head = (await auditChainHead(db()))!;
    const rows = await rolledBack(async (tx) => {
      // The head written by an instance whose clock runs an hour ahead.
      await tx.execute(sql`alter table audit_logs disable trigger audit_logs_append_only`);
      await tx.execute(sql`update audit_logs set created_at = created_at + interval '1 hour' where seq = ${head.seq}`);
      const [row] = await tx.select(chainedColumns).from(auditLogs).where(eq(auditLogs.seq, head.seq));
      await tx.execute(
        sql`update audit_logs set hash = ${rowHash(row!.prevHash!, chained(row!))} where seq = ${head.seq}`,
      );
      await tx.execute(sql`alter table audit_logs enable trigger audit_logs_append_only`);
      await audit(tx, { actorId: admin.user.id, action: "test.behind", target: { type: "test" } });
      return {
        check: await verifyAuditChain(tx),
        times: await tx
          .select(chainedColumns)
          .from(auditLogs)
          .where(sql`${auditLogs.seq} >= ${head.seq}`)
          .orderBy(asc(auditLogs.seq)),
      };
    });
    expect(rows.check).toMatchObject({ intact: true, entries: head.seq + 1 });
    expect(rows.times[1]!.createdAt >= rows.times[0]!.createdAt).toBe(true);
  });
});
