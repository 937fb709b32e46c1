import type { Metadata } from "next";
import Link from "next/link";
import { OrderList } from "@/components/order-list";
import { TransactionList } from "@/components/records/transaction-list";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/auth/page-session";
import { RECORD_TABS } from "@/lib/ledger/kinds";
import { listTransactions } from "@/lib/ledger/transactions";
import { listUserOrders } from "@/lib/strategies/list-orders";
import { RefreshOnBalance } from "@/components/refresh-on-balance";

export const metadata: Metadata = { title: "Records" };

type Props = { searchParams: Promise<{ tab?: string }> };

export default async function RecordsPage({ searchParams }: Props) {
  const { user } = await requireUser();
  const { tab: requested } = await searchParams;
  const tab = RECORD_TABS.find((t) => t.id === requested) ?? RECORD_TABS[0];
  const db = await getDb();
  // Trades are listed as orders with their status; their ledger entries are in /records. The other
  // tabs list each activity's transactions, holds included: a withdrawal waiting is part of its story.
  const [{ transactions }, trades] = await Promise.all([
    tab.id === "trades"
      ? { transactions: [] }
      : listTransactions(db, user.id, { page: 1, pageSize: 50, kind: [...tab.kinds], holds: true }),
    tab.id === "trades" ? listUserOrders(db, user.id, { page: 1, pageSize: 50 }) : null,
  ]);

  return (
    <div className="space-y-4">
      <RefreshOnBalance />
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-semibold">Records</h1>
        <Link href="/records" className="text-sm text-gold hover:text-gold-soft">
          All transactions →
        </Link>
      </div>
      <nav aria-label="Record types" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1">
        {RECORD_TABS.map((t) => (
          <Link
            key={t.id}
            href={`/record?tab=${t.id}`}
            aria-current={t.id === tab.id ? "page" : undefined}
            className={`shrink-0 rounded-full border px-3 py-1.5 text-sm ${t.id === tab.id ? "border-gold bg-gold/15 text-gold-soft" : "border-line text-muted hover:text-zinc-200"}`}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {trades ? (
        <>
          <OrderList orders={trades.orders} label="Trades" empty="No trades yet." />
          {trades.total > 0 && (
            <Link href="/records?kind=trade" className="block text-center text-sm text-gold hover:text-gold-soft">
              Their ledger entries →
            </Link>
          )}
        </>
      ) : (
        <TransactionList transactions={transactions} label={tab.label} empty={`No ${tab.label.toLowerCase()} yet.`} />
      )}
    </div>
  );
}
