import Link from "next/link";
import { OrderList } from "@/components/order-list";
import { Pager } from "@/components/pager";
import { RefreshOnBalance } from "@/components/refresh-on-balance";
import { RecordFilters } from "@/components/records/record-filters";
import { RecordTabs } from "@/components/records/record-tabs";
import { ShowHolds } from "@/components/records/show-holds";
import { TransactionList } from "@/components/records/transaction-list";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/auth/page-session";
import { plainParams } from "@/lib/core/query";
import { listAssets } from "@/lib/ledger/assets";
import { RECORD_TABS } from "@/lib/ledger/kinds";
import { listTransactions, transactionQuerySchema } from "@/lib/ledger/transactions";
import { listUserOrders } from "@/lib/strategies/list-orders";

// What narrows the list, as opposed to paging it or showing holds.
const FILTERS = ["tab", "asset", "kind", "from", "to"] as const;

/**
 * The one records screen behind both of the spec's routes, /record ("Records") and /records
 * ("Transaction Records"): the same transactions, tabs and filters on either, so a person never
 * wonders which of two lists is the whole story. Links stay on the route the person came by.
 */
export async function RecordsScreen({
  base,
  title,
  searchParams,
}: {
  base: "/record" | "/records";
  title: string;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { user } = await requireUser();
  const db = await getDb();
  const params = plainParams(await searchParams);
  const tab = RECORD_TABS.find((t) => t.id === params.tab) ?? null;
  const parsed = transactionQuerySchema.safeParse(params);
  // Trades are listed as orders with their status; their ledger entries are one tap away.
  const orders = tab?.id === "trades";
  // A tab is a type of activity: it spans related journal kinds and stands in for the Type filter.
  const query = parsed.success && tab ? { ...parsed.data, kind: [...tab.kinds] } : parsed.data;
  const [assets, result, trades] = await Promise.all([
    listAssets(db),
    query && !orders ? listTransactions(db, user.id, query) : null,
    orders ? listUserOrders(db, user.id, { page: 1, pageSize: 50 }) : null,
  ]);
  const kept = Object.fromEntries(Object.entries(params).filter(([key]) => key !== "page"));
  // The CSV keeps every leg, holds included, of the same filters.
  const exportQuery = Object.fromEntries(
    Object.entries(params).filter(([key]) => (FILTERS as readonly string[]).includes(key) && key !== "tab"),
  );
  if (tab && !orders) exportQuery.kind = tab.kinds.join(",");
  const holds = parsed.success && parsed.data.holds;
  const filtered = FILTERS.some((key) => key !== "tab" && params[key]);

  return (
    <div className="@container space-y-4">
      <RefreshOnBalance />
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-xl font-semibold">{title}</h1>
        {!orders && (
          <a href={`/api/records/export?${new URLSearchParams(exportQuery)}`} download className="btn-ghost">
            Export CSV
          </a>
        )}
      </div>
      <RecordTabs base={base} current={tab?.id ?? null} holds={holds} />

      {trades ? (
        <>
          <OrderList orders={trades.orders} label="Trades" empty="No trades yet." />
          {trades.total > 0 && (
            <Link href={`${base}?kind=trade`} className="block text-center text-sm text-gold hover:text-gold-soft">
              Their ledger entries →
            </Link>
          )}
        </>
      ) : (
        <>
          <RecordFilters base={base} params={params} assets={assets} tab={tab?.id ?? null} holds={holds} />
          {result ? (
            <>
              <div className="flex flex-wrap items-end justify-between gap-3">
                <ShowHolds shown={holds} query={kept} />
                <p className="text-sm text-muted" data-testid="transaction-count">
                  {result.total === 1 ? "1 transaction" : `${result.total.toLocaleString("en-US")} transactions`}
                </p>
              </div>
              <TransactionList
                transactions={result.transactions}
                empty={
                  filtered
                    ? "No transactions match these filters."
                    : tab
                      ? `No ${tab.label.toLowerCase()} yet.`
                      : "No transactions yet. Deposits, trades and adjustments will appear here."
                }
              />
              {result.total > result.pageSize && (
                <Pager page={result.page} pageSize={result.pageSize} total={result.total} query={kept} />
              )}
            </>
          ) : (
            <p role="alert" className="card text-sm text-danger">
              {parsed.error?.issues[0]?.message ?? "These filters are not valid"}
            </p>
          )}
        </>
      )}
    </div>
  );
}
