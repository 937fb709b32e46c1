import { and, asc, eq, lte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { strategies, users, type Order, type Strategy } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { AppError } from "@/lib/core/errors";
import { formatAmount } from "@/lib/core/amount";
import { displayDecimal } from "@/lib/core/format";
import type { Job } from "@/lib/jobs/runner";
import { createNotification } from "@/lib/notifications/create";
import { rulesFor } from "@/lib/trading/config";
import { currentQuote, marketAssets } from "@/lib/trading/market";
import type { Fill } from "@/lib/trading/pricing";
import { attempt, skip, type Attempt } from "./attempt";
import { moveLegacyBudget, releaseAll, reserve, saveStrategy } from "./books";
import { levelPrices } from "./grid";
import { nextRound } from "./schedule";
import { strategyName } from "./views";

const BATCH = 100;

/** An open-ended recurring buy keeps its next round's amount reserved; false when spot cannot cover it. */
async function topUp(db: Db, s: Strategy): Promise<Strategy | null> {
  if (s.maxRounds !== null || s.reservedQuote >= s.amount!) return s;
  const missing = s.amount! - s.reservedQuote;
  try {
    return await reserve(db, s, missing);
  } catch (err) {
    if (err instanceof AppError && err.code === "INSUFFICIENT_FUNDS") return null;
    throw err;
  }
}

async function complete(db: Db, s: Strategy, now: Date): Promise<Strategy> {
  const done = await releaseAll(db, s);
  const name = strategyName(s, await marketAssets(db));
  await createNotification(db, {
    userId: s.userId,
    title: "Strategy completed",
    category: "money",
    message: `${name} has run all ${s.maxRounds} rounds. What it did not spend is back in your available balance.`,
  });
  return saveStrategy(db, done.id, { status: "completed", endedAt: now, nextRunAt: null });
}

/**
 * Runs a recurring buy's next round, in the caller's transaction with the strategy locked: a
 * market buy of its amount from its budget, or a skip with the reason (account not active, price
 * above the ceiling, not enough balance for an open-ended one, or any trading refusal).
 */
export async function runRound(db: Db, s: Strategy, now: Date): Promise<Attempt> {
  const key = `round:${s.roundsRun + s.roundsSkipped + 1}`;
  const [owner] = await db.select({ status: users.status }).from(users).where(eq(users.id, s.userId));
  const m = await marketAssets(db);
  let result: Attempt;
  if (owner?.status !== "active") {
    result = await skip(db, s, key, "Your account is not active");
  } else {
    const funded = await topUp(db, s);
    const { effective } = await rulesFor(db, s.userId);
    const quote = await currentQuote(db, effective.spreadBps, now);
    const usdt = (v: bigint) => `${displayDecimal(formatAmount(v, m.quoteDecimals))} USDT`;
    if (!funded)
      result = await skip(db, s, key, `Your available balance does not cover the round's ${usdt(s.amount!)}`);
    else if (quote && s.priceCeiling !== null && quote.ask > s.priceCeiling)
      result = await skip(
        db,
        funded,
        key,
        `The price ${usdt(quote.ask)} was above your ceiling of ${usdt(s.priceCeiling)}`,
      );
    else
      result = await attempt(db, funded, key, {
        side: "buy",
        type: "market",
        total: s.amount! < funded.reservedQuote ? s.amount! : funded.reservedQuote,
      });
  }
  let after = result.strategy;
  if (after.maxRounds !== null && after.roundsRun >= after.maxRounds) after = await complete(db, after, now);
  else {
    if ("order" in result) after = (await topUp(db, after)) ?? after;
    after = await saveStrategy(db, after.id, { nextRunAt: nextRound(s.nextRunAt ?? now, s.period!, now) });
  }
  return { ...result, strategy: after };
}

/**
 * Every recurring buy whose round is due, each in its own transaction with its row locked (SKIP
 * LOCKED: another runner's strategy is passed over), so a round runs once across instances; a
 * crash before the commit leaves it due, to run on the next pass.
 */
export async function runDueRounds(db: Db, now: Date = new Date()): Promise<number> {
  const due = await db
    .select({ id: strategies.id })
    .from(strategies)
    .where(and(eq(strategies.status, "running"), eq(strategies.type, "recurring"), lte(strategies.nextRunAt, now)))
    .orderBy(asc(strategies.nextRunAt))
    .limit(BATCH);
  let ran = 0;
  for (const { id } of due) {
    const done = await runTransaction(db, async (tx) => {
      const [s] = await tx
        .select()
        .from(strategies)
        .where(and(eq(strategies.id, id), eq(strategies.status, "running"), lte(strategies.nextRunAt, now)))
        .for("update", { skipLocked: true });
      if (!s) return false;
      await moveLegacyBudget(tx, s);
      await runRound(tx, s, now);
      return true;
    });
    if (done) ran++;
  }
  return ran;
}

export const strategyRoundsJob: Job = {
  name: "strategies.run-rounds",
  everyMs: 5_000,
  run: async (db) => {
    await runDueRounds(db);
  },
};

/**
 * A grid's answer to one of its orders filling, in the fill's transaction with the strategy
 * locked: the proceeds join its budget, and a filled buy places a sell one level up, a filled
 * sell a buy one level down. A grid paused or stopped meanwhile only keeps the proceeds.
 */
export async function answerFill(db: Db, s: Strategy, order: Order, fill: Fill): Promise<void> {
  const proceeds =
    order.side === "buy"
      ? { reservedQuote: s.reservedQuote + (order.held - fill.net), reservedBase: s.reservedBase + fill.quantity }
      : { reservedQuote: s.reservedQuote + fill.net };
  const after = await saveStrategy(db, s.id, proceeds);
  if (after.status !== "running" || after.type !== "grid" || order.gridLevel === null) return;
  const prices = levelPrices(after.lower!, after.upper!, after.levels!);
  const level = order.side === "buy" ? order.gridLevel + 1 : order.gridLevel - 1;
  const side = order.side === "buy" ? "sell" : "buy";
  await attempt(
    db,
    after,
    `fill:${order.id}`,
    { side, type: "limit", quantity: after.quantity!, limitPrice: prices[level]! },
    level,
  );
}
