import { asc, isNotNull, sql, type SQL } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as chainRoute } from "@/app/api/admin/audit/chain/route";
import { closeDb, getDb, installDb, openDatabase, type Db } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { audit } from "@/lib/audit";
import { auditChainStatus, FULL_CHECK_EVERY_MS, type ChainStatus } from "@/lib/audit/status";
import { verifyAuditChain } from "@/lib/audit/verify";
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
    await audit(db, { actorId: admin.user.id, action: `test.step${i}`, target: { type: "test", id: String(i) }, detail: { step: i, reason: `step ${i}` } });
  }
  const rows = await db.select().from(auditLogs).where(isNotNull(auditLogs.seq)).orderBy(asc(auditLogs.seq));
  expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
  return { db, admin, rows, env: current.env };
}

/** What whoever would rewrite the log does first: the trigger dropped, then the rows changed. */
async function tamper(db: Db, ...statements: SQL[]) {
  await db.execute(sql`drop trigger audit_logs_append_only on audit_logs`);
  for (const s of statements) await db.execute(s);
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
  it("an edited row: its hash does not match; found by audit:verify, by the dashboard at its next full walk, and by its API", async () => {
    const { db, admin, rows, env } = await chainOfFive();
    const before = await auditChainStatus(db);
    expect(before).toMatchObject({ state: "intact", entries: 5, head: { seq: 5, hash: rows[4]!.hash }, waiting: 0 });

    await tamper(db, sql`update audit_logs set detail = '{"step": 3, "reason": "step three"}' where seq = 3`);
    const found = { seq: 3, id: rows[2]!.id, reason: "its hash does not match its contents: the row was changed" };
    expect(await verifyAuditChain(db)).toEqual({ intact: false, break: found, waiting: 0 });
    // Between full walks a look checks only what was added; the next full walk finds the edit.
    const later = new Date(Date.now() + FULL_CHECK_EVERY_MS);
    await vi.waitFor(async () => expect(await auditChainStatus(db, later)).toMatchObject({ state: "broken", break: found }), { timeout: 20_000, interval: 100 });
    expect(await dashboardChain(admin.token)).toMatchObject({ state: "broken", break: found });

    const { code, out } = await auditVerify(env);
    expect(code).toBe(1);
    expect(out).toContain(`✗ entry #3 (id ${rows[2]!.id}): its hash does not match its contents`);
  }, SLOW);

  it("a deleted row: the chain skips its seq", async () => {
    const { db, admin, rows, env } = await chainOfFive();
    await tamper(db, sql`delete from audit_logs where seq = 3`);
    const found = { seq: 3, id: null, reason: "entry #3 is missing: the chain goes from #2 to #4" };
    expect(await verifyAuditChain(db)).toEqual({ intact: false, break: found, waiting: 0 });
    expect(await dashboardChain(admin.token)).toMatchObject({ state: "broken", break: found });

    const { code, out } = await auditVerify(env);
    expect(code).toBe(1);
    expect(out).toContain("✗ entry #3: entry #3 is missing");
    expect(rows[2]!.id).not.toBe(rows[3]!.id);
  }, SLOW);

  it("two rows swapped: the first of them no longer follows the row before it", async () => {
    const { db, admin, rows, env } = await chainOfFive();
    await tamper(db, sql`update audit_logs set seq = -seq where seq in (2, 3)`, sql`update audit_logs set seq = case seq when -2 then 3 else 2 end where seq < 0`);
    const found = { seq: 2, id: rows[2]!.id, reason: "its prev_hash is not the hash of entry #1: a row before it was removed, added or moved" };
    expect(await verifyAuditChain(db)).toEqual({ intact: false, break: found, waiting: 0 });
    expect(await dashboardChain(admin.token)).toMatchObject({ state: "broken", break: found });

    const { code, out } = await auditVerify(env);
    expect(code).toBe(1);
    expect(out).toContain(`✗ entry #2 (id ${rows[2]!.id}): its prev_hash is not the hash of entry #1`);
  }, SLOW);

  it("the chain's end cut off: the dashboard remembers the head it saw, audit:verify the head it is given", async () => {
    const { db, admin, rows, env } = await chainOfFive();
    const intact = await dashboardChain(admin.token);
    expect(intact).toMatchObject({ state: "intact", entries: 5, head: { seq: 5, hash: rows[4]!.hash } });

    await tamper(db, sql`delete from audit_logs where seq = 5`);
    // Alone, the four rows left are a sound chain; only a head seen or published before shows the loss.
    expect(await verifyAuditChain(db)).toMatchObject({ intact: true, entries: 4 });
    expect(await dashboardChain(admin.token)).toMatchObject({ state: "broken", break: { seq: 5, id: null, reason: expect.stringContaining("entry #5 is gone") } });

    const plain = await auditVerify(env);
    expect(plain).toMatchObject({ code: 0 });
    expect(plain.out).toContain(`is intact (4 entries, head #4 ${rows[3]!.hash})`);
    const published = await runScript("audit-verify", ["--expect", `5:${rows[4]!.hash}`], env);
    expect(published.code).toBe(1);
    expect(published.out).toContain("✗ entry #5: entry #5 is gone");
    expect((await runScript("audit-verify", ["--expect", "5:nothex"], env)).code).toBe(2);
  }, SLOW);
});
