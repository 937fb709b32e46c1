import { and, asc, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { priceAlerts } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import type { Job } from "@/lib/jobs/runner";
import { isStale, lastTick } from "@/lib/market/ticks";
import { queueMail } from "@/lib/mail/outbox";
import { createNotification } from "@/lib/notifications/create";
import { mailRecipient } from "@/lib/notifications/preferences";
import { getSettings } from "@/lib/settings";
import { marketAssets } from "@/lib/trading/market";
import { priceText } from "./create";
import { ALERT_DIRECTIONS, type AlertDirection } from "./input";
import { crossedAt } from "./views";

const BATCH = 200;

/** The alert by mail too, unless the user switched price-alert mail off (Security, "What reaches you"). */
async function mailAlert(tx: Db, userId: string, message: string): Promise<void> {
  const user = await mailRecipient(tx, userId, "alerts");
  if (!user) return;
  const { siteName } = await getSettings(tx);
  await queueMail(tx, {
    to: user.email,
    subject: `${siteName}: Price alert`,
    text: [
      `Hello ${user.username},`,
      "",
      message,
      "",
      "You can switch off price-alert mail in Security.",
      "",
      siteName,
    ].join("\n"),
    antiPhishingCode: user.antiPhishingCode,
  });
}

/**
 * The active alerts in one direction that `price` has reached: "above" at or under it, "below" at
 * or over it. One direction at a time and in the order of the partial index (direction, price)
 * where active, so the plan is a range of that index, however many alerts wait. Asked for both
 * sides at once, the planner (which cannot know that alerts sit on the far side of the price they
 * wait for) estimated a quarter of the table and scanned all of it. The price is inlined as an
 * integer literal, as the fill job's, so both drivers compare bigints the same.
 */
export function reachedAlerts(db: Db, direction: AlertDirection, price: bigint, limit = BATCH) {
  const at = sql.raw(price.toString());
  const above = direction === "above";
  return db
    .select({ id: priceAlerts.id })
    .from(priceAlerts)
    .where(
      and(
        eq(priceAlerts.status, "active"),
        eq(priceAlerts.direction, direction),
        above ? lte(priceAlerts.price, at) : gte(priceAlerts.price, at),
      ),
    )
    .orderBy(above ? asc(priceAlerts.price) : desc(priceAlerts.price))
    .limit(limit);
}

/**
 * Fires up to BATCH reached alerts of one direction in one transaction, each with its owner's
 * notification. Exactly once by two guards: rows another runner holds are skipped (SKIP LOCKED),
 * and one it has fired no longer matches `status = 'active'`, which the update checks again on the
 * row's latest version.
 */
async function fireBatch(
  db: Db,
  direction: AlertDirection,
  price: bigint,
  now: Date,
  quoteDecimals: number,
): Promise<number> {
  return runTransaction(db, async (tx) => {
    const fired = await tx
      .update(priceAlerts)
      .set({ status: "fired", firedAt: now, firedPrice: price })
      .where(
        and(
          inArray(priceAlerts.id, reachedAlerts(tx, direction, price).for("update", { skipLocked: true })),
          eq(priceAlerts.status, "active"),
        ),
      )
      .returning();
    for (const alert of fired) {
      const moved = alert.direction === "above" ? "rose" : "fell";
      const note = alert.note ? ` Your note: ${alert.note}` : "";
      const message = `XAUt ${moved} to ${priceText(crossedAt(alert.direction, price, quoteDecimals), quoteDecimals)}, reaching your alert ${alert.direction} ${priceText(alert.price, quoteDecimals)}.${note}`;
      await createNotification(tx, { userId: alert.userId, title: "Price alert", message, category: "alerts" });
      await mailAlert(tx, alert.userId, message);
    }
    return fired.length;
  });
}

/**
 * One check of the feed's last price against every active alert: fires those it has reached, each
 * once; an alert fired is over, so a price that stays past it fires nothing more. A stale price
 * fires nothing, as it trades nothing. Returns how many fired.
 */
export async function fireReachedAlerts(db: Db, now: Date = new Date()): Promise<number> {
  const tick = await lastTick(db);
  if (!tick || isStale(tick.at, now)) return 0;
  const { quoteDecimals } = await marketAssets(db);
  let total = 0;
  for (const direction of ALERT_DIRECTIONS) {
    // Most ticks reach no alert: one read of the index says so, without a transaction's round trips.
    if ((await reachedAlerts(db, direction, tick.price, 1)).length === 0) continue;
    for (;;) {
      const fired = await fireBatch(db, direction, tick.price, now, quoteDecimals);
      total += fired;
      if (fired < BATCH) break;
    }
  }
  return total;
}

export const priceAlertJob: Job = {
  name: "alerts.fire-price-alerts",
  everyMs: 1_000,
  run: async (db) => {
    await fireReachedAlerts(db);
  },
};
