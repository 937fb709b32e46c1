import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, strategies } from "@/db/schema";
import { newId } from "@/lib/core/ids";
import { lockAccounts, post, type AccountRef } from "@/lib/ledger/post";
import { withTestDatabase } from "../support/db";
import { fund } from "../support/ledger";
import { registerUser } from "../support/users";
import { watched } from "../support/watched-db";

// What a posting sends, beside what it leaves: each statement it saves (a lock, a read, a row
// written) is one a busy ledger would otherwise pay for on every trade.

const db = withTestDatabase();
const LOCK = /for update of a$/;
const SYSTEM_READ = /^select a\.id.* join unnest\(\$1::text\[\], \$2::text\[\]\)/;
const CREATE = /^insert into "accounts"/;
const SAVE = /^update accounts a set balance/;

async function accountId(userId: string, kind: "spot" | "savings" | "storage", asset = "USDT") {
  const [row] = await db()
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.kind, kind), eq(accounts.asset, asset)));
  return row!.id;
}

describe("a posting's statements", () => {
  it("lock the user accounts once and read the system ones once, creating nothing that exists", async () => {
    const { user } = await registerUser();
    await fund(db(), user.id, "USDT", 100n);
    const { db: counted, statements } = await watched(db());
    await post(counted, {
      kind: "withdrawal",
      legs: [
        { account: { userId: user.id, asset: "USDT", kind: "spot" }, amount: -30n },
        { account: { system: "external", asset: "USDT" }, amount: 30n },
      ],
    });
    const texts = statements.map((s) => s.text);
    expect(texts.filter((t) => LOCK.test(t))).toHaveLength(1);
    expect(texts.filter((t) => SYSTEM_READ.test(t))).toHaveLength(1);
    expect(texts.filter((t) => CREATE.test(t))).toEqual([]);
  });

  it("read no system account for a move between a user's own accounts, and answer with their balances only", async () => {
    const { user } = await registerUser();
    await fund(db(), user.id, "USDT", 101n);
    const { db: counted, statements } = await watched(db());
    const posted = await post(counted, {
      kind: "transfer",
      legs: [
        { account: { userId: user.id, asset: "USDT", kind: "spot" }, amount: -40n },
        { account: { userId: user.id, asset: "USDT", kind: "savings" }, amount: 40n },
      ],
    });
    expect(statements.filter((s) => SYSTEM_READ.test(s.text))).toEqual([]);
    expect(posted.balances).toEqual(
      new Map([
        [await accountId(user.id, "spot"), 61n],
        [await accountId(user.id, "savings"), 40n],
      ]),
    );
  });

  it("answer with the user accounts' balances, not the system accounts'", async () => {
    const { user } = await registerUser();
    const posted = await fund(db(), user.id, "USDT", 100n);
    expect(posted.balances).toEqual(new Map([[await accountId(user.id, "spot"), 100n]]));
  });

  it("create only the accounts that are missing", async () => {
    const { user } = await registerUser();
    await fund(db(), user.id, "USDT", 100n);
    const { db: counted, statements } = await watched(db());
    await post(counted, {
      kind: "storage",
      legs: [
        { account: { userId: user.id, asset: "USDT", kind: "spot" }, amount: -10n },
        { account: { userId: user.id, asset: "USDT", kind: "storage" }, amount: 10n },
      ],
    });
    const created = statements.filter((s) => CREATE.test(s.text));
    expect(created).toHaveLength(1);
    // One row of values: the storage account's, not the spot account's again.
    expect(created[0]!.text.match(/\(\$\d+/g)).toHaveLength(1);
  });

  it("write no balance that the journal leaves as it was", async () => {
    const { user } = await registerUser();
    await fund(db(), user.id, "USDT", 100n);
    const spot = { userId: user.id, asset: "USDT", kind: "spot" } as const;
    const { db: counted, statements } = await watched(db());
    const posted = await post(counted, {
      kind: "correction",
      legs: [
        { account: spot, amount: -25n },
        { account: spot, amount: 25n },
      ],
    });
    expect(posted.entries.map((e) => e.balanceAfter)).toEqual([75n, 100n]);
    expect(statements.filter((s) => SAVE.test(s.text))).toEqual([]);
  });
});

describe("lockAccounts", () => {
  it("outside a transaction, locks nothing and leaves the posting to lock for itself", async () => {
    const { user } = await registerUser();
    await fund(db(), user.id, "USDT", 100n);
    const { db: counted, statements } = await watched(db());
    const refs: AccountRef[] = [
      { userId: user.id, asset: "USDT", kind: "spot" },
      { system: "external", asset: "USDT" },
    ];
    const locked = await lockAccounts(counted, refs);
    expect(statements).toEqual([]);
    expect(locked).toBeNull();
  });
});

describe("a strategy's reserve", () => {
  it("is its own account, beside another strategy's reserve of the same user and asset", async () => {
    const { user } = await registerUser();
    const [first, second] = await db()
      .insert(strategies)
      .values(
        [1, 2].map(() => ({
          id: newId(),
          userId: user.id,
          type: "recurring" as const,
          status: "running" as const,
          amount: 1n,
          period: "hourly" as const,
        })),
      )
      .returning({ id: strategies.id });
    const reserve = (strategyId: string) => ({ userId: user.id, asset: "USDT", kind: "reserve" as const, strategyId });
    await post(db(), {
      kind: "strategy",
      legs: [
        { account: reserve(first!.id), amount: 50n },
        { account: { system: "external", asset: "USDT" }, amount: -50n },
      ],
    });
    // One posting naming both: the first's reserve gives 20 to the second's.
    await post(db(), {
      kind: "strategy",
      legs: [
        { account: reserve(first!.id), amount: -20n },
        { account: reserve(second!.id), amount: 20n },
      ],
    });
    const held = await db()
      .select({ strategyId: accounts.strategyId, balance: accounts.balance })
      .from(accounts)
      .where(and(eq(accounts.userId, user.id), eq(accounts.kind, "reserve")));
    expect(new Map(held.map((a) => [a.strategyId, a.balance]))).toEqual(
      new Map([
        [first!.id, 30n],
        [second!.id, 20n],
      ]),
    );
  });
});
