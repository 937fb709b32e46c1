import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { deposits, withdrawals } from "@/db/schema";
import { AppError } from "@/lib/http/errors";

export type Related = { kind: "deposit" | "withdrawal"; id: string };

/**
 * The user's own deposit or withdrawal that `id` names. Anyone else's, or none, is the same 422: a
 * conversation can never point support at another person's money, nor tell the user it exists.
 */
export async function ownRelated(db: Db, userId: string, id: string): Promise<Related> {
  const [deposit] = await db.select({ id: deposits.id }).from(deposits).where(and(eq(deposits.id, id), eq(deposits.userId, userId)));
  if (deposit) return { kind: "deposit", id };
  const [withdrawal] = await db.select({ id: withdrawals.id }).from(withdrawals).where(and(eq(withdrawals.id, id), eq(withdrawals.userId, userId)));
  if (withdrawal) return { kind: "withdrawal", id };
  throw new AppError(422, "SUPPORT_RELATED_UNKNOWN", "The deposit or withdrawal attached is not one of yours.", { relatedId: ["No deposit or withdrawal of yours has this id"] });
}
