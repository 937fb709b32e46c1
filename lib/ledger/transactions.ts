import { and, count, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { accounts, entries, journals } from "@/db/schema";
import { readable } from "@/lib/core/format";
import { onePage, pageInfo, paginationSchema, queryParam } from "@/lib/core/query";
import { formatAmount } from "@/lib/core/amount";
import { decimalString, isoTime } from "@/lib/core/answers";
import { journalLabel, referenceLink } from "./kinds";
import { recordFilterSchema, selectEntries } from "./records";

/**
 * Records as people read them: one line per journal (a trade, a deposit, a subscription…) with its
 * net effect on the user's money, its legs kept for whoever opens it. `GET /api/records` and the CSV
 * keep listing every leg; this is the grouped view beside them.
 */

const { asset, kind, from, to } = recordFilterSchema.shape;

export const transactionQuerySchema = paginationSchema.extend({
  asset,
  kind,
  from,
  to,
  // Hold movements are left out unless asked for: they change no total.
  holds: queryParam(z.enum(["true", "false"], { error: "holds must be true or false" }).optional()).transform(
    (v) => v === "true",
  ),
});

export type TransactionQuery = z.infer<typeof transactionQuerySchema>;

/** One of a transaction's entries in the user's own balances. */
export const transactionLegSchema = z.object({
  id: z.string(),
  /** The user's balance it changed: spot, hold, storage, savings or reserve. */
  account: z.string(),
  asset: z.string(),
  amount: decimalString,
  label: z.string().nullable(),
  balanceAfter: decimalString,
});

/** A transaction as the API shows it: one journal and its net effect on the user's money. */
export const transactionSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  /** What happened, in a few words: "Bought 0.50 XAUt", "Deposit", "Limit buy placed". */
  title: z.string(),
  /** The journal's memo where it says more than the title (a reason, a plan, a strategy). */
  detail: z.string().nullable(),
  createdAt: isoTime,
  /**
   * A hold movement: money only moved between the user's available balance (or a strategy's
   * reserve) and their hold, as placing or cancelling a limit order does. It changes no total.
   */
  hold: z.boolean(),
  /** Per asset, what the journal added to or took from everything the user holds, gains first; assets it only moved are not here. */
  net: z.array(z.object({ asset: z.string(), amount: decimalString })),
  /** Per asset the journal only moved between the user's balances: how much, and into which. */
  moved: z.array(z.object({ asset: z.string(), amount: decimalString, to: z.string() })),
  /** Where what it refers to can be seen (an order, a strategy); never a raw id. */
  link: z.object({ href: z.string(), label: z.string() }).nullable(),
  legs: z.array(transactionLegSchema),
});

export type TransactionLeg = z.infer<typeof transactionLegSchema>;
export type Transaction = z.infer<typeof transactionSchema>;

/** The balances a hold movement stays within. */
const HOLD_MOVES = sql.raw("('spot', 'hold', 'reserve')");

/**
 * The journals that touched the user's accounts, one row each: the user's legs summed per asset
 * first, so "changes no total" is a per-asset sum, whatever the number of legs.
 */
function journalsOf(db: Db, userId: string, query: TransactionQuery) {
  const perAsset = db
    .select({
      journalId: entries.journalId,
      asset: accounts.asset,
      net: sql<string>`sum(${entries.amount})`.as("net"),
      held: sql<boolean>`bool_or(${accounts.kind} = 'hold')`.as("held"),
      within: sql<boolean>`bool_and(${accounts.kind} in ${HOLD_MOVES})`.as("within"),
    })
    .from(entries)
    .innerJoin(accounts, eq(accounts.id, entries.accountId))
    .where(eq(accounts.userId, userId))
    .groupBy(entries.journalId, accounts.asset)
    .as("per_asset");
  const hold = sql<boolean>`(bool_and(${perAsset.net} = 0) and bool_or(${perAsset.held}) and bool_and(${perAsset.within}))`;
  return db
    .select({
      id: journals.id,
      kind: journals.kind,
      reference: journals.reference,
      memo: journals.memo,
      createdAt: journals.createdAt,
      hold: hold.as("hold"),
    })
    .from(journals)
    .innerJoin(perAsset, eq(perAsset.journalId, journals.id))
    .where(
      and(
        query.kind?.length ? inArray(journals.kind, query.kind) : undefined,
        query.from ? gte(journals.createdAt, query.from) : undefined,
        query.to ? lt(journals.createdAt, query.to) : undefined,
      ),
    )
    .groupBy(journals.id)
    .having(
      and(
        query.asset ? sql`bool_or(${perAsset.asset} = ${query.asset})` : undefined,
        query.holds ? undefined : sql`not ${hold}`,
      ),
    );
}

type JournalRow = {
  id: string;
  kind: string;
  reference: string | null;
  memo: string | null;
  createdAt: Date;
  hold: boolean;
};

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const strategyTitle = (hold: boolean, movedTo: string | undefined) => {
  if (hold) return "Back in the strategy's reserve";
  if (movedTo === "reserve") return "Strategy budget reserved";
  if (movedTo === "spot") return "Strategy budget released";
  return journalLabel("strategy");
};

/**
 * The title of a journal, and its memo where that says more. `baseNet` is what it did to XAUT, the
 * traded asset; `movedTo` the balance it moved money into, when it only moved money.
 */
function describe(
  row: JournalRow,
  baseNet: bigint,
  baseDecimals: number,
  movedTo: string | undefined,
): { title: string; detail: string | null } {
  const memo = row.memo;
  const fromMemo = (fallback: string) => ({ title: memo ? capitalized(memo) : fallback, detail: null });
  switch (row.kind) {
    case "trade":
      // An order's funds set aside or released; one a strategy placed names it after " by ".
      if (baseNet === 0n)
        return memo
          ? { title: capitalized(memo.split(" by ")[0]!), detail: memo.includes(" by ") ? memo : null }
          : fromMemo("Trade");
      return {
        title: `${baseNet > 0n ? "Bought" : "Sold"} ${readable(formatAmount(baseNet < 0n ? -baseNet : baseNet, baseDecimals), "XAUT")} XAUt`,
        detail: memo,
      };
    case "withdrawal":
      // A request, cancellation or rejection says so in its memo; the withdrawal itself is a send.
      return row.hold && memo ? { title: `Withdrawal ${memo}`, detail: null } : { title: "Withdrawal", detail: memo };
    case "saving":
      return memo === "redeemed" || memo === "matured"
        ? { title: `Savings ${memo}`, detail: null }
        : fromMemo("Savings");
    case "storage":
      return fromMemo(journalLabel(row.kind));
    case "strategy":
      // The memo names the strategy, which makes a long title: it goes under a short one.
      return { title: strategyTitle(row.hold, movedTo), detail: memo };
    case "interest":
      return { title: row.reference?.startsWith("storage:") ? "Vault earnings" : "Savings interest", detail: memo };
    default:
      return { title: journalLabel(row.kind), detail: memo };
  }
}

type LegRow = {
  id: bigint;
  journalId: string;
  account: string;
  asset: string;
  decimals: number;
  amount: bigint;
  label: string | null;
  balanceAfter: bigint | null;
};

function view(row: JournalRow, legs: LegRow[]): Transaction {
  const assetsTouched = new Map<string, { decimals: number; net: bigint; moved: bigint; to: string | null }>();
  for (const leg of legs) {
    const a = assetsTouched.get(leg.asset) ?? { decimals: leg.decimals, net: 0n, moved: 0n, to: null };
    a.net += leg.amount;
    if (leg.amount > 0n) {
      a.moved += leg.amount;
      a.to ??= leg.account;
    }
    assetsTouched.set(leg.asset, a);
  }
  const touched = [...assetsTouched];
  const base = assetsTouched.get("XAUT");
  return {
    id: row.id,
    kind: row.kind,
    ...describe(row, base?.net ?? 0n, base?.decimals ?? 6, touched.find(([, a]) => a.net === 0n)?.[1].to ?? undefined),
    createdAt: row.createdAt.toISOString(),
    hold: row.hold,
    // What came in before what went out: a buy reads "+0.1 XAUT, −266.33 USDT".
    net: touched
      .filter(([, a]) => a.net !== 0n)
      .sort(([, a], [, b]) => Number(b.net > 0n) - Number(a.net > 0n))
      .map(([code, a]) => ({ asset: code, amount: formatAmount(a.net, a.decimals) })),
    moved: touched
      .filter(([, a]) => a.net === 0n && a.to)
      .map(([code, a]) => ({ asset: code, amount: formatAmount(a.moved, a.decimals), to: a.to! })),
    link: referenceLink(row.kind, row.reference),
    legs: legs.map((leg) => ({
      id: leg.id.toString(),
      account: leg.account,
      asset: leg.asset,
      amount: formatAmount(leg.amount, leg.decimals),
      label: leg.label,
      balanceAfter: formatAmount(leg.balanceAfter ?? 0n, leg.decimals),
    })),
  };
}

/** The user's own legs of these journals, in the order they were written. */
function legsOf(db: Db, userId: string, journalIds: string[]): Promise<LegRow[]> {
  if (!journalIds.length) return Promise.resolve([]);
  return selectEntries(db, {})
    .where(and(inArray(entries.journalId, journalIds), eq(accounts.userId, userId)))
    .orderBy(entries.id);
}

/**
 * One user's transactions, newest first (then by id, so the order is stable), paged by journal: a
 * journal's legs are never split across pages. A journal counts as the user's only through their
 * own accounts, and only their own legs are shown.
 */
export async function listTransactions(db: Db, userId: string, query: TransactionQuery) {
  const mine = journalsOf(db, userId, query);
  const [rows, [total]] = await Promise.all([
    onePage(mine.orderBy(desc(journals.createdAt), desc(journals.id)).$dynamic(), query),
    db.select({ n: count() }).from(journalsOf(db, userId, query).as("mine")),
  ]);
  const legs = await legsOf(
    db,
    userId,
    rows.map((r) => r.id),
  );
  const transactions = rows.map((row) =>
    view(
      row,
      legs.filter((leg) => leg.journalId === row.id),
    ),
  );
  return { transactions, ...pageInfo(query, total) };
}
