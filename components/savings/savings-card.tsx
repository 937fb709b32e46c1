import Link from "next/link";
import { Amount } from "@/components/amount";
import { assetName, percentText, readable } from "@/lib/core/format";
import { termText } from "./apr";

interface PlanSummary {
  id: string;
  name: string;
  asset: string;
  aprBps: number;
  termDays: number;
  minAmount: string;
  capLeft: string;
}

interface Position {
  id: string;
  planId: string;
  planName: string;
  asset: string;
  principal: string;
  accrued: string;
  status: string;
}

/** Home's savings: the plans on offer and what the user has in them. */
export function SavingsCard({ plans, positions }: { plans: PlanSummary[]; positions: Position[] }) {
  const running = positions.filter((p) => p.status === "active");
  return (
    <section className="card" aria-labelledby="savings-heading" id="savings">
      <h2 id="savings-heading" className="mb-2 font-semibold">
        Savings
      </h2>
      {running.length > 0 && (
        <ul className="mb-3 divide-y divide-line" aria-label="Your savings" data-testid="savings-positions">
          {running.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <Link href={`/saving/${p.planId}`} className="text-gold hover:text-gold-soft">
                {p.planName}
              </Link>
              <span className="text-right">
                <Amount value={p.principal} asset={p.asset} />
                <span className="block text-xs text-success">+{readable(p.accrued, p.asset)} earned</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {plans.length === 0 ? (
        <p className="text-sm text-muted">No savings plans are open right now.</p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Plans">
          {plans.map((p) => (
            <li key={p.id}>
              <Link
                href={`/saving/${p.id}`}
                className="flex items-center justify-between gap-3 py-2.5 hover:text-gold-soft"
              >
                <span>
                  <span className="font-medium">{p.name}</span>
                  <span className="block text-xs text-muted">
                    {assetName(p.asset)} · {termText(p.termDays)} · from {readable(p.minAmount, p.asset)}
                  </span>
                </span>
                <span className="text-right text-lg font-semibold text-gold-soft">
                  {percentText(p.aprBps)}
                  <span className="block text-xs font-normal text-muted">a year</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
