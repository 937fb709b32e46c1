"use client";

import { useState } from "react";
import { useRealtimeEvent } from "@/components/realtime-provider";
import { ExplorerLink } from "@/components/funding/withdrawal-chain-status";
import { money } from "@/lib/core/format";

export interface ChainDepositRow {
  id: string;
  currency: string;
  network: string;
  amount: string;
  txHash: string;
  explorerUrl: string | null;
  status: "pending" | "credited" | "below_minimum" | "dropped";
  confirmations: number;
  required: number | null;
}

const STATUS_TEXT: Record<Exclude<ChainDepositRow["status"], "pending">, string> = {
  credited: "Credited to your available balance",
  below_minimum: "Below the minimum, not credited",
  dropped: "Dropped by the network, not credited",
};

/**
 * The user's deposits of this currency seen on chain, newest first: each pending one counts its
 * confirmations up as blocks arrive and turns into a credit, pushed by the watcher, no reload.
 */
export function ChainDeposits({ currency, initial }: { currency: string; initial: ChainDepositRow[] }) {
  const [rows, setRows] = useState(initial);
  useRealtimeEvent<ChainDepositRow>("chain-deposit", (deposit) => {
    if (deposit.currency !== currency) return;
    setRows((now) =>
      now.some((r) => r.id === deposit.id) ? now.map((r) => (r.id === deposit.id ? deposit : r)) : [deposit, ...now],
    );
  });
  return (
    <section className="card space-y-2" aria-labelledby="chain-deposits-heading">
      <h2 id="chain-deposits-heading" className="font-semibold">
        Deposits on their way
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">None yet: a deposit shows here as soon as the network carries it.</p>
      ) : (
        <ul className="divide-y divide-line text-sm">
          {rows.map((r) => (
            <li key={r.id} className="flex items-center justify-between gap-3 py-2" data-testid="chain-deposit">
              <span className="flex flex-col">
                <span>
                  {money(r.amount, r.currency)} <span className="text-xs text-muted">{r.network}</span>
                </span>
                <ExplorerLink href={r.explorerUrl} />
              </span>
              <span
                className={r.status === "credited" ? "text-gold-soft" : "text-muted"}
                data-testid="chain-deposit-status"
              >
                {r.status === "pending"
                  ? `${r.confirmations} of ${r.required ?? "?"} confirmations`
                  : STATUS_TEXT[r.status]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
