import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, entries, journals } from "@/db/schema";
import { amountIn, findAsset } from "@/lib/ledger/assets";
import { userBalances } from "@/lib/ledger/balances";
import { checkLedger } from "@/lib/ledger/check";
import { post, type Leg } from "@/lib/ledger/post";
import { withTestDatabase } from "../support/db";
import { fund } from "../support/ledger";
import { balanceOf } from "../support/trading";
import { registerUser } from "../support/users";

// post() refuses any journal whose legs do not sum to exactly zero in every asset: one unit short
// or one unit over, and a journal whose assets only balance each other.

const db = withTestDatabase();

async function written() {
  const [[j], [e]] = await Promise.all([
    db().select({ n: count() }).from(journals),
    db().select({ n: count() }).from(entries),
  ]);
  return { journals: j!.n, entries: e!.n };
}

describe("post() and the sum of the legs", () => {
  it("refuses one unit short, one unit over, and assets balancing each other, writing nothing", async () => {
    const { user } = await registerUser();
    await fund(db(), user.id, "USDT", 12_345_679n);
    await fund(db(), user.id, "XAUT", 987_654n);
    const spot = (asset: string) => ({ userId: user.id, asset, kind: "spot" as const });
    const savings = (asset: string) => ({ userId: user.id, asset, kind: "savings" as const });
    const before = await written();

    const unbalanced: [string, Leg[], RegExp][] = [
      [
        "one unit short",
        [
          { account: spot("USDT"), amount: -1_234_567n },
          { account: savings("USDT"), amount: 1_234_566n },
        ],
        /USDT legs sum to -1, not zero/,
      ],
      [
        "one unit over",
        [
          { account: spot("USDT"), amount: -1_234_567n },
          { account: savings("USDT"), amount: 1_234_568n },
        ],
        /USDT legs sum to 1, not zero/,
      ],
      [
        "short in the second asset",
        [
          { account: spot("USDT"), amount: -7n },
          { account: savings("USDT"), amount: 7n },
          { account: spot("XAUT"), amount: -98_765n },
          { account: savings("XAUT"), amount: 98_764n },
        ],
        /XAUT legs sum to -1/,
      ],
      [
        "assets offsetting each other",
        [
          { account: spot("USDT"), amount: -1_234_567n },
          { account: savings("USDT"), amount: 1_234_568n },
          { account: spot("XAUT"), amount: -1n },
        ],
        /legs sum to (1|-1), not zero/,
      ],
      [
        "a system leg one unit short",
        [
          { account: { system: "interest", asset: "USDT" }, amount: -3_333n },
          { account: savings("USDT"), amount: 3_332n },
        ],
        /USDT legs sum to -1/,
      ],
    ];
    for (const [name, legs, error] of unbalanced) {
      await expect(post(db(), { kind: "transfer", legs }), name).rejects.toThrow(error);
    }
    expect(await written()).toEqual(before);
    expect(await balanceOf(db(), user.id, "USDT")).toBe(12_345_679n);
    expect(await balanceOf(db(), user.id, "USDT", "savings")).toBe(0n);

    // The same journal balanced is posted: what was refused was the sum, nothing else.
    await post(db(), {
      kind: "transfer",
      legs: [
        { account: spot("USDT"), amount: -1_234_567n },
        { account: savings("USDT"), amount: 1_234_567n },
      ],
    });
    expect(await balanceOf(db(), user.id, "USDT", "savings")).toBe(1_234_567n);
    expect(await checkLedger(db())).toEqual([]);
  });
});

describe("a user's balances", () => {
  it("lists every asset, each balance of the user's own accounts by kind and zero where none exists", async () => {
    const { user } = await registerUser();
    const { user: other } = await registerUser();
    await fund(db(), user.id, "USDT", 12_345_678n);
    await fund(db(), other.id, "USDT", 99n);
    await fund(db(), user.id, "XAUT", 5n);
    const spot = { userId: user.id, asset: "USDT", kind: "spot" as const };
    // (Not the hold: ledger:check, below, wants every hold to match an order or a withdrawal.)
    for (const [kind, amount] of [
      ["storage", 20n],
      ["savings", 300n],
    ] as const) {
      await post(db(), {
        kind: "transfer",
        legs: [
          { account: spot, amount: -amount },
          { account: { userId: user.id, asset: "USDT", kind }, amount },
        ],
      });
    }
    const balances = await userBalances(db(), user.id);
    expect(balances.map((b) => b.asset)).toEqual(["BTC", "ETH", "USDC", "USDT", "XAUT"]);
    expect(balances.find((b) => b.asset === "USDT")).toEqual({
      asset: "USDT",
      name: "Tether USD",
      decimals: 6,
      available: "12.345358",
      hold: "0.000000",
      storage: "0.000020",
      savings: "0.000300",
      reserve: "0.000000",
    });
    expect(balances.find((b) => b.asset === "XAUT")).toMatchObject({ available: "0.000005", hold: "0.000000" });
    expect(balances.find((b) => b.asset === "BTC")).toMatchObject({
      decimals: 8,
      available: "0.00000000",
      savings: "0.00000000",
    });
  });
});

describe("assets and amounts at the API", () => {
  it("finds an asset whatever its case, and refuses an unknown one as the caller's 400", async () => {
    expect(await findAsset(db(), "xaut")).toEqual({ code: "XAUT", name: "Tether Gold", decimals: 6 });
    await expect(findAsset(db(), "doge")).rejects.toMatchObject({
      status: 400,
      code: "UNKNOWN_ASSET",
      message: "Unknown asset doge",
      errors: { asset: ["Unknown asset doge"] },
    });
  });

  it("reads an amount in the asset's decimals, naming the field and the asset when it is wrong", async () => {
    const btc = await findAsset(db(), "BTC");
    expect(amountIn(btc, "0.00000001")).toBe(1n);
    await expect(async () => amountIn(btc, "0.000000001", "quantity")).rejects.toMatchObject({
      status: 400,
      message: "BTC amounts have at most 8 decimals",
      errors: { quantity: ["BTC amounts have at most 8 decimals"] },
    });
    await expect(async () => amountIn(btc, "-1")).rejects.toMatchObject({
      status: 400,
      errors: { amount: ["Amount must be greater than zero"] },
    });
  });
});

describe("ledger:check names each broken invariant, and only that one", () => {
  it("a journal that no longer balances, and an entry whose balance after is not the running sum", async () => {
    const { user } = await registerUser();
    const posted = await fund(db(), user.id, "XAUT", 1_000n);
    const [userLeg, systemLeg] = posted.entries;
    expect(await checkLedger(db())).toEqual([]);

    // The system leg changed: the journal sums to 1, yet every user balance still matches its entries.
    await db().update(entries).set({ amount: -999n }).where(eq(entries.id, systemLeg!.id));
    expect(await checkLedger(db())).toEqual([
      { rule: "journals balance per asset", detail: `journal ${posted.journal.id}: XAUT entries sum to 1` },
    ]);
    await db().update(entries).set({ amount: -1_000n }).where(eq(entries.id, systemLeg!.id));

    await db().update(entries).set({ balanceAfter: 999n }).where(eq(entries.id, userLeg!.id));
    expect(await checkLedger(db())).toEqual([
      {
        rule: "balance_after is the running sum",
        detail: `entry ${userLeg!.id} on account ${userLeg!.accountId}: balance_after 999, running sum 1000`,
      },
    ]);
    await db().update(entries).set({ balanceAfter: 1_000n }).where(eq(entries.id, userLeg!.id));
    expect(await checkLedger(db())).toEqual([]);
  });

  // Last in the file: it drops the constraint from this file's own database.
  it("a negative user balance, were the database's own constraint ever dropped", async () => {
    const { user } = await registerUser();
    await fund(db(), user.id, "BTC", 5n);
    const [account] = await db()
      .select()
      .from(accounts)
      .where(and(eq(accounts.userId, user.id), eq(accounts.asset, "BTC")));
    await db().execute(sql`alter table accounts drop constraint if exists accounts_user_balance_non_negative`);
    await db().update(accounts).set({ balance: -1n }).where(eq(accounts.id, account!.id));
    const problems = await checkLedger(db());
    expect(problems).toContainEqual({
      rule: "user balances are not negative",
      detail: `account ${account!.id} (${user.id} spot BTC): balance -1`,
    });
    expect(problems.map((p) => p.rule).sort()).toEqual([
      "balance equals the sum of entries",
      "user balances are not negative",
    ]);
  });
});
