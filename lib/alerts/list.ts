import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { priceAlerts, type PriceAlert } from "@/db/schema";

/** Fired alerts the list keeps showing, newest first: enough to see what happened while away. */
export const RECENT_FIRED = 10;

/**
 * A user's alerts: every active one (at most MAX_ACTIVE_ALERTS, so no paging), then the most
 * recently fired. Older fired alerts live on in the notifications they sent.
 */
export async function listAlerts(db: Db, userId: string): Promise<PriceAlert[]> {
  const mine = (status: "active" | "fired") => and(eq(priceAlerts.userId, userId), eq(priceAlerts.status, status));
  const [active, fired] = await Promise.all([
    db.select().from(priceAlerts).where(mine("active")).orderBy(desc(priceAlerts.price)),
    db.select().from(priceAlerts).where(mine("fired")).orderBy(desc(priceAlerts.firedAt)).limit(RECENT_FIRED),
  ]);
  return [...active, ...fired];
}
