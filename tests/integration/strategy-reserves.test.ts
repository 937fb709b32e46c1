import { and, count, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as balanceRoute } from "@/app/api/auth/balance/route";
import { GET as recordsRoute } from "@/app/api/records/route";
import { accounts, journals, orders, strategies, strategyRuns, type Strategy } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { cancelWithdrawal, placeWithdrawal } from "@/lib/funding/withdrawals";
import { newId } from "@/lib/core/ids";
import { userBalances } from "@/lib/ledger/balances";
import { checkLedger } from "@/lib/ledger/check";
import { post } from "@/lib/ledger/post";
import { attempt } from "@/lib/strategies/attempt";
import { lockStrategy } from "@/lib/strategies/books";
import { levelPrices, gridQuantity } from "@/lib/strategies/grid";
import { runDueRounds } from "@/lib/strategies/rounds";
import { fillCrossedOrders } from "@/lib/strategies/fill-job";
import { holdLegs, moveLegs } from "@/lib/trading/legs";
import type { OrderRequest } from "@/lib/trading/order-input";
import { buyDebit } from "@/lib/trading/pricing";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { createStrategy, pauseStrategy, reserveOf, stopStrategy } from "../support/strategies";
import { balanceOf, trade } from "../support/trading";
import { registerUser } from "../support/users";

const db = withTestDatabase();
// Ticks land at the real time or later, each after the last (the feed's last tick is the latest by
// time), so no price is stale however long the database took to start on a busy machine.
let last = 0;
const later = () => new Date((last = Math.max(last + 1_000, Date.now())));
const latest = () => new Date(last);
const UNIT = 1_000_000n;
const BUDGET_REASON = "Its remaining budget does not cover the order";

async function saver(usdt = "1000") {
  const { user, token } = await registerUser();
  await fund(db(), user.id, "USDT", units(usdt));
  return { id: user.id, token };
}

/** An open-ended recurring buy whose ceiling skips its first round: 50 USDT sits in its reserve, nothing spent. */
async function idleStrategy(token: string): Promise<string> {
  const created = await createStrategy(token, {
    type: "recurring",
    amount: "50",
    period: "hourly",
    priceCeiling: "2000",
    acceptRisk: true,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return (created.body.strategy as { id: string }).id;
}

/** One order of the strategy's, as its rounds place them: locked, in a transaction of its own. */
const attemptOn = (id: string, key: string, request: OrderRequest) =>
  runTransaction(db(), async (tx) => attempt(tx, await lockStrategy(tx, id), key, request));

const runsOf = async (id: string) =>
  (await db().select().from(strategyRuns).where(eq(strategyRuns.strategyId, id)).orderBy(strategyRuns.at)).map((r) => [
    r.key,
    r.outcome,
    r.reason,
  ]);

describe("a strategy's budget in its own reserve account", () => {
  it("the ledger refuses an order its reserve does not cover, though the user's spot and hold could pay it", async () => {
    await setPrice(db(), "2650", later());
    const u = await saver();
    // The user's own limit buy puts about 200 USDT on hold, which a strategy must never touch.
    expect((await trade(u.token, { side: "buy", type: "limit", quantity: "0.1", price: "2000" })).status).toBe(201);
    const ownHold = buyDebit(units("0.1"), units("2000"), 20, UNIT);
    const id = await idleStrategy(u.token);
    expect(await reserveOf(db(), id, "USDT")).toBe(units("50"));

    const market = await attemptOn(id, "test:market", { side: "buy", type: "market", total: units("100") });
    const limit = await attemptOn(id, "test:limit", {
      side: "buy",
      type: "limit",
      quantity: units("0.1"),
      limitPrice: units("2000"),
    });
    expect(market).toMatchObject({ skipped: BUDGET_REASON });
    expect(limit).toMatchObject({ skipped: BUDGET_REASON });
    expect(await db().select({ n: count() }).from(orders).where(eq(orders.strategyId, id))).toEqual([{ n: 0 }]);
    expect(await reserveOf(db(), id, "USDT")).toBe(units("50"));
    expect(await balanceOf(db(), u.id, "USDT", "hold")).toBe(ownHold);
    expect(await balanceOf(db(), u.id, "USDT")).toBe(units("950") - ownHold);

    // What the reserve covers goes through, paid from it alone.
    const fits = await attemptOn(id, "test:fits", { side: "buy", type: "market", total: units("40") });
    expect("order" in fits).toBe(true);
    const order = (fits as { order: { cost: bigint; fee: bigint } }).order;
    expect(await reserveOf(db(), id, "USDT")).toBe(units("50") - order.cost - order.fee);
    expect(fits.strategy.reservedQuote).toBe(units("50") - order.cost - order.fee);
    expect(await balanceOf(db(), u.id, "USDT", "hold")).toBe(ownHold);
    expect(await runsOf(id)).toEqual([
      ["round:1", "skipped", expect.stringContaining("above your ceiling")],
      ["test:market", "skipped", BUDGET_REASON],
      ["test:limit", "skipped", BUDGET_REASON],
      ["test:fits", "ran", null],
    ]);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("one strategy cannot spend another's reserve, though together they would cover the order", async () => {
    await setPrice(db(), "2650", later());
    const u = await saver("100");
    const [a, b] = [await idleStrategy(u.token), await idleStrategy(u.token)];
    expect(await balanceOf(db(), u.id, "USDT", "reserve")).toBe(units("100"));
    expect(await attemptOn(a, "test:both", { side: "buy", type: "market", total: units("80") })).toMatchObject({
      skipped: BUDGET_REASON,
    });
    expect([await reserveOf(db(), a, "USDT"), await reserveOf(db(), b, "USDT")]).toEqual([units("50"), units("50")]);
    // What the user reads as their strategies' reserve is both accounts added up.
    expect((await userBalances(db(), u.id)).find((x) => x.asset === "USDT")!.reserve).toBe("100.000000");
    expect(await checkLedger(db())).toEqual([]);
  });

  it("a grid's orders hold from its reserve, and fills and cancels come back to it", async () => {
    await setPrice(db(), "2680", later());
    const u = await saver("1000");
    const id = (
      (
        await createStrategy(u.token, {
          type: "grid",
          lower: "2500",
          upper: "2700",
          levels: 5,
          investment: "1000",
          acceptRisk: true,
        })
      ).body.strategy as { id: string }
    ).id;
    const open = async () =>
      db()
        .select()
        .from(orders)
        .where(and(eq(orders.strategyId, id), eq(orders.status, "open")));
    const books = async () => (await db().select().from(strategies).where(eq(strategies.id, id)))[0]!;
    const heldBy = (list: { side: string; held: bigint }[], side: string) =>
      list.filter((o) => o.side === side).reduce((s, o) => s + o.held, 0n);

    let s = await books();
    expect(await balanceOf(db(), u.id, "USDT", "hold")).toBe(heldBy(await open(), "buy"));
    expect(await reserveOf(db(), id, "USDT")).toBe(units("1000") - heldBy(await open(), "buy"));
    // The buy at 2650 fills: its XAUt and what it did not need go to the reserve, and the sell one level up holds that XAUt.
    await setPrice(db(), "2640", later());
    expect(await fillCrossedOrders(db())).toBe(1);
    s = await books();
    expect(await reserveOf(db(), id, "USDT")).toBe(s.reservedQuote);
    expect(await reserveOf(db(), id, "XAUT")).toBe(s.reservedBase);
    expect(await balanceOf(db(), u.id, "XAUT", "hold")).toBe(heldBy(await open(), "sell"));
    expect(heldBy(await open(), "sell")).toBe(s.quantity);

    expect((await pauseStrategy(u.token, id)).status).toBe(200);
    expect(await balanceOf(db(), u.id, "USDT", "hold")).toBe(0n);
    expect(await balanceOf(db(), u.id, "XAUT", "hold")).toBe(0n);
    s = await books();
    expect(await reserveOf(db(), id, "XAUT")).toBe(s.quantity);
    expect(await reserveOf(db(), id, "USDT")).toBe(s.reservedQuote);
    expect((await stopStrategy(u.token, id)).status).toBe(200);
    expect(await balanceOf(db(), u.id, "USDT", "reserve")).toBe(0n);
    expect(await balanceOf(db(), u.id, "XAUT")).toBe(s.quantity);
    expect(await checkLedger(db())).toEqual([]);
  });
});

describe("the accounts table", () => {
  it("refuses a reserve without its strategy, a strategy on any other kind, and a second reserve of one strategy and asset", async () => {
    await setPrice(db(), "2650", later());
    const u = await saver("100");
    const id = await idleStrategy(u.token);
    const row = (kind: "reserve" | "spot", strategyId: string | null) => ({
      id: newId(),
      userId: u.id,
      asset: "USDT",
      kind,
      strategyId,
    });
    await expect(db().insert(accounts).values(row("reserve", null))).rejects.toThrow();
    await expect(db().insert(accounts).values(row("spot", id))).rejects.toThrow();
    await expect(db().insert(accounts).values(row("reserve", id))).rejects.toThrow();
    await expect(db().insert(accounts).values(row("spot", null))).rejects.toThrow();
  });
});

describe("the user's balances and records", () => {
  it("count a strategy's reserve in the total and name it", async () => {
    await setPrice(db(), "2650", later());
    const u = await saver("200");
    const id = await idleStrategy(u.token);
    const balance = await call(balanceRoute, { token: u.token });
    expect((balance.body.balances as { asset: string }[]).find((b) => b.asset === "USDT")).toMatchObject({
      available: "150.000000",
      hold: "0.000000",
      reserve: "50.000000",
      valueUsdt: "200.000000",
    });
    expect(balance.body.totalUsdt).toBe("200.000000");
    const records = await call(recordsRoute, { token: u.token, path: "/api/records?account=reserve" });
    expect(records.body.records).toEqual([
      expect.objectContaining({
        kind: "strategy",
        account: "reserve",
        asset: "USDT",
        amount: "50.000000",
        balanceAfter: "50.000000",
        reference: id,
      }),
    ]);
  });
});

describe("strategies whose budget still sits in hold", () => {
  it("move it to their reserve the first time they are locked, once, and ledger:check counts it on hold until then", async () => {
    await setPrice(db(), "2680", later());
    const u = await saver("1000");
    // As the previous version left them: budgets moved spot → hold, a grid's two buys placed with no posting of their own.
    const prices = levelPrices(units("2500"), units("2700"), 5);
    const q = gridQuantity(units("600"), prices, 20, UNIT);
    const held = [3, 2].map((level) => buyDebit(q, prices[level]!, 20, UNIT));
    const legacy = async (values: Partial<Strategy>, budget: bigint) => {
      const [s] = await db()
        .insert(strategies)
        .values({
          id: newId(),
          userId: u.id,
          status: "running",
          startedAt: latest(),
          funded: budget,
          ...values,
        } as typeof strategies.$inferInsert)
        .returning();
      await post(db(), {
        kind: "strategy",
        reference: s!.id,
        actorId: u.id,
        memo: "Reserved",
        legs: holdLegs(u.id, "USDT", budget, "reserve"),
      });
      return s!;
    };
    const grid = await legacy(
      {
        type: "grid",
        lower: units("2500"),
        upper: units("2700"),
        levels: 5,
        investment: units("600"),
        quantity: q,
        reservedQuote: units("600") - held[0]! - held[1]!,
      },
      units("600"),
    );
    await db()
      .insert(orders)
      .values(
        [3, 2].map((level, i) => ({
          id: newId(),
          userId: u.id,
          side: "buy" as const,
          type: "limit" as const,
          status: "open" as const,
          quantity: q,
          limitPrice: prices[level]!,
          held: held[i]!,
          feeBps: 20,
          strategyId: grid.id,
          gridLevel: level,
        })),
      );
    const recurring = await legacy(
      {
        type: "recurring",
        amount: units("50"),
        period: "hourly",
        maxRounds: 2,
        reservedQuote: units("100"),
        nextRunAt: latest(),
      },
      units("100"),
    );
    expect(await checkLedger(db())).toEqual([]);
    const moves = async (id: string) =>
      (
        await db()
          .select({ n: count() })
          .from(journals)
          .where(and(eq(journals.reference, id), like(journals.memo, "Moved from hold%")))
      )[0]!.n;

    // The fill job locks the grid: its budget moves, then the fill pays into the reserve.
    await setPrice(db(), "2640", later());
    expect(await fillCrossedOrders(db())).toBe(1);
    const g = (await db().select().from(strategies).where(eq(strategies.id, grid.id)))[0]!;
    expect(await moves(grid.id)).toBe(1);
    expect(await reserveOf(db(), grid.id, "USDT")).toBe(g.reservedQuote);
    // Still on hold: the grid's open buy and the recurring buy, not yet touched.
    expect(await balanceOf(db(), u.id, "USDT", "hold")).toBe(held[1]! + units("100"));
    expect(await checkLedger(db())).toEqual([]);

    // The rounds runner locks the recurring buy: its 100 move, then its round buys from the reserve.
    await setPrice(db(), "2640", later());
    expect(await runDueRounds(db(), latest())).toBe(1);
    const r = (await db().select().from(strategies).where(eq(strategies.id, recurring.id)))[0]!;
    expect(r.roundsRun).toBe(1);
    expect(await moves(recurring.id)).toBe(1);
    expect(await reserveOf(db(), recurring.id, "USDT")).toBe(r.reservedQuote);
    expect(await balanceOf(db(), u.id, "USDT", "hold")).toBe(held[1]!);

    // Locked again (paused): nothing moves a second time.
    expect((await pauseStrategy(u.token, grid.id)).status).toBe(200);
    expect(await moves(grid.id)).toBe(1);
    expect(await balanceOf(db(), u.id, "USDT", "hold")).toBe(0n);
    expect(await checkLedger(db())).toEqual([]);
  });
});

describe("ledger:check", () => {
  const rules = async () => (await checkLedger(db())).map((p) => p.rule);

  it("names a hold that no order, withdrawal or strategy accounts for", async () => {
    const u = await saver("10");
    await post(db(), { kind: "trade", legs: holdLegs(u.id, "USDT", 5n, "reserve") });
    const problems = await checkLedger(db());
    expect(problems).toEqual([
      {
        rule: "holds equal open orders, pending withdrawals and unmoved strategy budgets",
        detail: expect.stringContaining(`user ${u.id} USDT: hold 5`),
      },
    ]);
    await post(db(), { kind: "trade", legs: holdLegs(u.id, "USDT", 5n, "release") });
    expect(await checkLedger(db())).toEqual([]);
  });

  it("counts a pending withdrawal's amount and fee as on hold, and a cancelled one no more", async () => {
    const u = await saver("100");
    const w = await runTransaction(db(), (tx) =>
      placeWithdrawal(tx, u.id, {
        currency: "USDT",
        decimals: 6,
        network: "TRC20",
        address: "T-test",
        amount: units("20"),
        fee: units("1"),
        twoFactorCode: undefined,
      }),
    );
    expect(await balanceOf(db(), u.id, "USDT", "hold")).toBe(units("21"));
    expect(await checkLedger(db())).toEqual([]);
    await runTransaction(db(), (tx) => cancelWithdrawal(tx, u.id, w.id));
    expect(await balanceOf(db(), u.id, "USDT", "hold")).toBe(0n);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("names a reserve apart from its strategy's books, one of a stopped strategy, and one in another user's name", async () => {
    await setPrice(db(), "2650", later());
    const u = await saver("200");
    const other = await saver("10");
    const id = await idleStrategy(u.token);
    const extra = (userId: string, amount: bigint) =>
      post(db(), { kind: "strategy", legs: moveLegs(userId, "USDT", amount, "spot", { reserve: id }) });
    const back = (userId: string, amount: bigint) =>
      post(db(), { kind: "strategy", legs: moveLegs(userId, "USDT", amount, { reserve: id }, "spot") });

    await extra(u.id, 1n);
    expect((await checkLedger(db())).map((p) => [p.rule, p.detail])).toEqual([
      [
        "a reserve equals its strategy's books",
        expect.stringContaining(`strategy ${id}): balance 50000001, the strategy's books 50000000`),
      ],
    ]);
    await back(u.id, 1n);

    expect((await stopStrategy(u.token, id)).status).toBe(200);
    await extra(u.id, 7n);
    await db().update(strategies).set({ reservedQuote: 7n }).where(eq(strategies.id, id));
    expect(await rules()).toEqual(["only a running or paused strategy holds a reserve"]);
    await back(u.id, 7n);
    await db().update(strategies).set({ reservedQuote: 0n }).where(eq(strategies.id, id));
    expect(await checkLedger(db())).toEqual([]);

    // Empty again or not, a reserve in someone else's name stays wrong: the last check of this file.
    await extra(other.id, 1n);
    await back(other.id, 1n);
    expect((await checkLedger(db())).map((p) => [p.rule, p.detail])).toEqual([
      [
        "a reserve belongs to a strategy of its user",
        expect.stringContaining(`(${other.id} USDT, strategy ${id}): the strategy is user ${u.id}'s`),
      ],
    ]);
  });
});
