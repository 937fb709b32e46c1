import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DetailList } from "@/components/detail-list";
import { termText } from "@/components/savings/apr";
import { assetName, money, percentText, rangeText } from "@/lib/core/format";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/auth/page-session";
import { isUuid } from "@/lib/core/ids";
import { userBalances } from "@/lib/ledger/balances";
import { findPlan, listPlans } from "@/lib/savings/plans";
import { savingsOf } from "@/lib/savings/positions";
import { SubscribeForm } from "./subscribe-form";
import { SubscriptionCard } from "./subscription-card";

export const metadata: Metadata = { title: "Savings plan" };

export default async function SavingPage({ params }: { params: Promise<{ id: string }> }) {
  const { user } = await requireUser();
  const { id } = await params;
  if (!isUuid(id)) notFound();
  const db = await getDb();
  // A disabled plan still shows to those with money in it, without the form.
  const plan = await findPlan(db, id, { enabledOnly: false }).catch(() => null);
  if (!plan) notFound();
  const [offered, mine, balances] = await Promise.all([
    listPlans(db, { enabledOnly: true }),
    savingsOf(db, user.id, plan.id),
    userBalances(db, user.id),
  ]);
  const view = offered.find((p) => p.id === plan.id);
  if (!view && mine.length === 0) notFound();
  const balance = balances.find((b) => b.asset === plan.asset);
  const available = balance?.available ?? "0";
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">{plan.name}</h1>
      <section className="card" aria-label="Terms">
        <p className="text-3xl font-semibold text-gold-soft">
          {percentText(plan.aprBps)} <span className="text-sm font-normal text-muted">a year, simple interest</span>
        </p>
        <DetailList
          items={[
            ["Asset", assetName(plan.asset)],
            ["Term", termText(plan.termDays)],
            [
              "Per subscription",
              view ? `${rangeText(view.minAmount, view.maxAmount, plan.asset)} ${assetName(plan.asset)}` : "—",
            ],
            ["Room left in the plan", view ? money(view.capLeft, plan.asset) : "Closed"],
            ["Interest", "Paid daily, for each whole UTC day after the day you subscribe"],
            [
              plan.termDays ? "Leaving early" : "Leaving",
              plan.termDays
                ? "Any time: you get your principal and the interest paid so far; the rest of the term's interest is forfeited"
                : "Any time, with all interest paid so far",
            ],
          ]}
        />
        <p className="mt-3 text-xs text-muted">
          The rate is fixed when you subscribe: later changes to the plan do not change your subscription. Past rates do
          not promise future ones.
        </p>
      </section>
      {view && (
        <SubscribeForm
          planId={plan.id}
          asset={plan.asset}
          decimals={balance?.decimals ?? 6}
          available={available}
          min={view.minAmount}
          max={view.maxAmount}
          capLeft={view.capLeft}
        />
      )}
      <section aria-labelledby="yours-heading" className="space-y-3">
        <h2 id="yours-heading" className="font-semibold">
          Your subscriptions
        </h2>
        {mine.length === 0 ? (
          <p className="card text-sm text-muted">None in this plan yet.</p>
        ) : (
          mine.map((s) => <SubscriptionCard key={s.id} sub={s} />)
        )}
      </section>
    </div>
  );
}
