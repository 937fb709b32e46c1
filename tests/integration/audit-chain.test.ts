import { asc, eq, isNull, sql, type SQL, TransactionRollbackError } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { adjustBalance } from "@/lib/admin/adjust-balance";
import { audit, auditChainHead } from "@/lib/audit";
import { canonicalJson, GENESIS, rowHash, type Json } from "@/lib/audit/encoding";
import { verifyAuditChain } from "@/lib/audit/verify";
import { newId } from "@/lib/ids";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { registerUser } from "../support/users";

const db = withTestDatabase();

/** The database's own message when it refuses `statement` (drizzle wraps it as the cause). */
async function refusal(statement: SQL): Promise<string> {
  try {
    await db().execute(statement);
  } catch (err) {
    const e = err as Error;
    return e.cause instanceof Error ? e.cause.message : e.message;
  }
  return "accepted";
}

const chain = () => db().select().from(auditLogs).where(sql`${auditLogs.seq} is not null`).orderBy(asc(auditLogs.seq));

/** What jsonb can hold: no NUL character, and no lone surrogate (PostgreSQL refuses both; JSON.stringify escapes them). */
const storable = (value: unknown) => !/\\u0000|\\ud[89a-f]/.test(JSON.stringify(value));

describe("the audit chain", () => {
  it("puts every audited action at its end: seq from 1 without a gap, each row's prev_hash the hash before it, each hash its contents'", async () => {
    const admin = await signInAdmin(db());
    const { user } = await registerUser();
    await adjustBalance(db(), { userId: user.id, actorId: admin.user.id, ip: "198.51.100.4", asset: "USDT", operation: "credit", amount: "1234.567891", reason: "welcome" });
    await audit(db(), { actorId: admin.user.id, action: "test.plain", target: { type: "settings" } });
    await audit(db(), { actorId: admin.user.id, action: "test.detail", target: { type: "user", id: user.id }, detail: { when: new Date(Date.UTC(2026, 10, 25)), gone: undefined, n: 1e21 } });

    const rows = await chain();
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(rows.map((r) => r.action)).toEqual(["user.balance.adjust", "test.plain", "test.detail"]);
    expect(rows[0]!.prevHash).toBe(GENESIS);
    expect(rows[1]!.prevHash).toBe(rows[0]!.hash);
    expect(rows[2]!.prevHash).toBe(rows[1]!.hash);
    // Recomputed here from what reads back, with the time as the database prints it.
    const [printed] = await db().select({ at: sql<string>`to_char(${auditLogs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` }).from(auditLogs).where(eq(auditLogs.seq, 3));
    expect(printed!.at).toBe(rows[2]!.createdAt.toISOString().replace("Z", "000Z"));
    const last = rows[2]!;
    expect(last.detail).toEqual({ when: "2026-11-25T00:00:00.000Z", n: 1e21 });
    expect(rowHash(last.prevHash!, { ...last, seq: 3, createdAt: printed!.at, detail: last.detail as Json })).toBe(last.hash);

    expect(await verifyAuditChain(db())).toEqual({ intact: true, entries: 3, head: { seq: 3, hash: last.hash }, waiting: 0 });
    expect(await auditChainHead(db())).toEqual({ seq: 3, hash: last.hash, entries: 3 });
  });

  it("hashes the detail as jsonb gives it back, whatever JSON it holds", async () => {
    const admin = await signInAdmin(db());
    const detail = fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 6 }).filter(storable);
    await fc.assert(
      fc.asyncProperty(detail, async (d) => {
        await audit(db(), { actorId: admin.user.id, action: "test.json", target: { type: "test" }, detail: d as Record<string, unknown> });
        const [row] = await db().select().from(auditLogs).orderBy(sql`${auditLogs.seq} desc`).limit(1);
        expect(canonicalJson(row!.detail as Json)).toBe(canonicalJson(JSON.parse(JSON.stringify(d)) as Json));
      }),
      { numRuns: 40 },
    );
    expect(await verifyAuditChain(db())).toMatchObject({ intact: true, waiting: 0 });
  });

  it("refuses UPDATE, DELETE and TRUNCATE of audit rows, and any change to a row besides giving a waiting one its place", async () => {
    const admin = await signInAdmin(db());
    await audit(db(), { actorId: admin.user.id, action: "test.keep", target: { type: "test" }, detail: { reason: "kept" } });
    const before = await chain();
    for (const statement of [
      sql`update audit_logs set detail = '{"reason":"edited"}' where action = 'test.keep'`,
      sql`update audit_logs set hash = repeat('0', 64) where action = 'test.keep'`,
      sql`delete from audit_logs where action = 'test.keep'`,
      sql`truncate audit_logs`,
    ]) {
      expect(await refusal(statement)).toMatch(/^audit_logs is append-only: (UPDATE|DELETE|TRUNCATE) refused$/);
    }
    const waiting = newId();
    await db().insert(auditLogs).values({ id: waiting, actorId: admin.user.id, action: "test.waiting", targetType: "test" });
    expect(await refusal(sql`update audit_logs set seq = 999999, prev_hash = ${GENESIS}, hash = ${GENESIS}, action = 'test.other' where id = ${waiting}`)).toBe("audit_logs is append-only: UPDATE refused");
    expect(await refusal(sql`delete from audit_logs where id = ${waiting}`)).toBe("audit_logs is append-only: DELETE refused");
    expect(await chain()).toEqual(before);
    // Give it its place, so the next test starts with none waiting.
    await audit(db(), { actorId: admin.user.id, action: "test.after", target: { type: "test" } });
    expect(await verifyAuditChain(db())).toMatchObject({ intact: true, waiting: 0 });
  });

  it("gives rows written without a place (before the chain, or by the previous version) theirs in (created_at, id) order at the next append", async () => {
    const admin = await signInAdmin(db());
    const head = (await auditChainHead(db()))!;
    // As the previous version wrote them: no seq, and the database's time, to the microsecond.
    const ids = [newId(), newId(), newId()].sort();
    const written = [
      { id: ids[2]!, at: "2026-11-20 10:00:00.000002+00" },
      { id: ids[1]!, at: "2026-11-20 10:00:00.000001+00" },
      { id: ids[0]!, at: "2026-11-20 10:00:00.000002+00" },
    ];
    for (const w of written) {
      await db().insert(auditLogs).values({ id: w.id, actorId: admin.user.id, action: "test.old", targetType: "user", targetId: admin.user.id, detail: { v: 0.1 }, ip: "192.0.2.1", createdAt: sql`${w.at}::timestamptz` });
    }
    expect(await verifyAuditChain(db())).toEqual({ intact: true, entries: head.seq, head: { seq: head.seq, hash: head.hash }, waiting: 3 });

    await audit(db(), { actorId: admin.user.id, action: "test.new", target: { type: "test" } });
    const rows = (await chain()).slice(head.seq);
    expect(rows.map((r) => [r.seq, r.id])).toEqual([
      [head.seq + 1, ids[1]],
      [head.seq + 2, ids[0]],
      [head.seq + 3, ids[2]],
      [head.seq + 4, rows[3]!.id],
    ]);
    expect(rows[0]!.prevHash).toBe(head.hash);
    expect(await db().select().from(auditLogs).where(isNull(auditLogs.seq))).toEqual([]);
    expect(await verifyAuditChain(db())).toMatchObject({ intact: true, entries: head.seq + 4, waiting: 0 });
  });

  it("gives a whole table of rows from before the chain (2,500, more than one statement's worth) its place in one append", async () => {
    const admin = await signInAdmin(db());
    const head = (await auditChainHead(db()))!;
    const old = Array.from({ length: 2_500 }, (_, i) => ({ id: newId(), actorId: admin.user.id, action: "test.before_chain", targetType: "test", detail: { i }, createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1_000) }));
    await db().insert(auditLogs).values(old);
    await audit(db(), { actorId: admin.user.id, action: "test.first_chained", target: { type: "test" } });
    const check = await verifyAuditChain(db());
    expect(check).toMatchObject({ intact: true, entries: head.seq + 2_501, waiting: 0 });
    const [last] = await db().select().from(auditLogs).where(eq(auditLogs.seq, head.seq + 2_500));
    expect(last!.id).toBe(old[2_499]!.id);
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
    expect(check).toMatchObject({ intact: false, break: { seq: head.seq, reason: "its hash does not match its contents: the row was changed" } });
    expect(await verifyAuditChain(db())).toMatchObject({ intact: true, entries: head.seq });
  });
});
