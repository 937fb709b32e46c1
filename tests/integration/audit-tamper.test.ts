import { asc, isNotNull, sql, type SQL } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as chainRoute } from "@/app/api/admin/audit/chain/route";
import { closeDb, getDb, installDb, openDatabase, type Db } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { audit } from "@/lib/audit";
import { chained, chainedColumns } from "@/lib/audit/chain";
import { GENESIS, rowHash } from "@/lib/audit/encoding";
import { auditChainStatus, FULL_CHECK_EVERY_MS, type ChainStatus } from "@/lib/audit/status";
import { verifyAuditChain } from "@/lib/audit/verify";
import { takeDailySnapshot } from "@/lib/proof/daily";
import { signInAdmin } from "../support/admin";
import { onPostgres } from "../support/db";
import { call } from "../support/http";
import { runScript, throwawayDatabase, type Throwaway } from "../support/throwaway-db";

// Each case breaks the chain of a database of its own, made for it and dropped after it; opening a
// PGlite directory and running the script as a process take seconds each on a busy machine.
const SLOW = 120_000;
let current: Throwaway | null = null;
afterEach(async () => {
  await closeDb();
  await current?.drop();
  current = null;
});

/** A fresh database with five audited actions, its rows in chain order, and a signed-in admin. */
async function chainOfFive() {
  current = await throwawayDatabase();
  installDb(openDatabase(current.url));
  const db = await getDb();
  const admin = await signInAdmin(db);
  for (let i = 1; i <= 5; i++) {
    await audit(db, {
      actorId: admin.user.id,
      action: `test.step${i}`,
      target: { type: "test", id: String(i) },
      detail: { step: i, reason: `step ${i}` },
    });
  }
  const rows = await db.select().from(auditLogs).where(isNotNull(auditLogs.seq)).orderBy(asc(auditLogs.seq));
  expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
  return { db, admin, rows, env: current.env };
}

/** As whoever would rewrite the log: past the triggers (a superuser's replica mode), then the rows changed. */
async function tamper(db: Db, ...statements: SQL[]) {
  await runTransaction(db, async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const s of statements) await tx.execute(s);
  });
}

/**
 * Rows `from`… of the chain hashed again in order after `edit`, as someone who knows the format
 * would, so that the chain alone looks whole: only a head kept before (seen, printed or published)
 * shows the rewrite.
 */
async function rechain(db: Db, from: number, edit: SQL) {
  await tamper(db, edit);
  const rows = await db
    .select(chainedColumns)
    .from(auditLogs)
    .where(sql`${auditLogs.seq} >= ${from}`)
    .orderBy(asc(auditLogs.seq));
  const [before] = await db
    .select({ hash: auditLogs.hash })
    .from(auditLogs)
    .where(sql`${auditLogs.seq} = ${from - 1}`);
  let prev = before?.hash ?? GENESIS;
  const updates: SQL[] = [];
  for (const row of rows) {
    const hash = rowHash(prev, chained(row));
    updates.push(sql`update audit_logs set prev_hash = ${prev}, hash = ${hash} where id = ${row.id}`);
    prev = hash;
  }
  await tamper(db, ...updates);
}

/** The dashboard's answer, once this instance has walked the chain. */
async function dashboardChain(token: string): Promise<ChainStatus> {
  return vi.waitFor(
    async () => {
      const res = await call(chainRoute, { token });
      expect(res.status).toBe(200);
      const chain = res.body.chain as ChainStatus;
      expect(chain.state).not.toBe("checking");
      return chain;
    },
    { timeout: 20_000, interval: 200 },
  );
}

/** `npm run audit:verify` as its own process, on the closed database. */
async function auditVerify(env: Record<string, string>, ...args: string[]) {
  await closeDb();
  return runScript("audit-verify", args, env);
}

describe(`a tampered audit chain (${onPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it(
    "an edited row: its hash does not match; found by audit:verify, by the dashboard at its next full walk, and by its API",
    async () => {
      const { db, admin, rows, env } = await chainOfFive();
      const before = await auditChainStatus(db);
      expect(before).toMatchObject({
        state: "intact",
        entries: 5,
        head: { seq: 5, hash: rows[4]!.hash },
        outside: { count: 0 },
      });

      await tamper(db, sql`update audit_logs set detail = '{"step": 3, "reason": "step three"}' where seq = 3`);
      const found = {
        kind: "edited",
        seq: 3,
        id: rows[2]!.id,
        reason: "its hash does not match its contents: the row was changed",
      };
      expect(await verifyAuditChain(db)).toEqual({ intact: false, break: found, outside: { count: 0, named: [] } });
      // Between full walks a look checks only what was added; the next full walk finds the edit.
      const later = new Date(Date.now() + FULL_CHECK_EVERY_MS);
      await vi.waitFor(
        async () => expect(await auditChainStatus(db, later)).toMatchObject({ state: "broken", break: found }),
        { timeout: 20_000, interval: 100 },
      );
      expect(await dashboardChain(admin.token)).toMatchObject({ state: "broken", break: found });

      const { code, out } = await auditVerify(env);
      expect(code).toBe(1);
      expect(out).toContain(`✗ entry #3 (id ${rows[2]!.id}): its hash does not match its contents`);
    },
    SLOW,
  );

  it(
    "a deleted row: the chain skips its seq",
    async () => {
      const { db, admin, rows, env } = await chainOfFive();
      await tamper(db, sql`delete from audit_logs where seq = 3`);
      const found = { kind: "missing", seq: 3, id: null, reason: "entry #3 is missing: the chain goes from #2 to #4" };
      expect(await verifyAuditChain(db)).toEqual({ intact: false, break: found, outside: { count: 0, named: [] } });
      expect(await dashboardChain(admin.token)).toMatchObject({ state: "broken", break: found });

      const { code, out } = await auditVerify(env);
      expect(code).toBe(1);
      expect(out).toContain("✗ entry #3: entry #3 is missing");
      expect(rows[2]!.id).not.toBe(rows[3]!.id);
    },
    SLOW,
  );

  it(
    "two rows swapped: the first of them no longer follows the row before it",
    async () => {
      const { db, admin, rows, env } = await chainOfFive();
      await tamper(
        db,
        sql`update audit_logs set seq = -seq where seq in (2, 3)`,
        sql`update audit_logs set seq = case seq when -2 then 3 else 2 end where seq < 0`,
      );
      const found = {
        kind: "moved",
        seq: 2,
        id: rows[2]!.id,
        reason: "its prev_hash is not the hash of entry #1: a row before it was removed, added or moved",
      };
      expect(await verifyAuditChain(db)).toEqual({ intact: false, break: found, outside: { count: 0, named: [] } });
      expect(await dashboardChain(admin.token)).toMatchObject({ state: "broken", break: found });

      const { code, out } = await auditVerify(env);
      expect(code).toBe(1);
      expect(out).toContain(`✗ entry #2 (id ${rows[2]!.id}): its prev_hash is not the hash of entry #1`);
    },
    SLOW,
  );

  it(
    "the chain's end cut off after the last snapshot: this instance's dashboard says cut (it saw the head), audit:verify the head it is given",
    async () => {
      const { db, admin, rows, env } = await chainOfFive();
      expect(await dashboardChain(admin.token)).toMatchObject({
        state: "intact",
        entries: 5,
        head: { seq: 5, hash: rows[4]!.hash },
      });

      await tamper(db, sql`delete from audit_logs where seq = 5`);
      // Alone, the four rows left are a sound chain; only a head seen or published before shows the loss.
      expect(await verifyAuditChain(db)).toMatchObject({ intact: true, entries: 4 });
      const cut = { kind: "cut", seq: 5, id: null, reason: expect.stringContaining("entry #5 is gone") };
      expect(await dashboardChain(admin.token)).toMatchObject({
        state: "cut",
        break: cut,
        seen: { seq: 5, hash: rows[4]!.hash },
      });

      const plain = await auditVerify(env);
      expect(plain).toMatchObject({ code: 0 });
      expect(plain.out).toMatch(
        new RegExp(`is intact \\(4 entries, head #4 ${rows[3]!.hash} at \\d{4}-\\d\\d-\\d\\dT[0-9:.]{15}Z\\)`),
      );
      expect(plain.out).toContain(`--expect 4:${rows[3]!.hash}`);
      const published = await runScript("audit-verify", ["--expect", `5:${rows[4]!.hash}`], env);
      expect(published.code).toBe(1);
      expect(published.out).toContain("✗ entry #5: entry #5 is gone, though the chain held it before");
      expect((await runScript("audit-verify", ["--expect", "5:nothex"], env)).code).toBe(2);
    },
    SLOW,
  );

  it(
    "a row edited and the chain hashed again from it to the head: the same length, found at the head seen and at the one given",
    async () => {
      const { db, admin, rows, env } = await chainOfFive();
      expect(await dashboardChain(admin.token)).toMatchObject({ state: "intact", entries: 5 });
      await rechain(db, 3, sql`update audit_logs set detail = '{"step": 3, "reason": "step three"}' where seq = 3`);
      // Whole again, to anyone who kept no head.
      expect(await verifyAuditChain(db)).toMatchObject({ intact: true, entries: 5 });
      const rewritten = {
        kind: "rewritten",
        seq: 5,
        id: rows[4]!.id,
        reason: expect.stringContaining(`not the row the chain held before (hash ${rows[4]!.hash})`),
      };
      expect(await dashboardChain(admin.token)).toMatchObject({ state: "broken", break: rewritten });

      const given = await auditVerify(env, "--expect", `5:${rows[4]!.hash}`);
      expect(given.code).toBe(1);
      expect(given.out).toContain(`✗ entry #5 (id ${rows[4]!.id}): its hash is `);
      expect(given.out).toContain(`, not ${rows[4]!.hash} as held before: the chain was rewritten up to here`);
      // A head given that is still there, with its hash, holds.
      expect((await runScript("audit-verify", ["--expect", `2:${rows[1]!.hash}`], env)).code).toBe(0);
    },
    SLOW,
  );

  it(
    "a row forged with INSERT rights only (three weeks back, in another administrator's name) is chained now, at the database's time; one put past the triggers stays outside, named",
    async () => {
      const { db, admin, rows, env } = await chainOfFive();
      const other = await signInAdmin(db);
      const forged = "019ab9c2-6f4b-7d1e-8c3a-5e2f10a4b7c9";
      // Roles are the server's, not the database's: one of its own, removed after.
      const inserter = sql.raw(`aurum_inserter_${Date.now()}_${process.pid}`);
      await db.execute(sql`create role ${inserter}`);
      await db.execute(sql`grant insert on audit_logs to ${inserter}`);
      const before = Date.now();
      await runTransaction(db, async (tx) => {
        await tx.execute(sql`set local role ${inserter}`);
        await tx.execute(sql`insert into audit_logs (id, actor_id, action, target_type, created_at, seq, prev_hash, hash)
                           values (${forged}, ${other.user.id}, 'user.balance.adjust', 'user', now() - interval '21 days', 1, ${GENESIS}, ${GENESIS})`);
      });
      await db.execute(sql`drop owned by ${inserter}`);
      await db.execute(sql`drop role ${inserter}`);
      // What it may not choose: its place, its time, its hash. What it did choose (the actor) only database rights prevent.
      const [row] = await db
        .select()
        .from(auditLogs)
        .where(sql`${auditLogs.id} = ${forged}`);
      expect(row).toMatchObject({ seq: 6, prevHash: rows[4]!.hash, actorId: other.user.id });
      expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);

      // Past the triggers (a superuser's replica mode): no place at all, and named as such everywhere.
      const outsider = "019ab9c2-6f4b-7d1e-8c3a-5e2f10a4b7ca";
      await tamper(
        db,
        sql`insert into audit_logs (id, actor_id, action, target_type, created_at) values (${outsider}, ${other.user.id}, 'user.balance.adjust', 'user', now() - interval '21 days')`,
      );
      await audit(db, { actorId: admin.user.id, action: "test.after", target: { type: "test" } });
      expect(
        await db
          .select({ seq: auditLogs.seq })
          .from(auditLogs)
          .where(sql`${auditLogs.id} = ${outsider}`),
      ).toEqual([{ seq: null }]);
      const outside = {
        count: 1,
        named: [{ id: outsider, actorId: other.user.id, action: "user.balance.adjust", createdAt: expect.any(String) }],
      };
      expect(await verifyAuditChain(db)).toMatchObject({ intact: true, entries: 7, outside });
      expect(await dashboardChain(admin.token)).toMatchObject({ state: "intact", outside });

      const { code, out } = await auditVerify(env);
      expect(code).toBe(1);
      expect(out).toContain(`✗ entry outside the chain: id ${outsider}, user.balance.adjust by ${other.user.id}`);
    },
    SLOW,
  );

  it(
    "the chain's end cut off before the newest proof snapshot: audit:verify names the entry the snapshot published",
    async () => {
      const { db, rows, env } = await chainOfFive();
      const snapshot = (await takeDailySnapshot(db))!;
      expect(snapshot.auditHead).toBe(`5:${rows[4]!.hash}`);
      await tamper(db, sql`delete from audit_logs where seq >= 4`);
      expect(await verifyAuditChain(db)).toMatchObject({ intact: true, entries: 3 });

      const { code, out } = await auditVerify(env);
      expect(code).toBe(1);
      expect(out).toContain(
        `✗ entry #5: entry #5 is gone, though the chain held it before (hash ${rows[4]!.hash}): its end was cut off after entry #3`,
      );
    },
    SLOW,
  );

  it(
    "a row edited, the chain hashed again and the snapshot's published head rewritten to match: the snapshot's root no longer commits to it",
    async () => {
      const { db, rows, env } = await chainOfFive();
      const snapshot = (await takeDailySnapshot(db))!;
      await rechain(db, 3, sql`update audit_logs set detail = '{"step": 3, "reason": "step three"}' where seq = 3`);
      const first = await auditVerify(env);
      expect(first.code).toBe(1);
      expect(first.out).toContain(`✗ entry #5 (id ${rows[4]!.id}): its hash is `);

      installDb(openDatabase(current!.url));
      const again = await getDb();
      const [head] = await again
        .select({ hash: auditLogs.hash })
        .from(auditLogs)
        .where(sql`${auditLogs.seq} = 5`);
      await tamper(again, sql`update proof_snapshots set audit_head = ${`5:${head!.hash}`} where id = ${snapshot.id}`);
      const second = await auditVerify(env);
      expect(second.code).toBe(1);
      expect(second.out).toContain(
        `✗ proof snapshot ${snapshot.id}: its root does not commit to the audit head its row publishes (#5 ${head!.hash})`,
      );
      expect(second.out).not.toContain("✓ holds entry #5");
    },
    SLOW,
  );

  it(
    "the newest row this instance verified, edited in place: its next quick look (no full walk) finds it",
    async () => {
      const { db, admin, rows } = await chainOfFive();
      expect(await dashboardChain(admin.token)).toMatchObject({ state: "intact", entries: 5 });
      // Its hash column left as it was: only hashing the row again shows the change.
      await tamper(db, sql`update audit_logs set detail = '{"step": 5, "reason": "step five"}' where seq = 5`);
      expect(await auditChainStatus(db)).toMatchObject({
        state: "broken",
        break: { kind: "rewritten", seq: 5, id: rows[4]!.id, reason: expect.stringContaining("it was changed") },
      });
    },
    SLOW,
  );
});
