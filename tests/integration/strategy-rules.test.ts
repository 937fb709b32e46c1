import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as withdrawSetupRoute, PUT as changeSetupRoute } from "@/app/api/admin/trade-setups/[id]/route";
import { POST as proposeRoute } from "@/app/api/admin/users/[id]/trade-setups/route";
import { GET as userOrdersRoute } from "@/app/api/trades/user/route";
import { accountEvents, auditLogs, journals, notifications, orders, strategies, users } from "@/db/schema";
import { money } from "@/lib/core/format";
import { newId } from "@/lib/core/ids";
import { formatAmount } from "@/lib/core/amount";
import { checkLedger } from "@/lib/ledger/check";
import { post } from "@/lib/ledger/post";
import { runDueRounds, strategyRoundsJob } from "@/lib/strategies/rounds";
import { fillCrossedOrders } from "@/lib/strategies/fill-job";
import { holdLegs } from "@/lib/trading/legs";
import { askOf, bidOf, buyDebit } from "@/lib/trading/pricing";
import { signInAdmin } from "../support/admin";
import { withInsertFault } from "../support/db-fault";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import {
  acceptSetup,
  createStrategy,
  listStrategies,
  pauseStrategy,
  reserveOf,
  resumeStrategy,
  stopStrategy,
  strategyDetail,
  testClock,
} from "../support/strategies";
import { registerUser } from "../support/users";

const db = withTestDatabase();
// One clock for the file: the feed's last tick is the latest by time, so time only moves on.
const clock = testClock();
const HOUR = 3_600_000;
const UNIT = 1_000_000n;
// Site defaults: fee 20 bps, spread 30 bps, orders of 0.001–1000 XAUT, 10000 USDT a day.
const FEE = 20;
const SPREAD = 30;
const text = (v: bigint) => formatAmount(v, 6);
let admin: { id: string; token: string };

beforeAll(async () => {
  const a = await signInAdmin(db());
  admin = { id: a.user.id, token: a.token };
});

async function saver(usdt: string) {
  const { user, token } = await registerUser();
  await fund(db(), user.id, "USDT", units(usdt));
  return { id: user.id, token };
}

type View = Record<string, unknown> & { id: string; name: string };
const viewOf = (res: { body: Record<string, unknown> }) => res.body.strategy as View;
const noticesOf = async (userId: string) =>
  (
    await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.createdAt))
  ).map((n) => [n.title, n.message]);
const memosOf = async (id: string) =>
  (await db().select().from(journals).where(eq(journals.reference, id)).orderBy(asc(journals.createdAt))).map(
    (j) => j.memo,
  );
const rowOf = async (id: string) => (await db().select().from(strategies).where(eq(strategies.id, id)))[0]!;

describe("a strategy against the user's trading rules", () => {
  it("is refused a unit past each limit with a sentence naming it, and allowed at the limit", async () => {
    await setPrice(db(), "2650", clock.advance(1_000));
    const u = await saver("20000");
    const ask = askOf(units("2650"), SPREAD);
    const refused = async (body: Record<string, unknown>) => {
      const res = await createStrategy(u.token, { acceptRisk: true, ...body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      return { code: res.body.code, message: res.body.message, errors: res.body.errors };
    };
    const allowed = async (body: Record<string, unknown>) => {
      const res = await createStrategy(u.token, { acceptRisk: true, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return viewOf(res);
    };

    const risk = "Please read and accept the risk statement before your first strategy";
    expect(await refused({ type: "recurring", amount: "100", period: "daily", acceptRisk: false })).toEqual({
      code: "RISK_NOT_ACCEPTED",
      message: risk,
      errors: { acceptRisk: [risk] },
    });

    // A round's total that buys exactly the minimum of 0.001 XAUt at the ask of 2,657.95, fee included, and a unit less.
    const least = buyDebit(units("0.001"), ask, FEE, UNIT);
    expect(least).toBe(units("2.663266"));
    const small = "2.66 USDT buys less than the minimum order of 0.001000 XAUt at today's price";
    expect(await refused({ type: "recurring", amount: "2.663265", period: "daily" })).toEqual({
      code: "QUANTITY_TOO_SMALL",
      message: small,
      errors: { amount: [small] },
    });
    const limit = "A round cannot be above your daily trading limit of 10,000.00 USDT";
    expect(await refused({ type: "recurring", amount: "10000.000001", period: "daily" })).toEqual({
      code: "DAILY_LIMIT_EXCEEDED",
      message: limit,
      errors: { amount: [limit] },
    });

    // A grid must start below the price: at it is refused, a unit below it allowed.
    const above = "The range must start below the current price of 2,650.00 USDT: a grid buys below the price first";
    expect(await refused({ type: "grid", lower: "2650", upper: "2700", levels: 2, investment: "100" })).toEqual({
      code: "RANGE_ABOVE_PRICE",
      message: above,
      errors: { lower: [above] },
    });
    // Two levels at 2000 and 2700: one buy at 2000, whose 0.001 XAUt with its fee costs 2.004 USDT.
    const gridSmall =
      "This investment buys 0.000999 XAUt per level, below the minimum order of 0.001000 XAUt: invest more or use fewer levels";
    expect(await refused({ type: "grid", lower: "2000", upper: "2700", levels: 2, investment: "2.003999" })).toEqual({
      code: "QUANTITY_TOO_SMALL",
      message: gridSmall,
      errors: { investment: [gridSmall] },
    });

    // The daily limit exactly, in one round of a one-round buy: it runs and completes at once.
    const whole = await allowed({ type: "recurring", amount: "10000", period: "daily", maxRounds: 1 });
    expect(whole).toMatchObject({ status: "completed", roundsRun: 1, nextRunAt: null, endedAt: expect.any(String) });
    expect(await reserveOf(db(), whole.id, "USDT")).toBe(0n);
    expect(await noticesOf(u.id)).toContainEqual([
      "Strategy completed",
      "Recurring buy: 10,000.00 USDT every day has run all 1 rounds. What it did not spend is back in your available balance.",
    ]);
    // With the day's limit used, a new round is skipped with the trading service's reason, as it says it.
    const [spentAll] = await db().select().from(orders).where(eq(orders.strategyId, whole.id));
    const late = await allowed({ type: "recurring", amount: "50", period: "hourly" });
    const reason = `This order would pass your daily trading limit of 10,000.00 USDT (${money(text(units("10000") - spentAll!.cost!), "USDT")} left today)`;
    expect(late).toMatchObject({ roundsRun: 0, roundsSkipped: 1, lastSkipReason: reason });
    expect(await noticesOf(u.id)).toContainEqual([
      "A strategy round was skipped",
      `Recurring buy: 50.00 USDT every hour: ${reason}. It tries again at its next round.`,
    ]);
    // Listed together, each strategy's results are its own fills only.
    const listed = (await listStrategies(u.token)).body.strategies as View[];
    expect(listed.map((x) => [x.id, (x.results as { fills: number }).fills])).toEqual([
      [late.id, 0],
      [whole.id, 1],
    ]);
    expect((await stopStrategy(u.token, late.id)).status).toBe(200);
    // A grid's opening skipped too; opened again on resume, under a key of its own.
    const skipped = await allowed({ type: "grid", lower: "2000", upper: "2700", levels: 2, investment: "100" });
    expect((await pauseStrategy(u.token, skipped.id)).status).toBe(200);
    expect((await resumeStrategy(u.token, skipped.id)).status).toBe(200);
    const runs = (
      viewOf(await strategyDetail(u.token, skipped.id)) as unknown as { runs: { key: string; outcome: string }[] }
    ).runs;
    expect(runs.map((r) => `${r.key} ${r.outcome}`).sort()).toEqual(["open-0:0 skipped", "open-1:0 skipped"]);
    expect((await stopStrategy(u.token, skipped.id)).status).toBe(200);

    // The other edges are allowed, for a user with the day's limit left.
    const v = await saver("100");
    const start = async (body: Record<string, unknown>) => {
      const res = await createStrategy(v.token, { acceptRisk: true, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return viewOf(res);
    };
    const atLeast = await start({ type: "recurring", amount: "2.663266", period: "daily", maxRounds: 3 });
    expect(atLeast).toMatchObject({ roundsRun: 1, results: { bought: "0.001000" } });
    // Its budget is three rounds: what the first did not spend stays reserved.
    expect(await rowOf(atLeast.id)).toMatchObject({ funded: least * 3n, reservedQuote: least * 2n });
    const grids = [
      await start({ type: "grid", lower: "2000", upper: "2700", levels: 2, investment: "2.004" }),
      await start({ type: "grid", lower: "2649.999999", upper: "2700", levels: 2, investment: "10" }),
    ];
    expect(grids[0]).toMatchObject({ quantityPerLevel: "0.001000", roundsRun: 1, reserved: { USDT: "0.000000" } });
    expect(grids[1]).toMatchObject({ roundsRun: 1 });
    for (const s of [atLeast, ...grids]) expect((await stopStrategy(v.token, s.id)).status).toBe(200);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("at a low price is refused what buys more than the maximum order", async () => {
    await setPrice(db(), "5", clock.advance(1_000));
    const u = await saver("7000");
    const ask = askOf(units("5"), SPREAD);
    const most = buyDebit(units("1000"), ask, FEE, UNIT);
    const res = await createStrategy(u.token, {
      type: "recurring",
      amount: text(buyDebit(units("1000.000001"), ask, FEE, UNIT)),
      period: "daily",
      acceptRisk: true,
    });
    const large = "5,025.03 USDT buys more than the maximum order of 1,000.000000 XAUt";
    expect(res.body).toMatchObject({ code: "QUANTITY_TOO_LARGE", message: large, errors: { amount: [large] } });
    // One buy at 1 USDT: 1000 XAUt with its fee costs 1002, a unit more buys past the maximum.
    const gridLarge =
      "This investment buys 1,000.000001 XAUt per level, above the maximum order of 1,000.000000 XAUt: use more levels";
    const grid = { type: "grid", lower: "1", upper: "10", levels: 2, acceptRisk: true };
    expect((await createStrategy(u.token, { ...grid, investment: "1002.000002" })).body).toMatchObject({
      code: "QUANTITY_TOO_LARGE",
      message: gridLarge,
      errors: { investment: [gridLarge] },
    });
    const started = [
      viewOf(await createStrategy(u.token, { ...grid, investment: "1002.000001" })),
      viewOf(
        await createStrategy(u.token, { type: "recurring", amount: text(most), period: "daily", acceptRisk: true }),
      ),
    ];
    expect(started[0]).toMatchObject({ quantityPerLevel: "1000.000000" });
    expect(started[1]).toMatchObject({ roundsRun: 1, results: { bought: "1000.000000" } });
    for (const s of started) expect((await stopStrategy(u.token, s.id)).status).toBe(200);
    await setPrice(db(), "2650", clock.advance(1_000));
  });
});

describe("a recurring buy's rounds", () => {
  it("tell the user why each streak of skips began, keep the next round reserved while spot lasts, and show each run", async () => {
    await setPrice(db(), "2650", clock.advance(1_000));
    const u = await saver("130");
    const created = await createStrategy(u.token, {
      type: "recurring",
      amount: "50",
      period: "hourly",
      priceCeiling: "2600",
      acceptRisk: true,
    });
    const s = viewOf(created);
    const name = "Recurring buy: 50.00 USDT every hour";
    const ceiling = "The price 2,657.95 USDT was above your ceiling of 2,600.00 USDT";
    expect(s).toMatchObject({
      name,
      status: "running",
      roundsRun: 0,
      roundsSkipped: 1,
      lastSkipReason: ceiling,
      priceCeiling: "2600.000000",
    });
    expect(Date.parse(s.nextRunAt as string) - Date.parse(s.startedAt as string)).toBe(HOUR);
    expect(await noticesOf(u.id)).toEqual([
      ["A strategy round was skipped", `${name}: ${ceiling}. It tries again at its next round.`],
    ]);

    // An hour on, under the ceiling: it buys, and tops its reserve back up to a round's 50 from spot.
    await setPrice(db(), "2500", clock.advance(HOUR + 60_000));
    expect(await runDueRounds(db(), clock.now())).toBe(1);
    const [bought] = await db().select().from(orders).where(eq(orders.strategyId, s.id));
    const spent = bought!.cost! + bought!.fee!;
    let row = await rowOf(s.id);
    expect(row).toMatchObject({
      roundsRun: 1,
      roundsSkipped: 1,
      lastSkipReason: null,
      reservedQuote: units("50"),
      funded: units("50") + spent,
    });
    expect(row.nextRunAt!.getTime() - Date.parse(s.nextRunAt as string)).toBe(HOUR);
    const detail = viewOf(await strategyDetail(u.token, s.id)) as View & {
      runs: unknown[];
      orders: { id: string; strategy: unknown }[];
    };
    expect(detail.runs).toEqual([
      { key: "round:2", outcome: "ran", reason: null, orderId: bought!.id, at: expect.any(String) },
      { key: "round:1", outcome: "skipped", reason: ceiling, orderId: null, at: expect.any(String) },
    ]);
    expect(detail.orders).toEqual([expect.objectContaining({ id: bought!.id, strategy: { id: s.id, name } })]);

    // Spot (30 less what the round cost) cannot top the reserve up after the next buy, and then cannot fund a round.
    await setPrice(db(), "2500", clock.advance(HOUR + 60_000));
    expect(await runDueRounds(db(), clock.now())).toBe(1);
    row = await rowOf(s.id);
    expect(row).toMatchObject({ roundsRun: 2, lastSkipReason: null });
    expect(row.reservedQuote).toBeLessThan(units("50"));
    await setPrice(db(), "2500", clock.advance(HOUR + 60_000));
    expect(await runDueRounds(db(), clock.now())).toBe(1);
    const short = "Your available balance does not cover the round's 50.00 USDT";
    expect(await rowOf(s.id)).toMatchObject({ roundsRun: 2, roundsSkipped: 2, lastSkipReason: short });

    // An account no longer active skips its rounds, and is told once more: a new streak. Spot
    // could top its reserve up again, but a skipped round takes nothing more from it.
    const reserved = (await rowOf(s.id)).reservedQuote;
    await fund(db(), u.id, "USDT", units("100"));
    await db().update(users).set({ status: "disabled" }).where(eq(users.id, u.id));
    await setPrice(db(), "2500", clock.advance(HOUR + 60_000));
    expect(await runDueRounds(db(), clock.now())).toBe(1);
    await setPrice(db(), "2500", clock.advance(HOUR + 60_000));
    expect(await runDueRounds(db(), clock.now())).toBe(1);
    expect(await rowOf(s.id)).toMatchObject({
      roundsRun: 2,
      roundsSkipped: 4,
      lastSkipReason: "Your account is not active",
      reservedQuote: reserved,
    });
    expect((await noticesOf(u.id)).map(([, message]) => message)).toEqual([
      `${name}: ${ceiling}. It tries again at its next round.`,
      `${name}: ${short}. It tries again at its next round.`,
      `${name}: Your account is not active. It tries again at its next round.`,
    ]);
    await db().update(users).set({ status: "active" }).where(eq(users.id, u.id));
    expect((await stopStrategy(u.token, s.id)).status).toBe(200);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("are rolled back, not skipped, when an order fails for any reason but a refusal", async () => {
    await setPrice(db(), "2650", clock.advance(1_000));
    const u = await saver("200");
    const s = viewOf(
      await createStrategy(u.token, { type: "recurring", amount: "50", period: "hourly", acceptRisk: true }),
    );
    expect(s).toMatchObject({ roundsRun: 1 });
    const before = await rowOf(s.id);
    // The database refuses this strategy's next order as a fault would: not a trading rule's 4xx.
    await setPrice(db(), "2650", clock.advance(HOUR + 60_000));
    const failed = await withInsertFault(
      db(),
      { name: "strategy_rules_fault", table: "orders", when: `new.strategy_id = '${s.id}'`, message: "disk full" },
      () => runDueRounds(db(), clock.now()),
    );
    expect(failed).toContain("disk full");
    expect(await rowOf(s.id)).toEqual(before);
    // Still due: the next pass runs it.
    expect(await runDueRounds(db(), clock.now())).toBe(1);
    expect(await rowOf(s.id)).toMatchObject({ roundsRun: 2, roundsSkipped: 0 });
    expect((await stopStrategy(u.token, s.id)).status).toBe(200);
  });

  it("resume at once, and end stopped with nothing held, the journals naming the strategy", async () => {
    await setPrice(db(), "2650", clock.advance(1_000));
    const u = await saver("500");
    const s = viewOf(
      await createStrategy(u.token, {
        type: "recurring",
        amount: "100",
        period: "weekly",
        maxRounds: 3,
        acceptRisk: true,
      }),
    );
    const paused = viewOf(await pauseStrategy(u.token, s.id));
    expect(paused).toMatchObject({ status: "paused", nextRunAt: null });
    const state = async (res: Promise<{ status: number; body: Record<string, unknown> }>) => {
      const r = await res;
      return [r.status, r.body.code, r.body.message];
    };
    expect(await state(pauseStrategy(u.token, s.id))).toEqual([
      409,
      "STRATEGY_STATE",
      "This strategy is paused: it cannot be paused",
    ]);
    // Another user's (here an administrator's) is not there for them.
    expect(await state(resumeStrategy(admin.token, s.id))).toEqual([404, "NOT_FOUND", "Strategy not found"]);
    const before = Date.now();
    const resumed = viewOf(await resumeStrategy(u.token, s.id));
    // Due now: the rounds job's next pass runs its second round.
    expect(Date.parse(resumed.nextRunAt as string)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(resumed.nextRunAt as string)).toBeLessThanOrEqual(Date.now());
    await strategyRoundsJob.run(db());
    expect(await rowOf(s.id)).toMatchObject({ roundsRun: 2, roundsSkipped: 0 });
    expect(await state(resumeStrategy(u.token, s.id))).toEqual([
      409,
      "STRATEGY_STATE",
      "This strategy is running: it cannot be resumed",
    ]);
    const stopped = viewOf(await stopStrategy(u.token, s.id));
    expect(stopped).toMatchObject({ status: "stopped", reserved: { USDT: "0.000000" }, endedAt: expect.any(String) });
    expect((await rowOf(s.id)).nextRunAt).toBeNull();
    expect(await state(stopStrategy(u.token, s.id))).toEqual([
      409,
      "STRATEGY_STATE",
      "This strategy is stopped: it cannot be stopped",
    ]);
    expect(await memosOf(s.id)).toEqual([
      "Reserved for Recurring buy: 100.00 USDT every week",
      "Released from Recurring buy: 100.00 USDT every week",
    ]);
  });
});

describe("a grid's orders", () => {
  it("open under keys naming each opening and level, go back to its reserve when paused, and are named in journals", async () => {
    await setPrice(db(), "2680", clock.advance(1_000));
    const u = await saver("1000");
    expect((await call(userOrdersRoute, { token: u.token })).body.orders).toEqual([]);
    const s = viewOf(
      await createStrategy(u.token, {
        type: "grid",
        lower: "2500",
        upper: "2700",
        levels: 5,
        investment: "1000",
        acceptRisk: true,
      }),
    );
    const name = "Grid: 2,500.00–2,700.00 USDT, 5 levels";
    expect(s).toMatchObject({ name, nextRunAt: null, startedAt: expect.any(String) });
    const keys = async () =>
      (viewOf(await strategyDetail(u.token, s.id)) as unknown as { runs: { key: string; outcome: string }[] }).runs
        .map((r) => `${r.key} ${r.outcome}`)
        .sort();
    expect(await keys()).toEqual(["open-0:0 ran", "open-0:1 ran", "open-0:2 ran", "open-0:3 ran"]);

    // The buy at 2650 fills; the sell it places one level up is the grid's, and the results value what it holds at the bid.
    await setPrice(db(), "2640", clock.advance(1_000));
    await fillCrossedOrders(db());
    const filled = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.strategyId, s.id), eq(orders.status, "filled")));
    expect(filled.map((o) => o.gridLevel)).toEqual([3]);
    expect(await keys()).toContain(`fill:${filled[0]!.id} ran`);
    await setPrice(db(), "2660", clock.advance(1_000));
    const bid = bidOf(units("2660"), SPREAD);
    expect(viewOf(await strategyDetail(u.token, s.id)).results).toMatchObject({
      holding: "0.096893",
      value: text((96_893n * bid) / UNIT),
    });

    const paused = await pauseStrategy(u.token, s.id);
    expect(paused.body.message).toBe("Strategy paused: its budget stays reserved");
    const cancelled = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.strategyId, s.id), eq(orders.status, "cancelled")));
    expect(cancelled).toHaveLength(4);
    for (const o of cancelled) expect(o.cancelledAt).toBeInstanceOf(Date);
    // Resumed at 2580 with 0.096893 XAUt held: sells at each level above (2600, one quantity), buys at 2550 and 2500.
    await setPrice(db(), "2580", clock.advance(1_000));
    expect(viewOf(await resumeStrategy(u.token, s.id))).toMatchObject({ status: "running", nextRunAt: null });
    const open = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.strategyId, s.id), eq(orders.status, "open")));
    expect(open.map((o) => `${o.side}@${o.gridLevel}`).sort()).toEqual(["buy@0", "buy@1", "sell@2"]);
    expect((await keys()).filter((k) => k.startsWith("open-5"))).toEqual([
      "open-5:0 ran",
      "open-5:1 ran",
      "open-5:2 ran",
    ]);

    expect((await stopStrategy(u.token, s.id)).body.message).toBe(
      "Strategy stopped: everything it held is back in your available balance",
    );
    expect(await memosOf(s.id)).toEqual(
      expect.arrayContaining([`Reserved for ${name}`, `Orders of ${name} cancelled`, `Released from ${name}`]),
    );
    expect((await memosOf(s.id)).filter((m) => m === `Orders of ${name} cancelled`)).toHaveLength(2);
    // Its orders, listed with the user's own, carry its name.
    const listed = (await call(userOrdersRoute, { token: u.token })).body.orders as {
      strategy: { id: string; name: string } | null;
    }[];
    expect(new Set(listed.map((o) => JSON.stringify(o.strategy)))).toEqual(
      new Set([JSON.stringify({ id: s.id, name })]),
    );
    expect(await checkLedger(db())).toEqual([]);
  });
});

describe("a paused grid whose budget still sits in hold", () => {
  it("moves it to its reserve when resumed, though it holds only XAUt, and sells it from there", async () => {
    await setPrice(db(), "2580", clock.advance(1_000));
    const { user, token } = await registerUser();
    const q = units("0.05");
    // As the previous version left a paused grid that had bought: its XAUt on the user's hold, nothing in USDT.
    await fund(db(), user.id, "XAUT", q);
    const [s] = await db()
      .insert(strategies)
      .values({
        id: newId(),
        userId: user.id,
        type: "grid",
        status: "paused",
        lower: units("2500"),
        upper: units("2700"),
        levels: 5,
        investment: units("600"),
        quantity: q,
        reservedBase: q,
        funded: units("600"),
        startedAt: clock.now(),
      })
      .returning();
    await post(db(), {
      kind: "strategy",
      reference: s!.id,
      actorId: user.id,
      memo: "Reserved",
      legs: holdLegs(user.id, "XAUT", q, "reserve"),
    });
    expect(await checkLedger(db())).toEqual([]);

    expect((await resumeStrategy(token, s!.id)).status).toBe(200);
    expect(await memosOf(s!.id)).toEqual([
      "Reserved",
      "Moved from hold to the reserve of Grid: 2,500.00–2,700.00 USDT, 5 levels",
    ]);
    const open = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.strategyId, s!.id), eq(orders.status, "open")));
    expect(open.map((o) => `${o.side}@${o.gridLevel}:${o.held}`)).toEqual([`sell@2:${q}`]);
    expect(await reserveOf(db(), s!.id, "XAUT")).toBe(0n);
    expect(await checkLedger(db())).toEqual([]);
    expect((await stopStrategy(token, s!.id)).status).toBe(200);
  });
});

describe("trade setups", () => {
  it("are audited with what they were and are, told to the user, and found only as setups", async () => {
    await setPrice(db(), "2650", clock.advance(1_000));
    const u = await saver("1000");
    const ip = "198.51.100.7";
    const propose = (userId: string, body: Record<string, unknown>) =>
      call(proposeRoute, { token: admin.token, params: { id: userId }, body, ip });
    const change = (id: string, body: Record<string, unknown>) =>
      call(changeSetupRoute, { method: "PUT", token: admin.token, params: { id }, body, ip });
    const withdraw = (id: string) =>
      call(withdrawSetupRoute, { method: "DELETE", token: admin.token, params: { id }, ip });

    expect((await propose(newId(), { type: "recurring", amount: "100", period: "daily" })).body).toMatchObject({
      code: "NOT_FOUND",
      message: "User not found",
    });
    const first = viewOf(await propose(u.id, { type: "recurring", amount: "100", period: "daily", maxRounds: 2 }));
    const second = viewOf(
      await propose(u.id, { type: "grid", lower: "2500", upper: "2600", levels: 3, investment: "300" }),
    );
    // Newest first.
    expect(((await listStrategies(u.token)).body.strategies as View[]).map((s) => s.id)).toEqual([second.id, first.id]);
    const edited = viewOf(await change(first.id, { type: "recurring", amount: "150", period: "weekly", maxRounds: 2 }));
    expect(edited.name).toBe("Recurring buy: 150.00 USDT every week");
    expect((await withdraw(second.id)).status).toBe(200);
    expect(await rowOf(second.id)).toMatchObject({ status: "withdrawn", endedAt: expect.any(Date) });

    const audited = await db()
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.targetId, u.id))
      .orderBy(asc(auditLogs.createdAt), asc(auditLogs.seq));
    expect(
      audited.map((a) => ({
        actorId: a.actorId,
        action: a.action,
        targetType: a.targetType,
        ip: a.ip,
        detail: a.detail,
      })),
    ).toEqual([
      {
        actorId: admin.id,
        action: "user.trade_setup.create",
        targetType: "user",
        ip,
        detail: { strategyId: first.id, name: "Recurring buy: 100.00 USDT every day" },
      },
      {
        actorId: admin.id,
        action: "user.trade_setup.create",
        targetType: "user",
        ip,
        detail: { strategyId: second.id, name: second.name },
      },
      {
        actorId: admin.id,
        action: "user.trade_setup.update",
        targetType: "user",
        ip,
        detail: { strategyId: first.id, name: edited.name, before: "Recurring buy: 100.00 USDT every day" },
      },
      {
        actorId: admin.id,
        action: "user.trade_setup.withdraw",
        targetType: "user",
        ip,
        detail: { strategyId: second.id, name: second.name },
      },
    ]);
    const events = await db()
      .select()
      .from(accountEvents)
      .where(eq(accountEvents.userId, u.id))
      .orderBy(asc(accountEvents.createdAt));
    expect(events.map((e) => [e.kind, e.actorId, e.facts])).toEqual([
      ["trade_setup.proposed", admin.id, { name: "Recurring buy: 100.00 USDT every day" }],
      ["trade_setup.proposed", admin.id, { name: second.name }],
      ["trade_setup.changed", admin.id, { name: edited.name, before: "Recurring buy: 100.00 USDT every day" }],
      ["trade_setup.withdrawn", admin.id, { name: second.name }],
    ]);

    // A withdrawn setup, and a strategy the user made, are no setups to change.
    const own = viewOf(
      await createStrategy(u.token, {
        type: "recurring",
        amount: "20",
        period: "weekly",
        maxRounds: 1,
        acceptRisk: true,
      }),
    );
    for (const id of [second.id, own.id]) {
      expect((await change(id, { status: "paused" })).body, id).toMatchObject({
        code: "NOT_FOUND",
        message: "Trade setup not found",
      });
      expect((await withdraw(id)).body, id).toMatchObject({ code: "NOT_FOUND", message: "Trade setup not found" });
    }
    const accepted = "The user has accepted this setup: it can only be paused now";
    expect((await acceptSetup(u.token, first.id)).status).toBe(200);
    expect((await acceptSetup(u.token, first.id)).body).toMatchObject({
      code: "STRATEGY_STATE",
      message: "This strategy is running: it cannot be accepted",
    });
    expect((await change(first.id, { type: "recurring", amount: "10", period: "daily" })).body).toMatchObject({
      code: "SETUP_ACCEPTED",
      message: accepted,
    });
    expect((await withdraw(first.id)).body).toMatchObject({ code: "SETUP_ACCEPTED", message: accepted });
    const paused = await change(first.id, { status: "paused" });
    expect(paused.body).toMatchObject({ message: "Strategy paused", strategy: { status: "paused" } });
    const pausedAudit = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, u.id), eq(auditLogs.action, "user.trade_setup.pause")));
    expect(pausedAudit.map((a) => a.detail)).toEqual([{ strategyId: first.id, name: edited.name }]);

    // The user may stop a setup they have not accepted: nothing was reserved, nothing moves.
    const third = viewOf(await propose(u.id, { type: "recurring", amount: "30", period: "daily" }));
    expect(viewOf(await stopStrategy(u.token, third.id))).toMatchObject({ status: "stopped" });
    expect(await memosOf(third.id)).toEqual([]);
  });
});
