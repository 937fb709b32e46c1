import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "@/db/client";
import { strategies, strategyConsents, type Strategy } from "@/db/schema";
import { AppError, conflict, type ErrorCode } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { moneyOf } from "@/lib/core/format";
import { rulesFor } from "@/lib/trading/config";
import { tradableQuote } from "@/lib/trading/market";
import { quantityForTotal } from "@/lib/trading/pricing";
import { attempt } from "./attempt";
import { cancelOpenOrders, lockStrategy, releaseAll, reserve, saveStrategy } from "./books";
import { gridQuantity, levelPrices, openingOrders } from "./grid";
import type { StrategyParams } from "./input";
import { runRound } from "./rounds";

const unprocessable = (code: ErrorCode, message: string, field?: string) =>
  new AppError(422, code, message, field ? { [field]: [message] } : undefined);

export const RISK_STATEMENT =
  "Automated strategies buy and sell XAUt at market prices that can fall as well as rise. A strategy can lose money, its past results say nothing about what comes next, and Aurum promises and projects no return. You can pause or stop a strategy at any time; stopping cancels its open orders and returns what it holds to your available balance.";

export async function hasConsented(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select().from(strategyConsents).where(eq(strategyConsents.userId, userId));
  return row !== undefined;
}

/** The risk statement must be accepted before a user's first strategy; the acceptance is stored with its time. */
async function consent(db: Db, userId: string, acceptRisk: boolean | undefined): Promise<void> {
  if (await hasConsented(db, userId)) return;
  if (acceptRisk !== true)
    throw unprocessable(
      "RISK_NOT_ACCEPTED",
      "Please read and accept the risk statement before your first strategy",
      "acceptRisk",
    );
  await db.insert(strategyConsents).values({ userId }).onConflictDoNothing();
}

/**
 * The parameters against the user's trading rules and the current price, and what they fix: a
 * grid's quantity per level, and the budget to reserve. Each refusal a 422 before any write.
 */
async function checkAgainstRules(db: Db, userId: string, p: StrategyParams) {
  const { effective: rules, market: m } = await rulesFor(db, userId);
  const quote = await tradableQuote(db, rules.spreadBps);
  const usdt = (v: bigint) => moneyOf(v, m.quoteDecimals, "USDT");
  const xaut = (v: bigint) => moneyOf(v, m.baseDecimals, "XAUT");
  if (p.type === "recurring") {
    if (p.amount > rules.dailyLimit)
      throw unprocessable(
        "DAILY_LIMIT_EXCEEDED",
        `A round cannot be above your daily trading limit of ${usdt(rules.dailyLimit)}`,
        "amount",
      );
    const quantity = quantityForTotal(p.amount, quote.ask, rules.feeBps, m.unit);
    if (quantity < rules.minQuantity)
      throw unprocessable(
        "QUANTITY_TOO_SMALL",
        `${usdt(p.amount)} buys less than the minimum order of ${xaut(rules.minQuantity)} at today's price`,
        "amount",
      );
    if (quantity > rules.maxQuantity)
      throw unprocessable(
        "QUANTITY_TOO_LARGE",
        `${usdt(p.amount)} buys more than the maximum order of ${xaut(rules.maxQuantity)}`,
        "amount",
      );
    return { budget: p.amount * BigInt(p.maxRounds ?? 1), quantity: null };
  }
  const prices = levelPrices(p.lower, p.upper, p.levels);
  if (prices[0]! >= quote.price)
    throw unprocessable(
      "RANGE_ABOVE_PRICE",
      `The range must start below the current price of ${usdt(quote.price)}: a grid buys below the price first`,
      "lower",
    );
  const quantity = gridQuantity(p.investment, prices, rules.feeBps, m.unit);
  if (quantity < rules.minQuantity) {
    throw unprocessable(
      "QUANTITY_TOO_SMALL",
      `This investment buys ${xaut(quantity)} per level, below the minimum order of ${xaut(rules.minQuantity)}: invest more or use fewer levels`,
      "investment",
    );
  }
  if (quantity > rules.maxQuantity)
    throw unprocessable(
      "QUANTITY_TOO_LARGE",
      `This investment buys ${xaut(quantity)} per level, above the maximum order of ${xaut(rules.maxQuantity)}: use more levels`,
      "investment",
    );
  return { budget: p.investment, quantity };
}

export const columns = (p: StrategyParams) =>
  p.type === "recurring"
    ? {
        type: p.type,
        amount: p.amount,
        period: p.period,
        priceCeiling: p.priceCeiling,
        maxRounds: p.maxRounds,
        lower: null,
        upper: null,
        levels: null,
        investment: null,
      }
    : {
        type: p.type,
        lower: p.lower,
        upper: p.upper,
        levels: p.levels,
        investment: p.investment,
        amount: null,
        period: null,
        priceCeiling: null,
        maxRounds: null,
      };

const paramsOf = (s: Strategy): StrategyParams =>
  s.type === "recurring"
    ? { type: "recurring", amount: s.amount!, period: s.period!, priceCeiling: s.priceCeiling, maxRounds: s.maxRounds }
    : { type: "grid", lower: s.lower!, upper: s.upper!, levels: s.levels!, investment: s.investment! };

/** Opens a grid's orders at the current price from what it holds; the keys name this opening. */
async function openGrid(db: Db, s: Strategy): Promise<Strategy> {
  const { effective, market: m } = await rulesFor(db, s.userId);
  const quote = await tradableQuote(db, effective.spreadBps);
  const prices = levelPrices(s.lower!, s.upper!, s.levels!);
  const opening = `open-${s.roundsRun + s.roundsSkipped}`;
  let current = s;
  for (const o of openingOrders(
    prices,
    quote.price,
    { quote: s.reservedQuote, base: s.reservedBase },
    s.quantity!,
    effective.feeBps,
    m.unit,
  )) {
    current = (
      await attempt(
        db,
        current,
        `${opening}:${o.level}`,
        { side: o.side, type: "limit", quantity: s.quantity!, limitPrice: prices[o.level]! },
        o.level,
      )
    ).strategy;
  }
  return current;
}

/** Reserves the budget and starts: a recurring buy runs its first round now, a grid opens its orders. */
async function start(db: Db, s: Strategy, now: Date): Promise<Strategy> {
  const { budget, quantity } = await checkAgainstRules(db, s.userId, paramsOf(s));
  await reserve(db, s, budget);
  const running = await saveStrategy(db, s.id, {
    status: "running",
    startedAt: now,
    quantity,
    nextRunAt: s.type === "recurring" ? now : null,
  });
  return running.type === "grid" ? openGrid(db, running) : (await runRound(db, running, now)).strategy;
}

export async function createStrategy(
  db: Db,
  userId: string,
  p: StrategyParams,
  acceptRisk: boolean | undefined,
  now = new Date(),
): Promise<Strategy> {
  await consent(db, userId, acceptRisk);
  const [s] = await db
    .insert(strategies)
    .values({ id: newId(), userId, status: "proposed", ...columns(p), createdAt: now })
    .returning();
  return start(db, s!, now);
}

export async function listStrategies(db: Db, userId: string): Promise<Strategy[]> {
  return db
    .select()
    .from(strategies)
    .where(and(eq(strategies.userId, userId), ne(strategies.status, "withdrawn")))
    .orderBy(desc(strategies.createdAt));
}

const notIn = (s: Strategy, action: string) =>
  conflict(`This strategy is ${s.status}: it cannot be ${action}`, "STRATEGY_STATE");

/** The user takes up a setup support proposed: the same start as one of their own. */
export async function acceptSetup(
  db: Db,
  userId: string,
  id: string,
  acceptRisk: boolean | undefined,
  now = new Date(),
): Promise<Strategy> {
  const s = await lockStrategy(db, id, userId);
  if (s.status !== "proposed") throw notIn(s, "accepted");
  await consent(db, userId, acceptRisk);
  return start(db, s, now);
}

/** Stops rounds (a grid also cancels its open orders); the budget stays reserved for a resume. */
export async function pauseStrategy(db: Db, s: Strategy): Promise<Strategy> {
  if (s.status !== "running") throw notIn(s, "paused");
  const cancelled = await cancelOpenOrders(db, s);
  return saveStrategy(db, cancelled.id, { status: "paused" });
}

export async function resumeStrategy(db: Db, userId: string, id: string, now = new Date()): Promise<Strategy> {
  const s = await lockStrategy(db, id, userId);
  if (s.status !== "paused") throw notIn(s, "resumed");
  const running = await saveStrategy(db, s.id, { status: "running", nextRunAt: s.type === "recurring" ? now : null });
  return running.type === "grid" ? openGrid(db, running) : running;
}

/** Ends it for good: its open orders cancelled and everything it holds back in the user's available balance. */
export async function stopStrategy(db: Db, userId: string, id: string, now = new Date()): Promise<Strategy> {
  const s = await lockStrategy(db, id, userId);
  if (!["proposed", "running", "paused"].includes(s.status)) throw notIn(s, "stopped");
  const released = await releaseAll(db, await cancelOpenOrders(db, s));
  return saveStrategy(db, released.id, { status: "stopped", endedAt: now, nextRunAt: null });
}
