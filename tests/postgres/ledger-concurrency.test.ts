import { count, sql } from "drizzle-orm";
import { rowsOf } from "@/db/rows";
import { beforeAll, describe, expect, it } from "vitest";
import { PUT as manageBalance } from "@/app/api/admin/users/[id]/manage-balance/route";
import { accounts, journals } from "@/db/schema";
import { newId } from "@/lib/core/ids";
import { runTransaction, sqlState } from "@/db/transaction";
import { checkLedger } from "@/lib/ledger/check";
import { post } from "@/lib/ledger/post";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { deadlocks, expectNoDeadlocks } from "../support/deadlocks";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { registerUser } from "../support/users";

const db = withTestDatabase();
let adminToken: string;

beforeAll(async () => {
  adminToken = (await signInAdmin(db())).token;
});

// No test here may deadlock, not even once where runTransaction's retry would hide it.
expectNoDeadlocks();

const spotOf = async (userId: string) => {
  const [row] = await db()
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(sql`${accounts.userId} = ${userId} and ${accounts.kind} = 'spot' and ${accounts.asset} = 'USDT'`);
  return row?.balance ?? 0n;
};

describe("the ledger under concurrency (PostgreSQL)", () => {
  it("50 parallel debits of 10 from a balance of 100: exactly 10 succeed, the balance is 0", async () => {
    const { user } = await registerUser();
    await fund(db(), user.id, "USDT", 100_000_000n);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(manageBalance, {
          method: "PUT",
          token: adminToken,
          params: { id: user.id },
          body: { amount: "10", operation: "debit", reason: "race" },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 422)).toHaveLength(40);
    expect(await spotOf(user.id)).toBe(0n);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("transfers in both directions across many accounts never fail other than for funds, and conserve value", async () => {
    const people = await Promise.all(Array.from({ length: 12 }, () => registerUser()));
    const ids = people.map((p) => p.user.id);
    for (const id of ids) await fund(db(), id, "USDT", 1_000n);

    // Pairs in both orders, so a posting function that locked in leg order would deadlock here.
    const transfers = Array.from({ length: 300 }, (_, i) => {
      const a = ids[i % ids.length]!;
      const b = ids[(i * 7 + 3) % ids.length]!;
      return i % 2 ? [a, b] : [b, a];
    }).filter(([a, b]) => a !== b);

    const deadlocksBefore = deadlocks();
    const outcomes = await Promise.all(
      transfers.map(([from, to], i) =>
        runTransaction(db(), (tx) =>
          post(tx, {
            kind: "transfer",
            legs: [
              { account: { userId: from!, asset: "USDT", kind: "spot" }, amount: -BigInt(50 + (i % 90)) },
              { account: { userId: to!, asset: "USDT", kind: "spot" }, amount: BigInt(50 + (i % 90)) },
            ],
          }),
        ).then(
          () => "ok",
          (err: { code?: string }) => err.code ?? String(err),
        ),
      ),
    );
    const unexpected = outcomes.filter((o) => o !== "ok" && o !== "INSUFFICIENT_FUNDS");
    expect(unexpected).toEqual([]);
    // Not one deadlock, even one a retry would have hidden.
    expect(deadlocks() - deadlocksBefore).toBe(0);
    // Enough transfers went through for the race to be real.
    expect(outcomes.filter((o) => o === "ok").length).toBeGreaterThan(transfers.length / 10);

    const balances = await Promise.all(ids.map(spotOf));
    expect(balances.reduce((a, b) => a + b, 0n)).toBe(12_000n);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("postings in opposite directions at once never deadlock: user accounts are locked in one order", async () => {
    const [a, b] = await Promise.all([registerUser(), registerUser()]);
    for (const p of [a, b]) await fund(db(), p.user.id, "USDT", 1_000_000n);
    const leg = (userId: string, amount: bigint) => ({
      account: { userId, asset: "USDT", kind: "spot" as const },
      amount,
    });
    // Each posting in a bare transaction of the test's own, so a deadlock is not retried away but fails.
    const transfer = (from: string, to: string) =>
      db().transaction(async (tx) => {
        await post(tx as never, { kind: "adjustment", legs: [leg(from, -1n), leg(to, 1n)] });
        // Holding the locks a moment makes the opposite transfer's wait likely, and a deadlock sure without the order.
        await tx.execute(sql`select pg_sleep(0.005)`);
      });
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? transfer(a.user.id, b.user.id) : transfer(b.user.id, a.user.id))),
    );
    const failures = results
      .filter((r) => r.status === "rejected")
      .map((r) => String((r as PromiseRejectedResult).reason?.cause ?? (r as PromiseRejectedResult).reason));
    expect(failures).toEqual([]);
    expect((await spotOf(a.user.id)) + (await spotOf(b.user.id))).toBe(2_000_000n);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("locks the accounts it touches in id order, whatever their order on disk", async () => {
    // Two postings deadlock only if they lock the same rows in different orders. A SELECT … FOR
    // UPDATE without an ORDER BY locks rows as it scans them: in their order on disk (a sequential
    // scan, and updates keep changing it), of the index (an index scan: by user) or as first written
    // (a bitmap scan). Here all three put the higher account id first, and the locks are watched.
    const [first, second] = [(await registerUser()).user.id, (await registerUser()).user.id].sort();
    const [lo, hi] = [newId(), newId()].sort();
    await db()
      .insert(accounts)
      .values([
        { id: hi!, userId: first!, kind: "spot", asset: "USDT" },
        { id: lo!, userId: second!, kind: "spot", asset: "USDT" },
      ]);
    await fund(db(), first!, "USDT", 1_000_000n);
    await fund(db(), second!, "USDT", 1_000_000n);
    const onDisk = async () =>
      (await rowsOf<{ id: string }>(db(), sql`select id from accounts where id in (${lo}, ${hi}) order by ctid`)).map(
        (r) => r.id,
      );
    // The last update wrote the lower one's new version after the other's; make sure.
    for (let i = 0; i < 20 && (await onDisk())[0] !== hi; i++)
      await db().execute(sql`update accounts set balance = balance where id = ${lo}`);
    expect(await onDisk()).toEqual([hi, lo]);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const isHolding = new Promise<void>((resolve) => (holding = resolve));
    // Another transaction holds the higher account, as a posting to it alone would.
    const holder = db().transaction(async (tx) => {
      await tx.execute(sql`select id from accounts where id = ${hi} for update`);
      holding();
      await held;
    });
    await isHolding;
    const leg = (userId: string, amount: bigint) => ({
      account: { userId, asset: "USDT", kind: "spot" as const },
      amount,
    });
    const posting = post(db(), { kind: "adjustment", legs: [leg(first!, -7n), leg(second!, 7n)] });
    try {
      // Once the posting waits for the higher account, it must already hold the lower one.
      for (let i = 0; i < 200; i++) {
        const waiting = await rowsOf(
          db(),
          sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%"accounts"%for update%' and pid <> pg_backend_pid()`,
        );
        if (waiting.length) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const probe = await db()
        .transaction((tx) => tx.execute(sql`select id from accounts where id = ${lo} for update nowait`))
        .then(
          () => "free",
          (err: unknown) => sqlState(err) ?? String(err),
        );
      // 55P03: lock_not_available. "free" would mean the posting waits holding nothing, having met the higher id first.
      expect(probe).toBe("55P03");
    } finally {
      release();
      await holder;
      await posting;
    }
    expect(await spotOf(second!)).toBe(1_000_007n);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("one Idempotency-Key sent ten times at once posts one journal and gives ten equal answers", async () => {
    const { user } = await registerUser();
    const before = await db().select({ n: count() }).from(journals);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(manageBalance, {
          method: "PUT",
          token: adminToken,
          params: { id: user.id },
          headers: { "Idempotency-Key": "parallel-credit-0001" },
          body: { amount: "3", operation: "credit", reason: "once" },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    for (const r of results) expect(r.body).toEqual(results[0]!.body);
    expect(results.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(9);
    const after = await db().select({ n: count() }).from(journals);
    expect(after[0]!.n - before[0]!.n).toBe(1);
    expect(await spotOf(user.id)).toBe(3_000_000n);
  });
});
