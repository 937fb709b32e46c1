import { count, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PUT as manageBalance } from "@/app/api/admin/users/[id]/manage-balance/route";
import { accounts, journals } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { checkLedger } from "@/lib/ledger/check";
import { post } from "@/lib/ledger/post";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { registerUser } from "../support/users";

const db = withTestDatabase();
let adminToken: string;

beforeAll(async () => {
  adminToken = (await signInAdmin(db())).token;
});

const spotOf = async (userId: string) => {
  const [row] = await db().select({ balance: accounts.balance }).from(accounts).where(sql`${accounts.userId} = ${userId} and ${accounts.kind} = 'spot' and ${accounts.asset} = 'USDT'`);
  return row?.balance ?? 0n;
};

describe("the ledger under concurrency (PostgreSQL)", () => {
  it("50 parallel debits of 10 from a balance of 100: exactly 10 succeed, the balance is 0", async () => {
    const { user } = await registerUser();
    await fund(db(), user.id, "USDT", 100_000_000n);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(manageBalance, { method: "PUT", token: adminToken, params: { id: user.id }, body: { amount: "10", operation: "debit", reason: "race" } }),
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
    // Enough transfers went through for the race to be real.
    expect(outcomes.filter((o) => o === "ok").length).toBeGreaterThan(transfers.length / 10);

    const balances = await Promise.all(ids.map(spotOf));
    expect(balances.reduce((a, b) => a + b, 0n)).toBe(12_000n);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("postings in opposite directions at once never deadlock: user accounts are locked in one order", async () => {
    const [a, b] = await Promise.all([registerUser(), registerUser()]);
    for (const p of [a, b]) await fund(db(), p.user.id, "USDT", 1_000_000n);
    const leg = (userId: string, amount: bigint) => ({ account: { userId, asset: "USDT", kind: "spot" as const }, amount });
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
    const failures = results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason?.cause ?? (r as PromiseRejectedResult).reason));
    expect(failures).toEqual([]);
    expect((await spotOf(a.user.id)) + (await spotOf(b.user.id))).toBe(2_000_000n);
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
