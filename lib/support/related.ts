import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { deposits, withdrawals } from "@/db/schema";
import { decimalsByAsset } from "@/lib/funding/wallets";
import { moneyOf } from "@/lib/core/format";
import { AppError } from "@/lib/core/errors";

export type Related = { kind: "deposit" | "withdrawal"; id: string };

/**
 * The user's own deposit or withdrawal that `id` names. Anyone else's, or none, is the same 422: a
 * conversation can never point support at another person's money, nor tell the user it exists.
 */
export async function ownRelated(db: Db, userId: string, id: string): Promise<Related> {
  const [deposit] = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.id, id), eq(deposits.userId, userId)));
  if (deposit) return { kind: "deposit", id };
  const [withdrawal] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.userId, userId)));
  if (withdrawal) return { kind: "withdrawal", id };
  throw new AppError(422, "SUPPORT_RELATED_UNKNOWN", "The deposit or withdrawal attached is not one of yours.", {
    relatedId: ["No deposit or withdrawal of yours has this id"],
  });
}

/**
 * The user's own deposit or withdrawal in words, for the page that attaches it to a new
 * conversation ("Deposit of 150.00 USDT on TRC20", "rejected", the reason); null when not theirs.
 */
export async function ownRelatedSummary(db: Db, params: { userId: string; id: string }) {
  const decimalsOf = await decimalsByAsset(db);
  const [deposit] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, params.id), eq(deposits.userId, params.userId)));
  const item = deposit ? { kind: "deposit" as const, row: deposit } : null;
  const [withdrawal] = item
    ? []
    : await db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.id, params.id), eq(withdrawals.userId, params.userId)));
  const found = item ?? (withdrawal ? { kind: "withdrawal" as const, row: withdrawal } : null);
  if (!found) return null;
  const { kind, row } = found;
  const what = `${kind === "deposit" ? "Deposit" : "Withdrawal"} of ${moneyOf(row.amount, decimalsOf(row.currency), row.currency)} on ${row.network}`;
  return { kind, id: row.id, what, status: row.status, reason: row.reason, createdAt: row.createdAt.toISOString() };
}

export type RelatedSummary = NonNullable<Awaited<ReturnType<typeof ownRelatedSummary>>>;
