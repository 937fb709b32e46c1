import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, strategies, tradingDays } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { newId } from "@/lib/core/ids";
import { checkLedger } from "@/lib/ledger/check";
import { post } from "@/lib/ledger/post";
import { utcDayStart } from "@/lib/core/time";
import { placeOrder } from "@/lib/trading/place-order";
import { withTestDatabase } from "../support/db";
import { fund } from "../support/ledger";
import { setPrice } from "../support/prices";
import { registerUser } from "../support/users";

// What ledger:check says when one side of a comparison is not there at all: a day's kept total
// without its orders or orders without their kept total, and a reserve whose strategy is gone.
// (ledger-rules, strategy-reserves and trading-days have the findings where both sides exist.)

const db = withTestDatabase();

const today = () => utcDayStart(new Date()).toISOString().slice(0, 10);

describe("ledger:check, when one side is missing", () => {
  it("names a day's orders without their kept total, and a kept total without orders", async () => {
    const { user } = await registerUser();
    await fund(db(), user.id, "USDT", 100_000_000n);
    await setPrice(db(), "4000");
    await runTransaction(db(), (tx) => placeOrder(tx, user.id, { side: "buy", type: "market", quantity: 1_000n }));
    const [day] = await db().select().from(tradingDays).where(eq(tradingDays.userId, user.id));
    expect(await checkLedger(db())).toEqual([]);

    await db().delete(tradingDays).where(eq(tradingDays.userId, user.id));
    expect(await checkLedger(db())).toEqual([
      {
        rule: "each day's trading total equals its orders",
        detail: `user ${user.id} on ${today()}: kept nothing, orders sum to ${day!.used}`,
      },
    ]);
    await db().insert(tradingDays).values(day!);
    expect(await checkLedger(db())).toEqual([]);

    // A day on which the user placed nothing.
    await db().insert(tradingDays).values({ userId: user.id, day: "2026-01-02", used: 7n });
    expect(await checkLedger(db())).toEqual([
      {
        rule: "each day's trading total equals its orders",
        detail: `user ${user.id} on 2026-01-02: kept 7, orders sum to nothing`,
      },
    ]);
    await db()
      .delete(tradingDays)
      .where(and(eq(tradingDays.userId, user.id), eq(tradingDays.day, "2026-01-02")));
    expect(await checkLedger(db())).toEqual([]);
  });

  it("names a stopped strategy's reserve that still holds something, with its balance and status", async () => {
    const { user } = await registerUser();
    await fund(db(), user.id, "USDT", 10n);
    const [stopped] = await db()
      .insert(strategies)
      .values({
        id: newId(),
        userId: user.id,
        type: "recurring",
        status: "stopped",
        amount: 5n,
        period: "hourly",
        reservedQuote: 3n,
        funded: 3n,
      })
      .returning();
    const legs = (amount: bigint) => [
      { account: { userId: user.id, asset: "USDT", kind: "spot" as const }, amount: -amount },
      { account: { userId: user.id, asset: "USDT", kind: "reserve" as const, strategyId: stopped!.id }, amount },
    ];
    await post(db(), { kind: "strategy", legs: legs(3n) });
    const [reserve] = await db().select().from(accounts).where(eq(accounts.strategyId, stopped!.id));
    expect(await checkLedger(db())).toEqual([
      {
        rule: "only a running or paused strategy holds a reserve",
        detail: `reserve ${reserve!.id} (${user.id} USDT, strategy ${stopped!.id}): balance 3, strategy stopped`,
      },
    ]);
    await post(db(), { kind: "strategy", legs: legs(-3n) });
    await db().update(strategies).set({ reservedQuote: 0n }).where(eq(strategies.id, stopped!.id));
    expect(await checkLedger(db())).toEqual([]);
  });

  // Last in the file: it drops the foreign key from this file's own database.
  it("names a reserve whose strategy does not exist, were the foreign key ever dropped", async () => {
    const { user } = await registerUser();
    await fund(db(), user.id, "USDT", 10n);
    await db().execute(sql`alter table accounts drop constraint if exists accounts_strategy_id_strategies_id_fk`);
    const strategyId = newId();
    await post(db(), {
      kind: "strategy",
      legs: [
        { account: { userId: user.id, asset: "USDT", kind: "spot" }, amount: -3n },
        { account: { userId: user.id, asset: "USDT", kind: "reserve", strategyId }, amount: 3n },
      ],
    });
    const [reserve] = await db().select().from(accounts).where(eq(accounts.strategyId, strategyId));
    expect(await checkLedger(db())).toEqual([
      {
        rule: "a reserve belongs to a strategy of its user",
        detail: `reserve ${reserve!.id} (${user.id} USDT, strategy ${strategyId}): the strategy is missing`,
      },
    ]);
  });
});
