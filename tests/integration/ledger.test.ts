import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { accounts, entries, journals } from "@/db/schema";
import { AppError } from "@/lib/core/errors";
import { checkLedger } from "@/lib/ledger/check";
import { post } from "@/lib/ledger/post";
import { withTestDatabase } from "../support/db";
import { fund } from "../support/ledger";
import { registerUser } from "../support/users";

const db = withTestDatabase();

async function spot(userId: string, asset = "USDT") {
  const [row] = await db()
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(sql`${accounts.userId} = ${userId} and ${accounts.kind} = 'spot' and ${accounts.asset} = ${asset}`);
  return row?.balance ?? 0n;
}

describe("the posting function", () => {
  it("moves money between accounts and records balances after", async () => {
    const { user } = await registerUser();
    const posted = await fund(db(), user.id, "USDT", 100_000_000n);
    expect(posted.entries.map((e) => e.balanceAfter)).toEqual([100_000_000n, null]);
    const moved = await post(db(), {
      kind: "transfer",
      reference: "ref-42",
      memo: "To savings",
      actorId: user.id,
      legs: [
        { account: { userId: user.id, asset: "USDT", kind: "spot" }, amount: -40_000_000n },
        { account: { userId: user.id, asset: "USDT", kind: "savings" }, amount: 40_000_000n },
      ],
    });
    expect(await spot(user.id)).toBe(60_000_000n);
    // The journal as stored names what, why and who, as the answer said.
    const [stored] = await db().select().from(journals).where(eq(journals.id, moved.journal.id));
    expect(stored).toEqual(moved.journal);
    expect(stored).toMatchObject({ kind: "transfer", reference: "ref-42", memo: "To savings", actorId: user.id });
    expect(await checkLedger(db())).toEqual([]);
  });

  it("refuses to take a user below zero, and writes nothing", async () => {
    const { user } = await registerUser();
    await fund(db(), user.id, "USDT", 5n);
    const [before] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(journals);
    const attempt = post(db(), {
      kind: "withdrawal",
      legs: [
        { account: { userId: user.id, asset: "USDT", kind: "spot" }, amount: -6n },
        { account: { system: "external", asset: "USDT" }, amount: 6n },
      ],
    });
    await expect(attempt).rejects.toMatchObject({
      status: 422,
      code: "INSUFFICIENT_FUNDS",
      message: "Insufficient USDT balance",
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    const [after] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(journals);
    expect(after!.n).toBe(before!.n);
    expect(await spot(user.id)).toBe(5n);
  });

  it("refuses unbalanced or empty legs as the caller's bug", async () => {
    const { user } = await registerUser();
    const ref = { userId: user.id, asset: "USDT", kind: "spot" as const };
    await expect(
      post(db(), {
        kind: "x",
        legs: [
          { account: ref, amount: 5n },
          { account: { system: "house", asset: "USDT" }, amount: -4n },
        ],
      }),
    ).rejects.toThrow(/sum to 1/);
    await expect(
      post(db(), {
        kind: "x",
        legs: [
          { account: ref, amount: 0n },
          { account: { system: "house", asset: "USDT" }, amount: 0n },
        ],
      }),
    ).rejects.toThrow(/zero leg/);
    await expect(post(db(), { kind: "x", legs: [{ account: ref, amount: 5n }] })).rejects.toThrow(/two legs/);
  });

  it("the database itself refuses a negative user balance", async () => {
    const { user } = await registerUser();
    await fund(db(), user.id, "USDT", 1n);
    await expect(db().update(accounts).set({ balance: -1n }).where(eq(accounts.userId, user.id))).rejects.toThrow();
  });

  it("ledger:check names a balance that no longer matches its entries", async () => {
    const { user } = await registerUser();
    await fund(db(), user.id, "BTC", 10n);
    await db()
      .update(accounts)
      .set({ balance: 11n })
      .where(sql`${accounts.userId} = ${user.id} and ${accounts.asset} = 'BTC'`);
    const problems = await checkLedger(db());
    expect(problems.map((p) => p.rule)).toEqual(["balance equals the sum of entries"]);
    expect(problems[0]!.detail).toContain("balance 11, entries sum 10");
    await db()
      .update(accounts)
      .set({ balance: 10n })
      .where(sql`${accounts.userId} = ${user.id} and ${accounts.asset} = 'BTC'`);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("keeps every invariant under random sequences of postings, failed ones included", async () => {
    const people = await Promise.all([registerUser(), registerUser(), registerUser()]);
    const ids = people.map((p) => p.user.id);
    const assetsUsed = ["USDT", "XAUT", "BTC"];
    const kinds = ["spot", "storage", "savings"] as const;
    const model = new Map<string, bigint>();
    const key = (u: string, k: string, a: string) => `${u}:${k}:${a}`;

    const op = fc.record({
      from: fc.option(fc.record({ user: fc.constantFrom(...ids), kind: fc.constantFrom(...kinds) }), {
        nil: undefined,
      }),
      to: fc.option(fc.record({ user: fc.constantFrom(...ids), kind: fc.constantFrom(...kinds) }), { nil: undefined }),
      asset: fc.constantFrom(...assetsUsed),
      amount: fc.bigInt({ min: 1n, max: 1_000n }),
    });

    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const o of ops) {
          const from = o.from
            ? { userId: o.from.user, asset: o.asset, kind: o.from.kind }
            : { system: "external" as const, asset: o.asset };
          const to = o.to
            ? { userId: o.to.user, asset: o.asset, kind: o.to.kind }
            : { system: "house" as const, asset: o.asset };
          const fromKey = o.from ? key(o.from.user, o.from.kind, o.asset) : null;
          // The debit leg comes first, so even a transfer to the same account needs the funds.
          const affordable = fromKey === null || (model.get(fromKey) ?? 0n) >= o.amount;
          try {
            await post(db(), {
              kind: "random",
              legs: [
                { account: from, amount: -o.amount },
                { account: to, amount: o.amount },
              ],
            });
            expect(affordable).toBe(true);
            if (fromKey) model.set(fromKey, (model.get(fromKey) ?? 0n) - o.amount);
            if (o.to)
              model.set(
                key(o.to.user, o.to.kind, o.asset),
                (model.get(key(o.to.user, o.to.kind, o.asset)) ?? 0n) + o.amount,
              );
          } catch (err) {
            expect(affordable).toBe(false);
            expect(err).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
          }
        }
        expect(await checkLedger(db())).toEqual([]);
        for (const [k, expected] of model) {
          const [user, kind, asset] = k.split(":");
          const [row] = await db()
            .select({ balance: accounts.balance })
            .from(accounts)
            .where(sql`${accounts.userId} = ${user} and ${accounts.kind} = ${kind} and ${accounts.asset} = ${asset}`);
          expect(row?.balance ?? 0n).toBe(expected);
        }
      }),
      { numRuns: 15 },
    );
    // Value is conserved: every asset's entries, users and system accounts together, sum to zero.
    const sums = await db()
      .select({ total: sql<string>`coalesce(sum(${entries.amount}), 0)::text` })
      .from(entries);
    expect(sums[0]!.total).toBe("0");
  }, 120_000);
});
