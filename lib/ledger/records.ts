import { and, count, desc, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { accounts, assets, entries, journals, USER_ACCOUNT_KINDS } from "@/db/schema";
import { onePage, pageInfo, paginationSchema, queryParam } from "@/lib/core/query";
import { formatAmount } from "@/lib/core/amount";
import { decimalString, isoTime } from "@/lib/core/answers";
import { DAY_MS } from "@/lib/core/time";

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

// JavaScript reads dates far beyond what a timestamp column holds; no record is older or newer.
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31);
// The end of 9999-12-31 is 10000-01-01, which the drivers send as "+010000-01-01T…" and PostgreSQL
// refuses: a bound is kept to the last instant a four-digit year names.
const LAST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const instant = (field: string, endOfDay: boolean) =>
  z
    .string()
    .trim()
    .refine((s) => !Number.isNaN(Date.parse(s)), `${field} must be a date such as 2026-01-31`)
    .refine(
      (s) => Date.parse(s) >= EARLIEST && Date.parse(s) <= LATEST,
      `${field} must be a date between 1970 and 9999`,
    )
    .transform((s) => new Date(Math.min(Date.parse(s) + (endOfDay && DATE_ONLY.test(s) ? DAY_MS : 0), LAST_INSTANT)));

export const recordFilterSchema = z.object({
  asset: queryParam(z.string().trim().toUpperCase().max(10).optional()),
  // One journal kind, or several separated by commas (a tab of /record spans related kinds).
  kind: queryParam(
    z
      .string()
      .trim()
      .max(200)
      .transform((s) =>
        s
          .split(",")
          .map((k) => k.trim())
          .filter(Boolean),
      )
      .optional(),
  ),
  account: queryParam(
    z.enum(USER_ACCOUNT_KINDS, { error: "account must be spot, hold, storage, savings or reserve" }).optional(),
  ),
  // `from` is inclusive; `to` includes the whole day when it is a date.
  from: queryParam(instant("from", false).optional()),
  to: queryParam(instant("to", true).optional()),
});

export const recordQuerySchema = paginationSchema.extend(recordFilterSchema.shape);

export type RecordFilter = z.infer<typeof recordFilterSchema>;
export type RecordQuery = z.infer<typeof recordQuerySchema>;

function whereFor(userId: string, filter: RecordFilter): SQL {
  return and(
    eq(accounts.userId, userId),
    filter.asset ? eq(accounts.asset, filter.asset) : undefined,
    filter.kind?.length ? inArray(journals.kind, filter.kind) : undefined,
    filter.account ? eq(accounts.kind, filter.account) : undefined,
    filter.from ? gte(entries.createdAt, filter.from) : undefined,
    filter.to ? lt(entries.createdAt, filter.to) : undefined,
  )!;
}

/** An entry as a user's lists show it: its account's kind and asset, and the asset's decimals. */
const ENTRY_COLUMNS = {
  id: entries.id,
  journalId: entries.journalId,
  account: accounts.kind,
  asset: accounts.asset,
  decimals: assets.decimals,
  amount: entries.amount,
  label: entries.label,
  balanceAfter: entries.balanceAfter,
};

/**
 * Entries with their account, journal and asset joined, and `extra` columns beside ENTRY_COLUMNS:
 * the records below and a transaction's legs (transactions.ts) read entries alike.
 */
export function selectEntries<E extends SelectedFields>(db: Db, extra: E) {
  return db
    .select({ ...ENTRY_COLUMNS, ...extra })
    .from(entries)
    .innerJoin(accounts, eq(accounts.id, entries.accountId))
    .innerJoin(journals, eq(journals.id, entries.journalId))
    .innerJoin(assets, eq(assets.code, accounts.asset));
}

const select = (db: Db) =>
  selectEntries(db, {
    kind: journals.kind,
    reference: journals.reference,
    memo: journals.memo,
    createdAt: entries.createdAt,
  });

type Row = Awaited<ReturnType<ReturnType<typeof select>["execute"]>>[number];

/** A ledger entry as the API shows it: one change of one balance. */
export const ledgerRecordSchema = z.object({
  id: z.string(),
  journalId: z.uuid(),
  kind: z.string(),
  /** The user's balance it changed: spot, hold, storage, savings or reserve. */
  account: z.string(),
  asset: z.string(),
  amount: decimalString,
  label: z.string().nullable(),
  balanceAfter: decimalString,
  reference: z.string().nullable(),
  memo: z.string().nullable(),
  createdAt: isoTime,
});

export type LedgerRecord = z.infer<typeof ledgerRecordSchema>;

function view(row: Row): LedgerRecord {
  return {
    id: row.id.toString(),
    journalId: row.journalId,
    kind: row.kind,
    account: row.account,
    asset: row.asset,
    amount: formatAmount(row.amount, row.decimals),
    label: row.label,
    balanceAfter: formatAmount(row.balanceAfter ?? 0n, row.decimals),
    reference: row.reference,
    memo: row.memo,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One user's ledger entries, newest first: every change of every balance they hold. */
export async function listRecords(db: Db, userId: string, query: RecordQuery) {
  const where = whereFor(userId, query);
  const [rows, [total]] = await Promise.all([
    onePage(select(db).where(where).orderBy(desc(entries.id)).$dynamic(), query),
    db
      .select({ n: count() })
      .from(entries)
      .innerJoin(accounts, eq(accounts.id, entries.accountId))
      .innerJoin(journals, eq(journals.id, entries.journalId))
      .where(where),
  ]);
  return { records: rows.map(view), ...pageInfo(query, total) };
}

const EXPORT_LIMIT = 50_000;
const CSV_COLUMNS = [
  "time",
  "kind",
  "label",
  "account",
  "asset",
  "amount",
  "balance_after",
  "reference",
  "memo",
  "journal_id",
] as const;

function csvCell(value: string | null): string {
  if (value === null) return "";
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Free text (memo, reference) starting with = + - @ would run as a spreadsheet formula. */
const inertText = (value: string | null) => (value !== null && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The same records as CSV, newest first, up to a hard limit of rows. */
export async function exportRecordsCsv(db: Db, userId: string, filter: RecordFilter): Promise<string> {
  const rows = await select(db).where(whereFor(userId, filter)).orderBy(desc(entries.id)).limit(EXPORT_LIMIT);
  const lines = rows
    .map(view)
    .map((r) =>
      [
        r.createdAt,
        r.kind,
        r.label,
        r.account,
        r.asset,
        r.amount,
        r.balanceAfter,
        inertText(r.reference),
        inertText(r.memo),
        r.journalId,
      ]
        .map(csvCell)
        .join(","),
    );
  return [CSV_COLUMNS.join(","), ...lines].join("\r\n") + "\r\n";
}
