import { createHash } from "node:crypto";
import { and, count, eq, sql, type SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DELETE as deleteReserveRoute, PUT as updateReserveRoute } from "@/app/api/admin/proof/reserves/[id]/route";
import { GET as listReservesRoute, POST as createReserveRoute } from "@/app/api/admin/proof/reserves/route";
import { POST as approveRoute } from "@/app/api/admin/approvals/[id]/approve/route";
import { POST as forceRoute } from "@/app/api/admin/proof/snapshots/force/route";
import { POST as takeRoute } from "@/app/api/admin/proof/snapshots/route";
import { GET as meRoute } from "@/app/api/proof/snapshots/[id]/me/route";
import { GET as snapshotRoute } from "@/app/api/proof/snapshots/[id]/route";
import { GET as listRoute } from "@/app/api/proof/snapshots/route";
import { accounts, auditLogs, outbox, proofSnapshots, users } from "@/db/schema";
import { utcText } from "@/lib/core/format";
import { pipelinedAfter, runTransaction, sqlState } from "@/db/transaction";
import { rowsOf } from "@/db/rows";
import { audit, auditChainHead } from "@/lib/audit";
import { readEnv } from "@/lib/core/env";
import { DAY_MS, HOUR_MS } from "@/lib/core/time";
import { post } from "@/lib/ledger/post";
import { auditHeadCommitted, checkSnapshot } from "@/lib/proof/check";
import { decodeSums, hexOf } from "@/lib/proof/encoding";
import { buildLevels, leafNode } from "@/lib/proof/tree";
import { takeDailySnapshot } from "@/lib/proof/daily";
import type { ProofFile } from "@/lib/proof/proof-file";
import { takeSnapshot } from "@/lib/proof/snapshot";
import { latestSnapshot, proofStatus, pruneOldLeaves, snapshotById } from "@/lib/proof/snapshots";
import { verifyProof } from "@/lib/proof/verify";
import { signInAdmin } from "../support/admin";
import { withInsertFault } from "../support/db-fault";
import { withTestDatabase } from "../support/db";
import { refusal as refusalOf } from "../support/refusal";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { registerUser, uniqueName } from "../support/users";

const db = withTestDatabase();

const refusal = (statement: SQL) => refusalOf(db(), statement);
const sha256 = async (bytes: Uint8Array) => new Uint8Array(createHash("sha256").update(bytes).digest());

/** Moves `units` of a user's spot money into another of their accounts, as holds, savings and the vault do. */
const setAside = (userId: string, asset: string, kind: "hold" | "savings" | "storage", units: bigint) =>
  post(db(), {
    kind: "adjustment",
    legs: [
      { account: { userId, asset, kind: "spot" }, amount: -units },
      { account: { userId, asset, kind }, amount: units },
    ],
  });

async function snapshotOf(token: string) {
  const res = await call(takeRoute, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.snapshot as {
    id: string;
    rootHash: string;
    accountCount: number;
    totals: Record<string, string>;
    auditHead: string | null;
  };
}

describe("proof of liabilities", () => {
  it("counts every account a user owns, whatever its kind; the user's proof verifies against the published root", async () => {
    const admin = await signInAdmin(db());
    const alice = await registerUser();
    const bob = await registerUser();
    const nobody = await registerUser();
    await fund(db(), alice.user.id, "USDT", 1_000_123_457n);
    await setAside(alice.user.id, "USDT", "hold", 200_000_001n);
    await setAside(alice.user.id, "USDT", "savings", 300_000_000n);
    await fund(db(), alice.user.id, "XAUT", 1_500_000n);
    await setAside(alice.user.id, "XAUT", "storage", 1_499_999n);
    await fund(db(), bob.user.id, "USDT", 7n);

    const before = await call(listRoute, {});
    await audit(db(), { actorId: admin.user.id, action: "test.mark", target: { type: "test" } });
    const head = await auditChainHead(db());
    const snapshot = await snapshotOf(admin.token);
    // The audit chain's head as the snapshot read it, in the form audit:verify --expect takes.
    expect(head).not.toBeNull();
    expect(snapshot.auditHead).toBe(`${head!.seq}:${head!.hash}`);
    const totalOf = async (asset: string) =>
      (
        await db()
          .select({ t: sql<string>`coalesce(sum(${accounts.balance}), 0)::text` })
          .from(accounts)
          .where(sql`${accounts.userId} is not null and ${accounts.asset} = ${asset}`)
      )[0]!.t;
    expect(BigInt(snapshot.totals.USDT!.replace(".", ""))).toBe(BigInt(await totalOf("USDT")));
    expect(snapshot.totals.XAUT).toBe(`${(Number(await totalOf("XAUT")) / 1e6).toFixed(6)}`);

    // Public, signed out: the list and the snapshot with its coverage.
    const list = await call(listRoute, {});
    expect(list.status).toBe(200);
    expect((list.body.total as number) - (before.body.total as number)).toBe(1);
    expect((list.body.snapshots as { id: string }[])[0]!.id).toBe(snapshot.id);
    const one = await call(snapshotRoute, { params: { id: snapshot.id } });
    expect(one.body.snapshot).toMatchObject({ rootHash: snapshot.rootHash, accountCount: snapshot.accountCount });
    expect(JSON.stringify(one.body)).not.toContain(alice.user.id);

    const mine = await call(meRoute, { token: alice.token, params: { id: snapshot.id } });
    expect(mine.status).toBe(200);
    const proof = mine.body as unknown as ProofFile;
    expect(proof.account).toMatchObject({
      leaf: expect.stringMatching(/^[0-9a-f]{32}$/),
      balances: { USDT: "1000.123457", XAUT: "1.500000" },
    });
    // The file names nobody: an opaque leaf id, which only its owner can tie to their user id.
    expect(JSON.stringify(proof)).not.toMatch(new RegExp(`${alice.user.id}|${alice.user.id.replace(/-/g, "")}`));
    expect(proof.snapshot).toMatchObject({ rootHash: snapshot.rootHash, auditHead: snapshot.auditHead });
    expect(await verifyProof(proof, sha256, snapshot.rootHash, alice.user.id)).toMatchObject({ ok: true });
    expect(await verifyProof(proof, sha256, snapshot.rootHash, bob.user.id)).toMatchObject({ ok: false });

    const bobs = (await call(meRoute, { token: bob.token, params: { id: snapshot.id } })).body as unknown as ProofFile;
    expect(bobs.account.balances.USDT).toBe("0.000007");
    expect(bobs.account.nonce).not.toBe(proof.account.nonce);

    // No ledger account, no leaf: said plainly.
    const none = await call(meRoute, { token: nobody.token, params: { id: snapshot.id } });
    expect(none).toMatchObject({ status: 404, body: { code: "NOT_IN_SNAPSHOT" } });
    expect((await call(meRoute, { token: alice.token, params: { id: "not-a-uuid" } })).status).toBe(404);
    expect((await call(snapshotRoute, { params: { id: "0190f5c2-0000-7000-8000-000000000000" } })).status).toBe(404);

    // One an hour at most, however many administrators ask.
    const soon = await call(takeRoute, { token: (await signInAdmin(db())).token });
    expect(soon).toMatchObject({ status: 429, body: { code: "SNAPSHOT_TOO_SOON" } });
    expect(soon.body.message).toMatch(
      /^One snapshot an hour at most, and the last one is recent: the next can be taken in (60 minutes|59 minutes), or sooner with a second administrator's approval\.$/,
    );
    expect(Number(soon.headers.get("retry-after"))).toBeGreaterThan(3_500);

    // Sooner only when a second administrator approves: the one who asks cannot.
    const asker = await signInAdmin(db());
    const asked = await call(forceRoute, { token: asker.token });
    expect(asked).toMatchObject({ status: 202, body: { proposal: { kind: "proof.snapshot", status: "pending" } } });
    const proposalId = (asked.body.proposal as { id: string }).id;
    expect((await call(approveRoute, { token: asker.token, params: { id: proposalId } })).status).toBe(403);
    const approved = await call(approveRoute, { token: admin.token, params: { id: proposalId } });
    expect(approved, JSON.stringify(approved.body)).toMatchObject({
      status: 200,
      body: { proposal: { status: "approved" } },
    });
    const forcedId = (approved.body.proposal as { result: { snapshotId: string } }).result.snapshotId;
    const [forced] = await db().select().from(proofSnapshots).where(eq(proofSnapshots.id, forcedId));
    expect(forced).toMatchObject({ trigger: "admin", takenBy: admin.user.id, accountCount: snapshot.accountCount });
    const [forcedAudit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "proof.snapshot.take"), eq(auditLogs.targetId, forcedId)));
    expect(forcedAudit!.detail).toMatchObject({ forced: true });
    // The approval let one through, not the hour's limit off.
    expect((await call(takeRoute, { token: asker.token })).status).toBe(429);

    // A second snapshot (an hour later) gives every leaf a fresh nonce and id.
    const again = (await takeSnapshot(db(), {
      trigger: "admin",
      actor: { id: admin.user.id, ip: null },
      now: new Date(Date.now() + HOUR_MS + 1_000),
    }))!;
    const next = (await call(meRoute, { token: alice.token, params: { id: again.id } })).body as unknown as ProofFile;
    expect(next.account.nonce).not.toBe(proof.account.nonce);
    expect(next.account.leaf).not.toBe(proof.account.leaf);
    expect(next.account.balances).toEqual(proof.account.balances);
    // The first snapshot's own audit row is in the chain the second one saw.
    expect(Number(again.auditHead!.split(":")[0])).toBeGreaterThan(head!.seq);

    expect(
      (await db().select({ n: count() }).from(auditLogs).where(eq(auditLogs.action, "proof.snapshot.take")))[0]!.n,
    ).toBeGreaterThanOrEqual(2);
  });

  it("serves a path through the stored upper tree for every one of 130 accounts (three blocks of 64)", async () => {
    for (let i = 0; i < 130; i++) {
      const [user] = await db()
        .insert(users)
        .values({
          id: crypto.randomUUID(),
          username: uniqueName("bulk"),
          email: `${uniqueName("bulk")}@example.com`,
          passwordHash: "x",
          referralCode: uniqueName("R"),
        })
        .returning();
      await fund(db(), user!.id, i % 2 ? "USDT" : "XAUT", BigInt(1_000 + i * 7_919));
    }
    const snapshot = (await takeSnapshot(db(), { trigger: "daily", now: new Date("2031-01-01T00:00:01Z") }))!;
    expect(snapshot.accountCount).toBeGreaterThanOrEqual(130);
    const { proofFor } = await import("@/lib/proof/snapshots");
    const leaves = await db().execute(
      sql`select user_id from proof_leaves where snapshot_id = ${snapshot.id} order by position`,
    );
    const ids = (Array.isArray(leaves) ? leaves : (leaves as unknown as { rows: { user_id: string }[] }).rows).map(
      (r: { user_id: string }) => r.user_id,
    );
    // In the snapshot's own secret order: not by id (the order of registration), and another the next time.
    expect(ids).not.toEqual([...ids].sort());
    const other = (await takeSnapshot(db(), { trigger: "daily", now: new Date("2031-01-02T00:00:01Z") }))!;
    const otherIds = (
      await rowsOf<{ user_id: string }>(
        db(),
        sql`select user_id from proof_leaves where snapshot_id = ${other.id} order by position`,
      )
    ).map((r) => r.user_id);
    expect([...otherIds].sort()).toEqual([...ids].sort());
    expect(otherIds).not.toEqual(ids);
    let longest = 0;
    for (const id of ids) {
      const proof = await proofFor(db(), snapshot.id, id);
      const v = await verifyProof(proof, sha256, snapshot.rootHash);
      expect(v.ok, `${id}: ${JSON.stringify(v.steps.at(-1))}`).toBe(true);
      longest = Math.max(longest, proof.path.length);
    }
    expect(longest).toBe(Math.ceil(Math.log2(ids.length)));
    expect(await checkSnapshot(db(), snapshot)).toEqual([]);

    // A stored leaf changed afterwards (past the trigger that refuses it) no longer gives the published root: ledger:check says so.
    expect(
      await refusal(
        sql`update proof_leaves set balances = balances where snapshot_id = ${snapshot.id} and position = 70`,
      ),
    ).toBe("proof_leaves is append-only: UPDATE refused");
    await runTransaction(db(), async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`update proof_leaves set balances = decode(overlay(encode(balances, 'hex') placing 'ff' from 1 for 2), 'hex') where snapshot_id = ${snapshot.id} and position = 70`,
      );
    });
    const problems = await checkSnapshot(db(), snapshot);
    expect(problems.map((p) => p.rule)).toEqual([
      "the stored leaves and audit head give the published root",
      "the stored leaves add up to the published totals",
    ]);
  }, 120_000); // 130 accounts opened and funded one by one: half a minute on a busy machine

  it("reads the users a page at a time, every account of each summed whole, however many they own", async () => {
    const rows = async <T>(query: ReturnType<typeof sql>) => {
      const result = (await db().execute(query)) as unknown;
      return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
    };
    // Three accounts each, five for 'page2': read two users a page, each user's accounts are summed whole.
    const kinds = [
      ["USDT", "spot", 3],
      ["USDT", "savings", 5],
      ["XAUT", "storage", 7],
      ["USDT", "hold", 11],
      ["XAUT", "spot", 13],
    ] as const;
    const journal = crypto.randomUUID();
    await db().execute(sql`
      insert into users (id, username, email, password_hash, referral_code)
      select ('ffffffff-' || lpad(to_hex(i), 4, '0') || '-4000-8000-000000000000')::uuid, 'page' || i, 'page' || i || '@example.com', 'x', 'PG' || i from generate_series(1, 4) i`);
    for (const [n, [asset, kind, units]] of kinds.entries()) {
      await db().execute(sql`
        insert into accounts (id, user_id, asset, kind, balance)
        select gen_random_uuid(), id, ${asset}, ${kind}::account_kind, ${units} from users where username like 'page%' and (${n} < 3 or username = 'page2')`);
    }
    await db().execute(
      sql`insert into accounts (id, user_id, asset, kind) select gen_random_uuid(), null, code, 'external' from assets on conflict do nothing`,
    );
    await db().execute(sql`insert into journals (id, kind) values (${journal}, 'deposit')`);
    await db().execute(
      sql`insert into entries (journal_id, account_id, amount, balance_after) select ${journal}, a.id, a.balance, a.balance from accounts a join users u on u.id = a.user_id where u.username like 'page%'`,
    );
    await db().execute(sql`
      insert into entries (journal_id, account_id, amount)
      select ${journal}, x.id, -t.total from (select a.asset, sum(a.balance) as total from accounts a join users u on u.id = a.user_id where u.username like 'page%' group by a.asset) t
      join accounts x on x.asset = t.asset and x.kind = 'external' and x.user_id is null`);

    const n = (
      await rows<{ n: number }>(sql`select count(distinct user_id)::int as n from accounts where user_id is not null`)
    )[0]!.n;
    // The root's sums must equal the ledger's entries (or the snapshot is refused), and every owner is one leaf.
    const snapshot = (await takeSnapshot(db(), {
      trigger: "daily",
      now: new Date("2029-02-02T00:00:00Z"),
      pageUsers: 2,
    }))!;
    expect(snapshot.accountCount).toBe(n);
    expect(
      await rows(
        sql`select count(*)::int as n, count(distinct user_id)::int as d from proof_leaves where snapshot_id = ${snapshot.id}`,
      ),
    ).toEqual([{ n, d: n }]);
    const { proofFor } = await import("@/lib/proof/snapshots");
    for (const [user, balances] of [
      ["ffffffff-0002-4000-8000-000000000000", { USDT: "0.000019", XAUT: "0.000020" }],
      ["ffffffff-0003-4000-8000-000000000000", { USDT: "0.000008", XAUT: "0.000007" }],
    ] as const) {
      const proof = await proofFor(db(), snapshot.id, user);
      expect(proof.account.balances).toMatchObject(balances);
      expect(await verifyProof(proof, sha256, snapshot.rootHash)).toMatchObject({ ok: true });
    }
  });

  it("a statement pipelined after one that failed fails with that one's reason, not PostgreSQL's \"current transaction is aborted\"", async () => {
    // A snapshot's next page can be read after the leaves' write that failed (a page ending inside one
    // user's accounts reads that user again); the snapshot must still say why it failed.
    const reason = await db()
      .transaction(async (tx) => {
        // Promises, as the snapshot's are: awaiting drizzle's query object again would run it again.
        const earlier = Promise.resolve(tx.execute(sql`select 1 / 0`));
        earlier.catch(() => {});
        await pipelinedAfter(Promise.resolve(tx.execute(sql`select 1`)), earlier);
      })
      .then(
        () => "committed",
        (err: unknown) => sqlState(err),
      );
    expect(reason).toBe("22012");
    // A statement that fails for a reason of its own keeps it.
    const own = await db()
      .transaction(async (tx) => {
        const earlier = Promise.resolve(tx.execute(sql`select 1`));
        await pipelinedAfter(Promise.resolve(tx.execute(sql`select 'x'::int`)), earlier);
      })
      .then(
        () => "committed",
        (err: unknown) => sqlState(err),
      );
    expect(own).toBe("22P02");
  });

  it("pipelines its pages: a write that fails with the next reads in flight keeps nothing and leaves the database usable; pages of two rows rebuild to the root", async () => {
    for (let i = 0; i < 8; i++) {
      const u = await registerUser();
      await fund(db(), u.user.id, "USDT", BigInt(100 + i));
    }
    const leaves = async () =>
      (await db().execute(sql`select count(*)::int as n from proof_leaves`)) as unknown as
        { n: number }[] | { rows: { n: number }[] };
    const leafCount = async () => {
      const r = await leaves();
      return (Array.isArray(r) ? r : r.rows)[0]!.n;
    };
    const before = {
      snapshots: (await db().select({ n: count() }).from(proofSnapshots))[0]!.n,
      leaves: await leafCount(),
    };
    // The third leaf's write fails on the server; by then the page after it is read and the one after
    // that is queued behind the failing write: its error must reach nobody as an unhandled rejection.
    const failed = await withInsertFault(
      db(),
      { name: "refuse_third_leaf", table: "proof_leaves", when: "new.position >= 2", message: "third leaf refused" },
      () => takeSnapshot(db(), { trigger: "daily", now: new Date("2030-05-01T00:00:00Z"), pageUsers: 2 }),
    );
    expect(failed).toContain("third leaf refused");
    expect({
      snapshots: (await db().select({ n: count() }).from(proofSnapshots))[0]!.n,
      leaves: await leafCount(),
    }).toEqual(before);

    const snapshot = (await takeSnapshot(db(), {
      trigger: "daily",
      now: new Date("2030-05-01T00:00:00Z"),
      pageUsers: 2,
    }))!;
    expect(snapshot.accountCount).toBeGreaterThanOrEqual(8);
    // Every leaf stored where it was hashed: the stored leaves, rebuilt in order, give the published root.
    expect(await checkSnapshot(db(), snapshot)).toEqual([]);
  });

  it("takes one daily snapshot per UTC day, and refuses one whose users' balances do not match the ledger's entries", async () => {
    const day = new Date("2030-06-01T00:00:30Z");
    const watcher = await signInAdmin(db());
    await db().update(users).set({ antiPhishingCode: "gold-leaf" }).where(eq(users.id, watcher.user.id));
    const first = await takeDailySnapshot(db(), day);
    expect(first).not.toBeNull();
    expect(await takeDailySnapshot(db(), new Date("2030-06-01T23:59:59Z"))).toBeNull();
    expect(await takeSnapshot(db(), { trigger: "daily", now: new Date("2030-06-01T12:00:00Z") })).toBeNull();
    expect(await takeDailySnapshot(db(), new Date("2030-06-02T00:00:00Z"))).not.toBeNull();

    // Each day's head, mailed to every administrator (once: the second runner found the day taken).
    const [headEntry] = await db()
      .select({ at: auditLogs.createdAt })
      .from(auditLogs)
      .where(eq(auditLogs.seq, Number(first!.auditHead!.split(":")[0])));
    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, watcher.user.email), eq(outbox.subject, "Aurum audit log head, 2030-06-01")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Your anti-phishing code: gold-leaf");
    expect(mails[0]!.text).toContain(`audit head  ${first!.auditHead}`);
    expect(mails[0]!.text).toContain(`written     ${utcText(headEntry!.at)}`);
    expect(mails[0]!.text).toContain(`root        ${first!.rootHash}`);
    expect(mails[0]!.text).toContain(`npm run audit:verify -- --expect ${first!.auditHead}`);
    const admins = await db().select({ n: count() }).from(users).where(eq(users.role, "admin"));
    expect(
      (await db().select({ n: count() }).from(outbox).where(eq(outbox.subject, "Aurum audit log head, 2030-06-01")))[0]!
        .n,
    ).toBe(admins[0]!.n);

    const u = await registerUser();
    await fund(db(), u.user.id, "USDT", 5_000_000n);
    const snapshots = async () => (await db().select({ n: count() }).from(proofSnapshots))[0]!.n;
    const n = await snapshots();
    // A balance written around post(): the entries no longer explain it.
    await db().execute(sql`update accounts set balance = balance + 1 where user_id = ${u.user.id} and asset = 'USDT'`);
    const admin = await signInAdmin(db());
    const refused = takeSnapshot(db(), {
      trigger: "admin",
      actor: { id: admin.user.id, ip: null },
      now: new Date(Date.now() + 2 * HOUR_MS),
    });
    await expect(refused).rejects.toMatchObject({
      status: 409,
      code: "LIABILITIES_MISMATCH",
      message: expect.stringContaining("USDT"),
    });
    expect(await snapshots()).toBe(n);
    await db().execute(sql`update accounts set balance = balance - 1 where user_id = ${u.user.id} and asset = 'USDT'`);
  });

  it("counts only administrators' snapshots towards the hour: the day's scheduled one leaves an administrator's free", async () => {
    const admin = await signInAdmin(db());
    const actor = { id: admin.user.id, ip: null };
    // A day of its own, days ahead, so no other test's snapshot is within its hour.
    const day = new Date(Date.now() + 9 * DAY_MS);
    expect(await takeDailySnapshot(db(), day)).not.toBeNull();
    expect(await takeSnapshot(db(), { trigger: "admin", actor, now: new Date(day.getTime() + 1_000) })).not.toBeNull();
    await expect(
      takeSnapshot(db(), { trigger: "admin", actor, now: new Date(day.getTime() + 2_000) }),
    ).rejects.toMatchObject({ code: "SNAPSHOT_TOO_SOON" });
  });

  it("lets admins declare, change and remove reserves, audited, and shows them against the liabilities", async () => {
    const admin = await signInAdmin(db());
    const user = await registerUser();
    await fund(db(), user.user.id, "XAUT", 2_000_000n);
    const body = {
      asset: "xaut",
      custodyAddress: "0x5754284f345afc66a98fbb0a0afe71e0f007b949",
      amount: "1.234567",
      checkedAt: "2026-11-24T09:00:00Z",
      attestationUrl: "https://example.com/attestation.pdf",
    };
    const created = await call(createReserveRoute, { token: admin.token, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const reserve = created.body.reserve as { id: string; asset: string; amount: string };
    expect(reserve).toMatchObject({ asset: "XAUT", amount: "1.234567" });

    for (const [bad, field] of [
      [{ ...body, amount: "-1" }, "amount"],
      [{ ...body, amount: "1.0000001" }, "amount"],
      [{ ...body, asset: "DOGE" }, "asset"],
      [{ ...body, checkedAt: "2999-01-01T00:00:00Z" }, "checkedAt"],
      [{ ...body, checkedAt: "yesterday" }, "checkedAt"],
      [{ ...body, attestationUrl: "javascript:alert(1)" }, "attestationUrl"],
      [{ ...body, custodyAddress: "" }, "custodyAddress"],
    ] as const) {
      const res = await call(createReserveRoute, { token: admin.token, body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(res.body.errors as object), JSON.stringify(res.body)).toContain(field);
    }
    expect((await call(createReserveRoute, { token: user.token, body })).status).toBe(403);

    const updated = await call(updateReserveRoute, {
      token: admin.token,
      params: { id: reserve.id },
      method: "PUT",
      body: { ...body, amount: "3", attestationUrl: null },
    });
    expect(updated.body.reserve).toMatchObject({ amount: "3.000000", attestationUrl: null });

    const snapshot = (await takeSnapshot(db(), {
      trigger: "admin",
      actor: { id: admin.user.id, ip: null },
      now: new Date(Date.now() + 3 * HOUR_MS),
    }))!;
    const coverage = (await call(snapshotRoute, { params: { id: snapshot.id } })).body.coverage as {
      asset: string;
      reserves: string;
      liabilities: string;
      ratioBps: number | null;
    }[];
    const xaut = coverage.find((c) => c.asset === "XAUT")!;
    const owed = BigInt(xaut.liabilities.replace(".", ""));
    expect(xaut.reserves).toBe("3.000000");
    expect(xaut.ratioBps).toBe(Number((3_000_000n * 10_000n) / owed));

    expect((await call(listReservesRoute, { token: admin.token })).body.reserves).toHaveLength(1);
    expect(
      (await call(deleteReserveRoute, { token: admin.token, method: "DELETE", params: { id: reserve.id } })).status,
    ).toBe(200);
    expect(
      (await call(deleteReserveRoute, { token: admin.token, method: "DELETE", params: { id: reserve.id } })).status,
    ).toBe(404);
    const actions = (
      await db()
        .select({ action: auditLogs.action })
        .from(auditLogs)
        .where(sql`${auditLogs.action} like 'proof.reserve.%'`)
    ).map((r) => r.action);
    expect(actions.sort()).toEqual(["proof.reserve.create", "proof.reserve.delete", "proof.reserve.update"]);
  });

  it("keeps a snapshot's leaves PROOF_LEAVES_KEEP_DAYS days, then prunes them; the root and totals stay", async () => {
    const user = await registerUser();
    await fund(db(), user.user.id, "USDT", 1_234_567n);
    const now = new Date();
    const old = (await takeSnapshot(db(), { trigger: "daily", now: new Date(now.getTime() - 91 * DAY_MS) }))!;
    const kept = (await takeSnapshot(db(), { trigger: "daily", now: new Date(now.getTime() - 89 * DAY_MS) }))!;
    const leavesOf = async (id: string) =>
      (
        await rowsOf<{ n: number }>(db(), sql`select count(*)::int as n from proof_leaves where snapshot_id = ${id}`)
      )[0]!.n;
    expect(await leavesOf(old.id)).toBeGreaterThan(0);

    expect(await pruneOldLeaves(db(), now)).toBe(old.accountCount);
    expect(await leavesOf(old.id)).toBe(0);
    expect(await leavesOf(kept.id)).toBe(kept.accountCount);
    expect(await call(meRoute, { token: user.token, params: { id: old.id } })).toMatchObject({
      status: 404,
      body: { code: "PROOF_PRUNED" },
    });
    expect((await call(meRoute, { token: user.token, params: { id: kept.id } })).status).toBe(200);
    expect((await call(snapshotRoute, { params: { id: old.id } })).body.snapshot).toMatchObject({
      rootHash: old.rootHash,
      accountCount: old.accountCount,
    });
    // Configurable, never below what the database allows.
    expect(await pruneOldLeaves(db(), now)).toBe(0);
    expect(() => readEnv({ ...process.env, PROOF_LEAVES_KEEP_DAYS: "7" })).toThrow(/PROOF_LEAVES_KEEP_DAYS/);
  });

  it("keeps snapshots, their leaves and nodes append-only: a published snapshot never changes, and leaves go only when 30 days old", async () => {
    const user = await registerUser();
    await fund(db(), user.user.id, "USDT", 42n);
    const snapshot = (await takeSnapshot(db(), { trigger: "daily", now: new Date("2035-05-05T00:00:00Z") }))!;
    for (const [statement, message] of [
      [
        sql`update proof_snapshots set audit_head = null where id = ${snapshot.id}`,
        "proof_snapshots is append-only: UPDATE refused",
      ],
      [
        sql`update proof_snapshots set root_hash = '' where id = ${snapshot.id}`,
        "proof_snapshots is append-only: UPDATE refused",
      ],
      [sql`delete from proof_snapshots where id = ${snapshot.id}`, "proof_snapshots is append-only: DELETE refused"],
      [sql`truncate proof_snapshots cascade`, "proof_snapshots is append-only: TRUNCATE refused"],
      [
        sql`update proof_nodes set hash = hash where snapshot_id = ${snapshot.id}`,
        "proof_nodes is append-only: UPDATE refused",
      ],
      [sql`delete from proof_nodes where snapshot_id = ${snapshot.id}`, "proof_nodes is append-only: DELETE refused"],
      [sql`delete from proof_leaves where snapshot_id = ${snapshot.id}`, "proof_leaves is append-only: DELETE refused"],
      [sql`truncate proof_leaves`, "proof_leaves is append-only: TRUNCATE refused"],
    ] as const) {
      expect(await refusal(statement)).toBe(message);
    }
    expect(await checkSnapshot(db(), snapshot)).toEqual([]);

    // ledger:check and the dashboard compare the root's sums with the ledger's read with them: a row
    // changed past the trigger so they differ is named.
    await runTransaction(db(), async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`update proof_snapshots set ledger_sums = jsonb_set(ledger_sums, '{0}', '"1"') where id = ${snapshot.id}`,
      );
    });
    const changed = (await snapshotById(db(), snapshot.id))!;
    expect(await checkSnapshot(db(), changed)).toEqual([
      {
        rule: "root sums equal the ledger's liabilities",
        detail: expect.stringContaining(`snapshot ${snapshot.id}: root `),
      },
    ]);
    expect(await proofStatus(db(), changed.takenAt)).toMatchObject({
      snapshot: { id: snapshot.id },
      matchesLedger: false,
    });
  });

  it("warns when the daily snapshot is late: the latest is more than 26 hours old", async () => {
    const latest = (await latestSnapshot(db()))!;
    const at = (ms: number) => new Date(latest.takenAt.getTime() + ms);
    expect(await proofStatus(db(), at(26 * HOUR_MS))).toMatchObject({ snapshot: { id: latest.id }, late: false });
    expect(await proofStatus(db(), at(26 * HOUR_MS + 1))).toMatchObject({ late: true });
  });

  it("serves no proof of a snapshot of the first format (its leaves named users), and still checks its root", async () => {
    const user = await registerUser();
    await fund(db(), user.user.id, "USDT", 77n);
    const taken = (await takeSnapshot(db(), { trigger: "daily", now: new Date("2036-06-06T00:00:00Z") }))!;
    // As the previous version wrote it: the leaves hashed with the user ids, the root the tree's top.
    const leaves = await rowsOf<{ user_id: string; nonce: string; balances: string }>(
      db(),
      sql`select user_id, encode(nonce, 'hex') as nonce, encode(balances, 'hex') as balances from proof_leaves where snapshot_id = ${taken.id} order by position`,
    );
    const levels = buildLevels(
      leaves.map((l) =>
        leafNode({
          leafId: l.user_id,
          nonce: new Uint8Array(Buffer.from(l.nonce, "hex")),
          balances: decodeSums(new Uint8Array(Buffer.from(l.balances, "hex"))),
        }),
      ),
    );
    await runTransaction(db(), async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`update proof_snapshots set format = 1, root_hash = ${hexOf(levels.at(-1)![0]!.hash)} where id = ${taken.id}`,
      );
    });
    const first = (await snapshotById(db(), taken.id))!;
    expect(await checkSnapshot(db(), first)).toEqual([]);
    expect(await auditHeadCommitted(db(), first)).toBeNull();
    expect(await call(meRoute, { token: user.token, params: { id: taken.id } })).toMatchObject({
      status: 404,
      body: { code: "PROOF_FORMAT_RETIRED" },
    });
    // Checked as the first format, a root of the second is wrong, and the other way round.
    expect((await checkSnapshot(db(), { ...first, format: 2 })).map((p) => p.rule)).toEqual([
      "the stored leaves and audit head give the published root",
    ]);
    expect((await checkSnapshot(db(), { ...taken, format: 1 })).map((p) => p.rule)).toEqual([
      "the stored leaves and audit head give the published root",
    ]);
    expect(await auditHeadCommitted(db(), taken)).toBe(true);
  });
});
