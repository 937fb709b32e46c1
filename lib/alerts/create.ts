import { and, count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { priceAlerts, users, type PriceAlert } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { AppError, conflict, notFound } from "@/lib/core/errors";
import { formatAmount } from "@/lib/core/amount";
import { typedAmount } from "@/lib/core/format";
import { newId } from "@/lib/core/ids";
import { isStale, lastTick } from "@/lib/market/ticks";
import { MAX_ACTIVE_ALERTS, type AlertRequest } from "./input";

/** "4012.35" USDT as a sentence shows it: grouped, no trailing zeros past the cents. */
export const priceText = (price: bigint, quoteDecimals: number) =>
  `${typedAmount(formatAmount(price, quoteDecimals), "USDT")} USDT`;

/**
 * The feed's price an alert is set against: refused when there is none or it is out of date, since
 * "above" and "below" mean nothing without a price now.
 */
async function priceNow(db: Db, now: Date): Promise<bigint> {
  const tick = await lastTick(db);
  if (!tick) throw new AppError(422, "PRICE_UNAVAILABLE", "There is no market price yet to set an alert against");
  if (isStale(tick.at, now))
    throw new AppError(
      422,
      "PRICE_STALE",
      "The market price is out of date, so an alert cannot be set now. Please try again shortly",
    );
  return tick.price;
}

/**
 * An alert on the side of the price it waits for: one already reached would fire at once, which is
 * no alert. Equal is reached ("above" fires at the price itself).
 */
function assertWaiting(request: AlertRequest, current: bigint, quoteDecimals: number): void {
  const waiting = request.direction === "above" ? request.price > current : request.price < current;
  if (waiting) return;
  const side = request.direction === "above" ? "higher" : "lower";
  const message = `XAUt is at ${priceText(current, quoteDecimals)} now: an alert ${request.direction} must be at a ${side} price`;
  throw new AppError(422, "ALERT_PRICE_REACHED", message, { price: [message] });
}

/**
 * Sets a price alert for `userId`. The user's row is locked (FOR NO KEY UPDATE, which leaves the
 * key-share locks of rows referencing the user alone) before the active alerts are counted, so
 * parallel requests count one after another and the cap holds under a burst.
 */
export async function createAlert(
  db: Db,
  userId: string,
  request: AlertRequest,
  quoteDecimals: number,
  now: Date = new Date(),
): Promise<PriceAlert> {
  return runTransaction(db, async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
    if (!user) throw notFound("User not found");
    const [active] = await tx
      .select({ n: count() })
      .from(priceAlerts)
      .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.status, "active")));
    if (active!.n >= MAX_ACTIVE_ALERTS)
      throw conflict(
        `You have ${MAX_ACTIVE_ALERTS} active alerts, the most at once. Delete one to set another`,
        "ALERT_LIMIT",
      );
    assertWaiting(request, await priceNow(tx, now), quoteDecimals);
    const [alert] = await tx
      .insert(priceAlerts)
      .values({ id: newId(), userId, ...request, createdAt: now })
      .returning();
    return alert!;
  });
}
