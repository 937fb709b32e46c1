import type { Metadata } from "next";
import Link from "next/link";
import { BalancesCard } from "@/components/balances-card";
import { Amount } from "@/components/amount";
import { DetailList } from "@/components/detail-list";
import { LivePriceCard } from "@/components/market/live-price-card";
import { TransactionList } from "@/components/records/transaction-list";
import { SavingsCard } from "@/components/savings/savings-card";
import { TotalAssetsCard } from "@/components/total-assets-card";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/auth/page-session";
import { availableNetworks } from "@/lib/funding/wallets";
import { balancesWorthShowing, userBalances } from "@/lib/ledger/balances";
import { listTransactions, transactionQuerySchema } from "@/lib/ledger/transactions";
import { XAUT_IS } from "@/lib/info/about";
import { getTicker } from "@/lib/market/ticker";
import { listPlans } from "@/lib/savings/plans";
import { savingsOf } from "@/lib/savings/positions";
import { storageOverview } from "@/lib/storage/vault";
import { BASE, QUOTE } from "@/lib/ledger/assets";
import { valuedBalances } from "@/lib/trading/valuation";
import { RefreshOnBalance } from "@/components/refresh-on-balance";
import { Time } from "@/components/time";

export const metadata: Metadata = { title: "Home" };

export default async function HomePage() {
  const { user } = await requireUser();
  const db = await getDb();
  const [all, ticker, plans, positions, networks, valued, vault, recent] = await Promise.all([
    userBalances(db, user.id),
    getTicker(db),
    listPlans(db, { enabledOnly: true }),
    savingsOf(db, user.id),
    availableNetworks(db),
    valuedBalances(db, user.id),
    storageOverview(db, user.id),
    // The last transactions as /records shows them, without the holds an order moves back and forth.
    listTransactions(db, user.id, transactionQuerySchema.parse({ pageSize: "5" })),
  ]);
  const fundable = new Set(networks.filter((c) => c.networks.some((n) => n.deposit)).map((c) => c.currency));
  const balances = balancesWorthShowing(all, [QUOTE, BASE], fundable);
  // A phone shows one column, as before; from 768 px the cards pair up, and from 1280 px Home is a
  // dashboard: the overview, price and activity in two thirds, the money in the last third. The
  // tablet-up cards (activity, vault) add nothing a phone's Records and Storage tabs do not show.
  return (
    <div className="space-y-4 xl:grid xl:grid-cols-3 xl:items-start xl:gap-4 xl:space-y-0">
      <RefreshOnBalance />
      <div className="space-y-4 md:grid md:grid-cols-2 md:gap-4 md:space-y-0 xl:col-span-2">
        <section className="card bg-gradient-to-br from-gold/20 via-panel to-panel">
          <p className="text-sm text-muted">Signed in as</p>
          <h1 className="mt-1 text-2xl font-semibold text-gold-soft" data-testid="signed-in-user">
            {user.username}
          </h1>
          <p className="mt-2 text-sm text-zinc-300">{XAUT_IS}.</p>
        </section>
        <nav aria-label="Quick actions" className="grid grid-cols-3 gap-2 sm:grid-cols-6 md:col-span-2 md:row-start-2">
          {[
            ["/deposit", "Deposit"],
            ["/withdraw", "Withdraw"],
            ["/trade", "Trade"],
            ["#savings", "Savings"],
            ["/storage", "Storage"],
            ["/ai-trading", "AI trading"],
          ].map(([href, label]) => (
            <Link key={href} href={href!} className="btn-ghost py-3 text-center">
              {label}
            </Link>
          ))}
        </nav>
        <div className="md:col-start-2 md:row-start-1 md:grid">
          <TotalAssetsCard valued={valued} />
        </div>
        <LivePriceCard initial={ticker} className="md:col-span-2" />
        <section className="hidden space-y-2 md:col-span-2 md:block" aria-labelledby="activity-heading">
          <div className="flex items-baseline justify-between">
            <h2 id="activity-heading" className="font-semibold">
              Recent activity
            </h2>
            <Link href="/records" className="text-sm text-gold hover:text-gold-soft">
              All transactions →
            </Link>
          </div>
          <TransactionList
            transactions={recent.transactions}
            label="Recent transactions"
            empty="Nothing yet: your deposits, trades and savings will show here."
          />
        </section>
      </div>
      <div className="space-y-4 md:grid md:grid-cols-2 md:items-start md:gap-4 md:space-y-0 xl:block xl:space-y-4">
        <BalancesCard balances={balances} />
        <SavingsCard plans={plans} positions={positions} />
        <Link href="/storage" className="card hidden transition hover:border-gold md:block">
          <span className="flex items-baseline justify-between">
            <span className="font-semibold">Vault</span>
            <span aria-hidden="true" className="text-sm text-gold">
              Storage →
            </span>
          </span>
          <span className="mt-1 block text-xl font-semibold text-gold-soft" data-testid="home-vault">
            <Amount value={vault.stored} asset="XAUt" />
          </span>
          <span className="block text-sm text-muted">
            {vault.valueUsdt === null ? (
              "No price yet"
            ) : (
              <>
                ≈ <Amount value={vault.valueUsdt} asset="USDT" /> at the bid
              </>
            )}
          </span>
        </Link>
        <section className="card" aria-labelledby="account-heading">
          <div className="mb-2 flex items-baseline justify-between gap-3">
            <h2 id="account-heading" className="font-semibold">
              Your account
            </h2>
            <Link href="/security-management#activity" className="text-sm text-gold hover:text-gold-soft">
              Account activity<span aria-hidden="true"> →</span>
            </Link>
          </div>
          <DetailList
            items={[
              ["Email", user.email],
              [
                "Referral code",
                <span key="code" className="font-mono text-gold-soft">
                  {user.referralCode}
                </span>,
              ],
              ["Member since", <Time key="m" at={user.createdAt.toISOString()} date />],
            ]}
          />
        </section>
        <Link
          href="/proof-of-reserves"
          className="card flex items-center justify-between gap-3 transition hover:border-gold"
        >
          <span>
            <span className="block font-semibold text-gold-soft">Proof of liabilities</span>
            <span className="block text-sm text-muted">
              Check that your balances are in the total Aurum publishes every day.
            </span>
          </span>
          <span aria-hidden="true" className="text-gold">
            →
          </span>
        </Link>
      </div>
    </div>
  );
}
