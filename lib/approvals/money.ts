import { and, eq, gt, sql } from "drizzle-orm";
import { ADVISORY_LOCKS } from "@/db/advisory-locks";
import type { Db } from "@/db/client";
import { accounts, entries, journals } from "@/db/schema";
import { exact } from "@/lib/core/format";
import { formatAmount, toUnits } from "@/lib/core/amount";
import { findAsset } from "@/lib/ledger/assets";
import { getSettings } from "@/lib/settings";
import { DAY_MS } from "@/lib/core/time";
import { currentQuote } from "@/lib/trading/market";
import { usdtValueAtMid } from "@/lib/trading/valuation";
import type { Change } from "./rule";

const USDT_DECIMALS = 6;

/** Why moving money waits for a second administrator. */
export type MoneyGate =
  | { why: "own account" }
  | { why: "unpriced"; asset: string }
  | { why: "threshold"; before: bigint; after: bigint; threshold: bigint };

/** The window in which one administrator's actions on one user are summed. */
export const STRUCTURING_WINDOW_MS = DAY_MS;

/** USDT units at the feed's mid price (the quote's `price`, not its bid or ask), which no spread setting moves; null for what has no price. */
async function valuer(db: Db, spreadBps: number) {
  const quote = await currentQuote(db, spreadBps);
  return (asset: string, decimals: number, units: bigint) =>
    usdtValueAtMid(asset, decimals, units, quote, USDT_DECIMALS);
}

/**
 * What `adminId` moved into or out of `userId`'s accounts since `since`, per asset: for each
 * journal the administrator is the actor of, the size of its net effect on the user's accounts
 * (a credit, a debit, a deposit credited, a withdrawal sent with its fee). Read from the ledger,
 * which is written in the same transaction as the action, whoever's request it came from (an
 * approval counts for the approver: it only ever makes the sum larger).
 */
async function movedBy(
  db: Db,
  adminId: string,
  userId: string,
  since: Date,
): Promise<{ asset: string; units: bigint }[]> {
  const perJournal = db
    .select({ asset: accounts.asset, moved: sql<string>`abs(sum(${entries.amount}))`.as("moved") })
    .from(journals)
    .innerJoin(entries, eq(entries.journalId, journals.id))
    .innerJoin(accounts, eq(accounts.id, entries.accountId))
    .where(and(eq(journals.actorId, adminId), gt(journals.createdAt, since), eq(accounts.userId, userId)))
    .groupBy(journals.id, accounts.asset)
    .as("per_journal");
  const rows = await db
    .select({ asset: perJournal.asset, units: sql<string>`sum(${perJournal.moved})::text` })
    .from(perJournal)
    .groupBy(perJournal.asset);
  return rows.map((r) => ({ asset: r.asset, units: BigInt(r.units) }));
}

/**
 * Whether an administrator moving `units` of `asset` for a user needs a second administrator:
 * always for their own account; always for what cannot be valued; and when what this
 * administrator moved for this user in the last 24 hours, this one included and valued at the
 * mid price, reaches `approvals.thresholdUsdt` (so 40 credits of 999.99 are summed, not waved
 * through one by one). Null: it may act at once.
 *
 * The sum and the action must be one step: a lock per user (taken first, held to commit) makes
 * parallel requests for the same user sum one after another, each seeing the ones before it
 * committed (READ COMMITTED reads afresh after the lock is granted).
 */
export async function moneyGate(
  tx: Db,
  input: { adminId: string; userId: string; asset: string; units: bigint; now: Date },
): Promise<MoneyGate | null> {
  if (input.adminId === input.userId) return { why: "own account" };
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.adminMoney}, hashtext(${input.userId}))`);
  const [asset, settings] = await Promise.all([findAsset(tx, input.asset), getSettings(tx)]);
  const value = await valuer(tx, settings.trading.spreadBps);
  const threshold = toUnits(settings.approvals.thresholdUsdt, USDT_DECIMALS, "down");
  const now = value(asset.code, asset.decimals, input.units);
  if (now === null) return { why: "unpriced", asset: asset.code };
  let before = 0n;
  for (const moved of await movedBy(
    tx,
    input.adminId,
    input.userId,
    new Date(input.now.getTime() - STRUCTURING_WINDOW_MS),
  )) {
    const past = await findAsset(tx, moved.asset);
    const worth = value(past.code, past.decimals, moved.units);
    // What was moved in an asset without a price cannot be summed: the total is unknown, so it waits.
    if (worth === null) return { why: "unpriced", asset: past.code };
    before += worth;
  }
  const after = before + now;
  return after >= threshold ? { why: "threshold", before, after, threshold } : null;
}

/** The line the checker reads for why it waits: the administrator's 24-hour total for the user. */
export function gateChanges(gate: MoneyGate, adminName: string, userName: string): Change[] {
  if (gate.why !== "threshold") return [];
  const usdt = (units: bigint) => exact(formatAmount(units, USDT_DECIMALS));
  return [
    {
      label: `Moved by ${adminName} for ${userName} in 24 hours (USDT at mid; threshold ${usdt(gate.threshold)})`,
      before: usdt(gate.before),
      after: usdt(gate.after),
    },
  ];
}
