import type { Metadata } from "next";
import Link from "next/link";
import { BalancesCard } from "@/components/balances-card";
import { DetailList } from "@/components/detail-list";
import { LivePriceCard } from "@/components/market/live-price-card";
import { SavingsCard } from "@/components/savings/savings-card";
import { TotalAssetsCard } from "@/components/total-assets-card";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/auth/page-session";
import { availableNetworks } from "@/lib/funding/wallets";
import { balancesWorthShowing, userBalances } from "@/lib/ledger/balances";
import { getTicker } from "@/lib/market/ticker";
import { listPlans } from "@/lib/savings/plans";
import { savingsOf } from "@/lib/savings/positions";
import { BASE, QUOTE } from "@/lib/trading/market";
import { valuedBalances } from "@/lib/trading/valuation";
import { RefreshOnBalance } from "@/components/refresh-on-balance";

export const metadata: Metadata = { title: "Home" };

export default async function HomePage() {
  const { user } = await requireUser();
  const db = await getDb();
  const [all, ticker, plans, positions, networks, valued] = await Promise.all([userBalances(db, user.id), getTicker(db), listPlans(db, { enabledOnly: true }), savingsOf(db, user.id), availableNetworks(db), valuedBalances(db, user.id)]);
  const fundable = new Set(networks.filter((c) => c.networks.some((n) => n.deposit)).map((c) => c.currency));
  const balances = balancesWorthShowing(all, [QUOTE, BASE], fundable);
  return (
    <div className="space-y-4">
      <RefreshOnBalance />
      <section className="card bg-gradient-to-br from-gold/20 via-panel to-panel">
        <p className="text-sm text-muted">Signed in as</p>
        <h1 className="mt-1 text-2xl font-semibold text-gold-soft" data-testid="signed-in-user">{user.username}</h1>
        <p className="mt-2 text-sm text-zinc-300">Tether Gold (XAUt): each token is backed by one troy ounce of physical gold.</p>
      </section>
      <nav aria-label="Quick actions" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {[["/deposit", "Deposit"], ["/withdraw", "Withdraw"], ["/trade", "Trade"], ["/ai-trading", "AI trading"]].map(([href, label]) => (
          <Link key={href} href={href!} className="btn-ghost py-3 text-center">{label}</Link>
        ))}
      </nav>
      <TotalAssetsCard valued={valued} />
      <LivePriceCard initial={ticker} />
      <BalancesCard balances={balances} />
      <SavingsCard plans={plans} positions={positions} />
      <section className="card" aria-labelledby="account-heading">
        <h2 id="account-heading" className="mb-2 font-semibold">Your account</h2>
        <DetailList
          items={[
            ["Email", user.email],
            ["Referral code", <span key="code" className="font-mono text-gold-soft">{user.referralCode}</span>],
            ["Member since", user.createdAt.toISOString().slice(0, 10)],
          ]}
        />
      </section>
      <Link href="/proof-of-reserves" className="card flex items-center justify-between gap-3 transition hover:border-gold">
        <span>
          <span className="block font-semibold text-gold-soft">Proof of reserves</span>
          <span className="block text-sm text-muted">Check that your balances are in the total Aurum publishes every day.</span>
        </span>
        <span aria-hidden="true" className="text-gold">→</span>
      </Link>
    </div>
  );
}
