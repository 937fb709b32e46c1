import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { recordActivity } from "@/lib/activity/record";
import { audit } from "@/lib/audit";
import { notFound } from "@/lib/core/errors";
import { publish } from "@/lib/realtime/publish";
import { formatAmount } from "@/lib/core/amount";
import { amountString } from "@/lib/ledger/amount-schema";
import { amountIn, findAsset } from "@/lib/ledger/assets";
import { post } from "@/lib/ledger/post";

export const manageBalanceSchema = z.object({
  amount: amountString,
  operation: z.enum(["credit", "debit"], { error: 'operation must be "credit" or "debit"' }),
  reason: z
    .string({ error: "Please give a reason" })
    .trim()
    .min(1, "Please give a reason")
    .max(500, "The reason can be at most 500 characters"),
  asset: z.string({ error: "asset must be an asset code such as USDT" }).trim().min(1).max(10).default("USDT"),
});

export type ManageBalance = z.infer<typeof manageBalanceSchema>;

/**
 * An administrator's credit or debit of a user's spot balance, against the adjustments account,
 * with the admin as actor and the reason as memo, audited. Call it inside a transaction so the
 * posting and its audit row commit together. A debit beyond the balance is refused (422).
 */
export async function adjustBalance(
  db: Db,
  input: ManageBalance & { userId: string; actorId: string; ip: string | null },
) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
  if (!user) throw notFound("User not found");
  const asset = await findAsset(db, input.asset);
  const units = amountIn(asset, input.amount);
  const signed = input.operation === "credit" ? units : -units;
  const posted = await post(db, {
    kind: "adjustment",
    memo: input.reason,
    actorId: input.actorId,
    legs: [
      { account: { userId: user.id, asset: asset.code, kind: "spot" }, amount: signed },
      { account: { system: "adjustments", asset: asset.code }, amount: -signed },
    ],
  });
  const [balance] = [...posted.balances.values()];
  await publish(db, {
    to: { userId: user.id },
    event: "balance",
    data: { reason: "adjustment", journalId: posted.journal.id },
  });
  await audit(db, {
    actorId: input.actorId,
    action: "user.balance.adjust",
    target: { type: "user", id: user.id },
    detail: {
      asset: asset.code,
      operation: input.operation,
      amount: formatAmount(units, asset.decimals),
      reason: input.reason,
      journalId: posted.journal.id,
    },
    ip: input.ip,
  });
  await recordActivity(db, {
    userId: user.id,
    kind: input.operation === "credit" ? "balance.credited" : "balance.debited",
    facts: { amount: formatAmount(units, asset.decimals), asset: asset.code },
    reason: input.reason,
    supportId: input.actorId,
  });
  return {
    journalId: posted.journal.id,
    asset: asset.code,
    operation: input.operation,
    amount: formatAmount(units, asset.decimals),
    available: formatAmount(balance!, asset.decimals),
  };
}
