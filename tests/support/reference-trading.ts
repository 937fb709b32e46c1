/**
 * The trade path as it was before its hot statements were written as SQL (issue 25): every
 * statement built with drizzle's query builder, one after another. Kept only as the oracle of
 * tests/integration/trading-equivalence.test.ts, which runs the same random orders through this and
 * through lib/trading and compares the ledgers. The rules it shares with lib/trading (pricing, legs,
 * crossing, the settings) are imported, not copied: what is compared is the statements. Posting is
 * written anew from the ledger's rules (below), so a bug in post() is not shared by its oracle.
 */
import { and, count, desc, eq, gte, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  accounts,
  candles,
  entries,
  journals,
  orders,
  tradeConfigs,
  users,
  type Account,
  type Order,
} from "@/db/schema";
import { moneyOf } from "@/lib/core/format";
import { AppError, forbidden, notFound, type ErrorCode } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { insufficientFunds, type AccountRef, type JournalInput } from "@/lib/ledger/post";
import { CHANNEL } from "@/lib/realtime/channel";
import { isStale, SYMBOL } from "@/lib/market/ticks";
import { getSettings } from "@/lib/settings";
import { applyOverrides, siteRules, type TradingRules } from "@/lib/trading/config";
import { crosses } from "@/lib/trading/fill-limit";
import { fillLegs, moveLegs, type Place } from "@/lib/trading/legs";
import { marketAssets, type MarketAssets, type Quote } from "@/lib/trading/market";
import { BASE, QUOTE } from "@/lib/ledger/assets";
import type { OrderRequest } from "@/lib/trading/order-input";
import { MAX_OPEN_ORDERS } from "@/lib/trading/place-order";
import { askOf, bidOf, buyDebit, buyFill, ceilDiv, quantityForTotal, sellFill, type Fill } from "@/lib/trading/pricing";
import { utcDayStart } from "@/lib/core/time";

// --- posting, written from the ledger's rules rather than from post() ---
//
// The rules (docs: README "Money"): a journal's legs sum to zero per asset; an account exists per
// owner, kind, asset (and strategy, for a reserve) and is made on first use; a user account's
// balance is the sum of its entries and never goes below zero, each entry keeping the balance its
// account had just after it; system accounts keep none. Balances are summed from the entries, not
// read from the balance column post() maintains, so a wrong balance kept there shows up as a
// difference. The oracle runs one order at a time, so it takes no locks.

function matchRef(ref: AccountRef): SQL {
  return "system" in ref
    ? and(isNull(accounts.userId), eq(accounts.kind, ref.system), eq(accounts.asset, ref.asset))!
    : and(
        eq(accounts.userId, ref.userId),
        eq(accounts.kind, ref.kind),
        eq(accounts.asset, ref.asset),
        "strategyId" in ref ? eq(accounts.strategyId, ref.strategyId) : isNull(accounts.strategyId),
      )!;
}

async function accountOf(tx: Db, ref: AccountRef): Promise<Account> {
  const [found] = await tx.select().from(accounts).where(matchRef(ref));
  if (found) return found;
  const owner = "system" in ref ? { userId: null, kind: ref.system } : { userId: ref.userId, kind: ref.kind };
  await tx
    .insert(accounts)
    .values({ id: newId(), ...owner, asset: ref.asset, strategyId: "strategyId" in ref ? ref.strategyId : null })
    .onConflictDoNothing();
  const [made] = await tx.select().from(accounts).where(matchRef(ref));
  return made!;
}

async function sumOfEntries(tx: Db, accountId: string): Promise<bigint> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${entries.amount}), 0)` })
    .from(entries)
    .where(eq(entries.accountId, accountId));
  return BigInt(row!.sum);
}

async function post(tx: Db, input: JournalInput): Promise<{ journalId: string }> {
  for (const asset of new Set(input.legs.map((l) => l.account.asset))) {
    const sum = input.legs.filter((l) => l.account.asset === asset).reduce((a, l) => a + l.amount, 0n);
    if (sum !== 0n) throw new Error(`journal ${input.kind}: ${asset} legs sum to ${sum}`);
  }
  const touched = await Promise.all(input.legs.map((leg) => accountOf(tx, leg.account)));
  const balance = new Map<string, bigint>();
  for (const account of touched)
    if (account.userId && !balance.has(account.id)) balance.set(account.id, await sumOfEntries(tx, account.id));
  const journalId = newId();
  const rows = input.legs.map((leg, i) => {
    const account = touched[i]!;
    if (!account.userId)
      return { journalId, accountId: account.id, amount: leg.amount, label: leg.label ?? null, balanceAfter: null };
    const after = balance.get(account.id)! + leg.amount;
    if (after < 0n) throw insufficientFunds(account.asset);
    balance.set(account.id, after);
    return { journalId, accountId: account.id, amount: leg.amount, label: leg.label ?? null, balanceAfter: after };
  });
  await tx.insert(journals).values({
    id: journalId,
    kind: input.kind,
    reference: input.reference ?? null,
    memo: input.memo ?? null,
    actorId: input.actorId ?? null,
  });
  await tx.insert(entries).values(rows);
  for (const [id, after] of balance) await tx.update(accounts).set({ balance: after }).where(eq(accounts.id, id));
  return { journalId };
}

// --- the reads of an order, as they were ---

async function quoteFor(db: Db, spreadBps: number): Promise<Quote> {
  const [tick] = await db
    .select({ price: candles.close, at: candles.updatedAt })
    .from(candles)
    .where(eq(candles.symbol, SYMBOL))
    .orderBy(desc(candles.openTime))
    .limit(1);
  if (!tick) throw new AppError(422, "PRICE_UNAVAILABLE", "Trading is paused: there is no market price yet");
  if (isStale(tick.at))
    throw new AppError(
      422,
      "PRICE_STALE",
      "Trading is paused: the market price is out of date. Please try again shortly",
    );
  return {
    price: tick.price,
    bid: bidOf(tick.price, spreadBps),
    ask: askOf(tick.price, spreadBps),
    at: tick.at,
    stale: false,
  };
}

async function dailyUsed(db: Db, userId: string, unit: bigint): Promise<bigint> {
  const [row] = await db
    .select({
      used: sql<string>`coalesce(sum(coalesce(${orders.cost}::numeric, ceil(${orders.quantity}::numeric * ${orders.limitPrice} / ${sql.raw(unit.toString())}))), 0)`,
    })
    .from(orders)
    .where(
      and(eq(orders.userId, userId), gte(orders.createdAt, utcDayStart(new Date())), ne(orders.status, "cancelled")),
    );
  return BigInt(row?.used ?? "0");
}

const notify = (db: Db, userId: string, reason: string, orderId: string) =>
  db.execute(
    sql`select pg_notify(${CHANNEL}, ${`${newId()} 0 1 ${JSON.stringify({ kind: "emit", to: { userId }, event: "balance", data: { reason, orderId } })}`})`,
  );

// --- placeOrder(), as it was ---

const unprocessable = (code: ErrorCode, message: string) => new AppError(422, code, message);
const fmt = (m: MarketAssets) => ({
  xaut: (v: bigint) => moneyOf(v, m.baseDecimals, BASE),
  usdt: (v: bigint) => moneyOf(v, m.quoteDecimals, QUOTE),
});

function assertQuantity(quantity: bigint, rules: TradingRules, m: MarketAssets): void {
  if (quantity < rules.minQuantity)
    throw unprocessable("QUANTITY_TOO_SMALL", `The minimum order is ${fmt(m).xaut(rules.minQuantity)}`);
  if (quantity > rules.maxQuantity)
    throw unprocessable("QUANTITY_TOO_LARGE", `The maximum order is ${fmt(m).xaut(rules.maxQuantity)}`);
}

function assertDailyLimit(used: bigint, notional: bigint, rules: TradingRules, m: MarketAssets): void {
  if (used + notional <= rules.dailyLimit) return;
  const left = rules.dailyLimit > used ? rules.dailyLimit - used : 0n;
  const { usdt } = fmt(m);
  throw unprocessable(
    "DAILY_LIMIT_EXCEEDED",
    `This order would pass your daily trading limit of ${usdt(rules.dailyLimit)} (${usdt(left)} left today)`,
  );
}

const filledMessage = (side: "buy" | "sell", fill: Fill, m: MarketAssets) => {
  const { xaut, usdt } = fmt(m);
  return `${side === "buy" ? "Bought" : "Sold"} ${xaut(fill.quantity)} for ${usdt(fill.net)} (fee ${usdt(fill.fee)})`;
};

async function fillNow(db: Db, order: Order, quote: Quote, m: MarketAssets): Promise<{ order: Order; fill: Fill }> {
  const fill =
    order.side === "buy"
      ? buyFill(order.quantity, quote.ask, order.feeBps, m.unit)
      : sellFill(order.quantity, quote.bid, order.feeBps, m.unit);
  const unused = order.side === "buy" ? order.held - fill.net : 0n;
  const back: Place = "spot";
  const { journalId } = await post(db, {
    kind: "trade",
    reference: order.id,
    actorId: order.userId,
    memo: `Limit ${order.side} filled`,
    legs: [
      ...fillLegs(order.userId, order.side, fill, { from: "hold", to: back }),
      ...moveLegs(order.userId, QUOTE, unused, "hold", back),
    ],
  });
  const [filled] = await db
    .update(orders)
    .set({ status: "filled", fillPrice: fill.price, cost: fill.cost, fee: fill.fee, journalId, filledAt: new Date() })
    .where(and(eq(orders.id, order.id), eq(orders.status, "open")))
    .returning();
  await notify(db, order.userId, "order.filled", order.id);
  return { order: filled!, fill };
}

/** A user's order by hand (no strategy), through the statements as they were. */
export async function referencePlaceOrder(
  db: Db,
  userId: string,
  request: OrderRequest,
): Promise<{ order: Order; message: string }> {
  const m = await marketAssets(db);
  const [settings, [overrides]] = await Promise.all([
    getSettings(db),
    db.select().from(tradeConfigs).where(eq(tradeConfigs.userId, userId)),
  ]);
  const rules = applyOverrides(siteRules(settings, m), overrides);
  const [trader] = await db
    .select({ status: users.status })
    .from(users)
    .where(eq(users.id, userId))
    .for("no key update");
  if (!trader) throw notFound("User not found");
  if (trader.status !== "active") throw forbidden("This account is not active", "ACCOUNT_NOT_ACTIVE");
  if (!rules.enabled)
    throw unprocessable(
      "TRADING_DISABLED",
      overrides?.enabled === false
        ? "Trading is disabled for your account. Please contact Customer Service"
        : "Trading is disabled at the moment",
    );
  const quote = await quoteFor(db, rules.spreadBps);
  const used = await dailyUsed(db, userId, m.unit);

  if (request.type === "market") {
    const quantity =
      "total" in request ? quantityForTotal(request.total, quote.ask, rules.feeBps, m.unit) : request.quantity;
    if ("total" in request && quantity < rules.minQuantity)
      throw unprocessable(
        "QUANTITY_TOO_SMALL",
        `That total buys less than the minimum order of ${fmt(m).xaut(rules.minQuantity)}`,
      );
    assertQuantity(quantity, rules, m);
    const fill =
      request.side === "buy"
        ? buyFill(quantity, quote.ask, rules.feeBps, m.unit)
        : sellFill(quantity, quote.bid, rules.feeBps, m.unit);
    if (fill.net <= 0n) throw unprocessable("ORDER_TOO_SMALL", "This order is too small to trade");
    assertDailyLimit(used, fill.cost, rules, m);
    const id = newId();
    const { journalId } = await post(db, {
      kind: "trade",
      reference: id,
      actorId: userId,
      memo: `Market ${request.side}`,
      legs: fillLegs(userId, request.side, fill, { from: "spot", to: "spot" }),
    });
    const now = new Date();
    const [order] = await db
      .insert(orders)
      .values({
        id,
        userId,
        side: request.side,
        type: "market",
        status: "filled",
        quantity,
        fillPrice: fill.price,
        cost: fill.cost,
        fee: fill.fee,
        feeBps: rules.feeBps,
        journalId,
        createdAt: now,
        filledAt: now,
      })
      .returning();
    await notify(db, userId, "order.filled", id);
    return { order: order!, message: filledMessage(request.side, fill, m) };
  }

  if (request.type !== "limit") throw new Error("the reference places market and limit orders only");
  const { side, quantity, limitPrice } = request;
  const [open] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "open"), isNull(orders.strategyId)));
  assertQuantity(quantity, rules, m);
  if (side === "sell" && sellFill(quantity, limitPrice, rules.feeBps, m.unit).net <= 0n)
    throw unprocessable("ORDER_TOO_SMALL", "This order is too small to trade");
  assertDailyLimit(used, ceilDiv(quantity * limitPrice, m.unit), rules, m);
  if ((open?.n ?? 0) >= MAX_OPEN_ORDERS)
    throw unprocessable(
      "TOO_MANY_OPEN_ORDERS",
      `You can have at most ${MAX_OPEN_ORDERS} open orders. Cancel one to place another`,
    );
  const held = side === "buy" ? buyDebit(quantity, limitPrice, rules.feeBps, m.unit) : quantity;
  const id = newId();
  await post(db, {
    kind: "trade",
    reference: id,
    actorId: userId,
    memo: `Limit ${side} placed`,
    legs: moveLegs(userId, side === "buy" ? QUOTE : BASE, held, "spot", "hold"),
  });
  const [order] = await db
    .insert(orders)
    .values({ id, userId, side, type: "limit", status: "open", quantity, limitPrice, held, feeBps: rules.feeBps })
    .returning();
  if (crosses(order!, quote)) {
    const filled = await fillNow(db, order!, quote, m);
    return { order: filled.order, message: filledMessage(side, filled.fill, m) };
  }
  await notify(db, userId, "order.placed", id);
  const { xaut, usdt } = fmt(m);
  return { order: order!, message: `Limit ${side} placed: ${xaut(quantity)} at ${usdt(limitPrice)}` };
}
