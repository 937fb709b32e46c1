import type { Metadata } from "next";
import Link from "next/link";
import { RefreshOnBalance } from "@/components/refresh-on-balance";
import { StrategyCard } from "@/components/strategies/strategy-card";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/auth/page-session";
import { userBalances } from "@/lib/ledger/balances";
import { readable } from "@/lib/core/format";
import { aiTradingIs } from "@/lib/info/about";
import { getSettings } from "@/lib/settings";
import { hasConsented, listStrategies, RISK_STATEMENT } from "@/lib/strategies/lifecycle";
import { strategyViews } from "@/lib/strategies/views";
import { StrategyForm } from "./strategy-form";

export const metadata: Metadata = { title: "AI trading" };

export default async function AiTradingPage() {
  const { user } = await requireUser();
  const db = await getDb();
  const [list, riskAccepted, balances, { siteName }] = await Promise.all([
    listStrategies(db, user.id),
    hasConsented(db, user.id),
    userBalances(db, user.id),
    getSettings(db),
  ]);
  const views = await strategyViews(db, user.id, list);
  const active = views.filter((s) => ["proposed", "running", "paused"].includes(s.status));
  const ended = views.filter((s) => !active.includes(s));
  const usdt = balances.find((b) => b.asset === "USDT")?.available ?? "0";
  return (
    <div className="space-y-4">
      <RefreshOnBalance />
      <h1 className="text-xl font-semibold">AI trading</h1>
      <p className="text-sm text-muted">
        {aiTradingIs(siteName)} Every result is a real fill.{" "}
        <Link href="/advantages-of-ai-trading" className="text-gold underline hover:text-gold-soft">
          How strategies work
        </Link>
      </p>
      <StrategyForm riskAccepted={riskAccepted} riskStatement={RISK_STATEMENT} available={readable(usdt, "USDT")} />
      <section className="space-y-3" aria-labelledby="active-heading">
        <h2 id="active-heading" className="font-semibold">
          Your strategies
        </h2>
        {active.length === 0 ? (
          <p className="card py-8 text-center text-sm text-muted">No strategy running. Start one above.</p>
        ) : (
          active.map((s) => <StrategyCard key={s.id} strategy={s} />)
        )}
      </section>
      {ended.length > 0 && (
        <section className="space-y-3" aria-labelledby="ended-heading">
          <h2 id="ended-heading" className="font-semibold">
            Ended
          </h2>
          {ended.map((s) => (
            <StrategyCard key={s.id} strategy={s} />
          ))}
        </section>
      )}
      <p className="text-xs text-muted">{RISK_STATEMENT}</p>
    </div>
  );
}
