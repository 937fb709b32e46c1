import type { Metadata } from "next";
import Link from "next/link";
import { Pager } from "@/components/pager";
import { ShowHolds } from "@/components/records/show-holds";
import { TransactionList } from "@/components/records/transaction-list";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/auth/page-session";
import { plainParams } from "@/lib/core/query";
import { listAssets } from "@/lib/ledger/assets";
import { JOURNAL_LABELS } from "@/lib/ledger/kinds";
import { listTransactions, transactionQuerySchema } from "@/lib/ledger/transactions";
import { RefreshOnBalance } from "@/components/refresh-on-balance";
import { assetName } from "@/lib/core/format";

export const metadata: Metadata = { title: "Transaction Records" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// What narrows the list, as opposed to paging it or showing holds.
const FILTERS = ["asset", "kind", "from", "to"] as const;

export default async function TransactionRecordsPage({ searchParams }: Props) {
  const { user } = await requireUser();
  const db = await getDb();
  const params = plainParams(await searchParams);
  const parsed = transactionQuerySchema.safeParse(params);
  const [assets, result] = await Promise.all([
    listAssets(db),
    parsed.success ? listTransactions(db, user.id, parsed.data) : null,
  ]);
  const query = Object.fromEntries(Object.entries(params).filter(([key]) => key !== "page"));
  // The CSV keeps every leg, holds included, of the same filters.
  const exportQuery = Object.fromEntries(
    Object.entries(params).filter(([key]) => (FILTERS as readonly string[]).includes(key)),
  );
  const exportHref = `/api/records/export?${new URLSearchParams(exportQuery)}`;
  const holds = parsed.success && parsed.data.holds;
  const filtered = FILTERS.some((key) => params[key]);

  return (
    <div className="@container space-y-4">
      <RefreshOnBalance />
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-semibold">Transaction Records</h1>
        <a href={exportHref} download className="btn-ghost">
          Export CSV
        </a>
      </div>

      <form
        method="get"
        className="card grid grid-cols-2 gap-3 @2xl:grid-cols-[repeat(4,minmax(0,1fr))_auto] @2xl:items-end"
        aria-label="Filter records"
      >
        {holds && <input type="hidden" name="holds" value="true" />}
        <div>
          <label htmlFor="asset" className="label">
            Asset
          </label>
          <select id="asset" name="asset" defaultValue={params.asset ?? ""} className="field h-11">
            <option value="">All assets</option>
            {assets.map((a) => (
              <option key={a.code} value={a.code}>
                {assetName(a.code)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="kind" className="label">
            Type
          </label>
          <select id="kind" name="kind" defaultValue={params.kind ?? ""} className="field h-11">
            <option value="">All types</option>
            {Object.entries(JOURNAL_LABELS).map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="from" className="label">
            From
          </label>
          <input id="from" name="from" type="date" defaultValue={params.from ?? ""} className="field h-11" />
        </div>
        <div>
          <label htmlFor="to" className="label">
            To
          </label>
          <input id="to" name="to" type="date" defaultValue={params.to ?? ""} className="field h-11" />
        </div>
        <div className="col-span-2 flex gap-2 @2xl:col-span-1">
          <button type="submit" className="btn-gold @2xl:w-auto">
            Apply
          </button>
          <Link href={holds ? "/records?holds=true" : "/records"} className="btn-ghost shrink-0">
            Clear
          </Link>
        </div>
      </form>

      {result ? (
        <>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <ShowHolds shown={holds} query={query} />
            <p className="text-sm text-muted" data-testid="transaction-count">
              {result.total === 1 ? "1 transaction" : `${result.total.toLocaleString("en-US")} transactions`}
            </p>
          </div>
          <TransactionList
            transactions={result.transactions}
            empty={
              filtered
                ? "No transactions match these filters."
                : "No transactions yet. Deposits, trades and adjustments will appear here."
            }
          />
          {result.total > result.pageSize && (
            <Pager page={result.page} pageSize={result.pageSize} total={result.total} query={query} />
          )}
        </>
      ) : (
        <p role="alert" className="card text-sm text-danger">
          {parsed.error?.issues[0]?.message ?? "These filters are not valid"}
        </p>
      )}
    </div>
  );
}
