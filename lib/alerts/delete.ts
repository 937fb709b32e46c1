import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { priceAlerts, type PriceAlert } from "@/db/schema";
import { notFound } from "@/lib/core/errors";

/**
 * Deletes one of the user's alerts, active or fired. Another user's alert is "not found", as one
 * that does not exist: ids are never confirmed to whoever does not own them.
 */
export async function deleteAlert(db: Db, userId: string, alertId: string): Promise<PriceAlert> {
  const [deleted] = await db
    .delete(priceAlerts)
    .where(and(eq(priceAlerts.id, alertId), eq(priceAlerts.userId, userId)))
    .returning();
  if (!deleted) throw notFound("Alert not found", "ALERT_NOT_FOUND");
  return deleted;
}
