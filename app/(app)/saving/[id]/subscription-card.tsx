"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Amount } from "@/components/amount";
import { DetailList } from "@/components/detail-list";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";
import { Time } from "@/components/time";
import { assetName, exact, money } from "@/lib/core/format";

interface Sub {
  id: string;
  asset: string;
  principal: string;
  accrued: string;
  daysPaid: number;
  termDays: number;
  status: string;
  startedAt: string;
  nextAccrualAt: string | null;
  maturesAt: string | null;
  expectedInterest: string | null;
  redeemNow: { receive: string; forfeit: string } | null;
}

/** One subscription: what it earned and when it next earns; redeeming shows exactly what is received and given up first. */
export function SubscriptionCard({ sub }: { sub: Sub }) {
  const router = useRouter();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useSubmit(() => toast("The redemption did not complete. Trying again is safe.", "error"));
  const key = useRef(`redeem-${sub.id}`);

  const redeem = () =>
    run(async () => {
      const { body } = await api<Answer>(`/api/savings/user/${sub.id}/redeem`, {
        method: "POST",
        headers: { "Idempotency-Key": key.current },
      });
      toast(body.message, body.success ? "success" : "error");
      if (body.success) router.refresh();
    });

  return (
    <article
      className="card space-y-2"
      aria-label={`Subscription of ${money(sub.principal, sub.asset)}`}
      data-testid="subscription"
    >
      <div className="flex items-baseline justify-between">
        <Amount value={sub.principal} asset={sub.asset} className="text-lg" />
        <span className="text-xs capitalize text-muted">{sub.status}</span>
      </div>
      <DetailList
        items={[
          ["Interest earned", <Amount key="a" value={sub.accrued} asset={sub.asset} className="text-success" />],
          ["Days paid", sub.termDays ? `${sub.daysPaid} of ${sub.termDays}` : String(sub.daysPaid)],
          ...(sub.nextAccrualAt
            ? [["Next interest", <Time key="n" at={sub.nextAccrualAt} countdown />] as [string, React.ReactNode]]
            : []),
          ...(sub.maturesAt
            ? [
                [
                  "Matures",
                  <span key="m">
                    <Time at={sub.maturesAt} />
                    {sub.expectedInterest && <> with {money(sub.expectedInterest, sub.asset)} interest</>}
                  </span>,
                ] as [string, React.ReactNode],
              ]
            : []),
          ["Started", <Time key="s" at={sub.startedAt} />],
        ]}
      />
      {sub.redeemNow &&
        (confirming ? (
          <div
            role="alertdialog"
            aria-labelledby={`redeem-${sub.id}`}
            className="space-y-2 rounded-lg border border-gold/40 p-3 text-sm"
          >
            <p id={`redeem-${sub.id}`} className="font-medium">
              Redeem now?
            </p>
            <p>
              You receive{" "}
              <strong>
                {exact(sub.redeemNow.receive)} {assetName(sub.asset)}
              </strong>{" "}
              in your available balance.
            </p>
            {sub.termDays > 0 && (
              <p>
                You give up{" "}
                <strong>
                  {exact(sub.redeemNow.forfeit)} {assetName(sub.asset)}
                </strong>{" "}
                of interest you would earn by maturity.
              </p>
            )}
            <div className="flex gap-2">
              <button
                type="button"
                className="btn-gold w-auto px-4 py-2 text-sm"
                onClick={() => void redeem()}
                disabled={busy}
                aria-busy={busy}
              >
                {busy ? "Redeeming…" : "Confirm redeem"}
              </button>
              <button type="button" className="btn-ghost" onClick={() => setConfirming(false)} disabled={busy}>
                Keep saving
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="btn-ghost w-full" onClick={() => setConfirming(true)}>
            Redeem…
          </button>
        ))}
    </article>
  );
}
