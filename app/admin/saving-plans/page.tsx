import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { requireAdmin } from "@/lib/auth/page-session";
import { listPlans } from "@/lib/savings/plans";
import { PlanForm } from "./plan-form";

export const metadata: Metadata = { title: "Saving plans" };

export default async function AdminSavingPlansPage() {
  await requireAdmin();
  const plans = await listPlans(await getDb(), { enabledOnly: false });
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-semibold">Saving plans</h1>
      <p className="max-w-3xl text-sm text-muted">
        A subscription copies the plan&apos;s rate and term when it starts: editing a plan changes it for new
        subscriptions only. A term of 0 days is flexible (redeemable any day). Interest is simple, paid daily from the
        interest account; every change is audited.
      </p>
      {plans.length === 0 && <p className="card text-muted">No plans yet: create one below.</p>}
      <div className="grid gap-4 lg:grid-cols-2">
        {plans.map((p) => (
          <PlanForm key={p.id} plan={p} />
        ))}
        <PlanForm plan={null} />
      </div>
    </div>
  );
}
