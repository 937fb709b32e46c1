import { asc, count, isNotNull, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DbHandle } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { adjustBalance } from "@/lib/admin/adjust-balance";
import { audit, auditChainHead } from "@/lib/audit";
import { auditChainStatus } from "@/lib/audit/status";
import { verifyAuditChain } from "@/lib/audit/verify";
import { insertUser } from "@/lib/auth/register";
import { checkLedger } from "@/lib/ledger/check";
import { deadlocks } from "../support/deadlocks";
import { throwawayDatabase, type Throwaway } from "../support/throwaway-db";
import { uniqueName } from "../support/users";

let database: Throwaway;
const instances: DbHandle[] = [];

afterAll(async () => {
  for (const instance of instances) await instance.close();
  await database?.drop();
});

const user = (db: DbHandle["db"], role: "admin" | "user") => {
  const username = uniqueName(role);
  return insertUser(db, { username, email: `${username}@aurum.local`, password: "a-password-1", role });
};

describe("the audit chain across instances (PostgreSQL)", () => {
  it("20 parallel audited actions through two instances' pools form one unbroken chain, without a deadlock", async () => {
    database = await throwawayDatabase();
    // Two instances of the app: each with a pool of its own on the same database.
    instances.push(await openDatabase(database.url), await openDatabase(database.url));
    const [a, b] = instances.map((i) => i.db) as [DbHandle["db"], DbHandle["db"]];
    const admins = [await user(a, "admin"), await user(b, "admin")];
    // Four users, so actions also meet on the same account rows (post() locks them before audit() takes the chain's lock).
    const users = await Promise.all([1, 2, 3, 4].map(() => user(a, "user")));
    const deadlocksBefore = deadlocks();

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const db = i % 2 === 0 ? a : b;
        return runTransaction(db, (tx) =>
          adjustBalance(tx, {
            userId: users[i % 4]!.id,
            actorId: admins[i % 2]!.id,
            ip: null,
            asset: "USDT",
            operation: "credit",
            amount: `${i + 1}.000001`,
            reason: `parallel ${i}`,
          }),
        );
      }),
    );

    const rows = await a.select().from(auditLogs).where(isNotNull(auditLogs.seq)).orderBy(asc(auditLogs.seq));
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(rows.map((r) => (r.detail as { journalId: string }).journalId).sort()).toEqual(
      results.map((r) => r.journalId).sort(),
    );
    for (const [i, row] of rows.entries()) expect(row.prevHash).toBe(i === 0 ? "0".repeat(64) : rows[i - 1]!.hash);
    // One clock along the chain: each row's time is at or after the one before it.
    for (const [i, row] of rows.entries())
      if (i > 0) expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(rows[i - 1]!.createdAt.getTime());
    const head = { seq: 20, hash: rows[19]!.hash! };
    for (const db of [a, b]) {
      expect(await verifyAuditChain(db)).toMatchObject({ intact: true, entries: 20, head, outside: { count: 0 } });
      expect(await auditChainHead(db)).toMatchObject({ ...head, entries: 20 });
      expect(await auditChainStatus(db)).toMatchObject({ state: "intact", entries: 20, head });
    }
    expect(deadlocks() - deadlocksBefore, "deadlocks").toBe(0);
    expect(await checkLedger(a)).toEqual([]);
  });

  it("an append in a REPEATABLE READ transaction whose snapshot the chain has passed runs again, instead of failing or forking", async () => {
    const [a, b] = instances.map((i) => i.db) as [DbHandle["db"], DbHandle["db"]];
    const admin = await user(a, "admin");
    const before = (await auditChainHead(a))!;
    let attempts = 0;
    await runTransaction(a, async (tx) => {
      attempts++;
      await tx.execute(sql`set transaction isolation level repeatable read`);
      // The snapshot is taken here, as a proof-of-liabilities snapshot reads the books before it audits.
      await tx.select({ n: count() }).from(auditLogs);
      if (attempts === 1) await audit(b, { actorId: admin.id, action: "test.meanwhile", target: { type: "test" } });
      await audit(tx, { actorId: admin.id, action: "test.snapshot", target: { type: "test" } });
    });
    expect(attempts).toBe(2);
    const rows = await a
      .select()
      .from(auditLogs)
      .where(sql`${auditLogs.seq} > ${before.seq}`)
      .orderBy(asc(auditLogs.seq));
    expect(rows.map((r) => [r.seq, r.action])).toEqual([
      [before.seq + 1, "test.meanwhile"],
      [before.seq + 2, "test.snapshot"],
    ]);
    expect(await verifyAuditChain(a)).toMatchObject({ intact: true, entries: before.seq + 2 });
  });
});
