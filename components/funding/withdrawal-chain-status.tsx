"use client";

import { useState } from "react";
import { useRealtimeEvent } from "@/components/realtime-provider";
import { StatusBadge } from "./status-badge";

type ChainStatus = "confirming" | "confirmed" | "flagged" | "returned" | null;

export interface WithdrawalProgress {
  chainStatus: ChainStatus;
  confirmations: number | null;
  required: number | null;
}

// How far along a payout is: what the server rendered and what the follower pushed may arrive in
// either order (a refresh that read the row before the last event), so the further one is shown.
const rank = (p: WithdrawalProgress) =>
  p.chainStatus === "confirmed" || p.chainStatus === "returned"
    ? 2e6
    : p.chainStatus === "flagged"
      ? 1e6
      : (p.confirmations ?? -1);

/**
 * A withdrawal's status, and once sent on a followed chain its confirmations counting up to
 * "Confirmed", pushed by the payout follower ("withdrawal" events), no reload.
 */
export function WithdrawalChainStatus({
  id,
  status,
  initial,
}: {
  id: string;
  status: string;
  initial: WithdrawalProgress;
}) {
  const [pushed, setPushed] = useState<WithdrawalProgress | null>(null);
  useRealtimeEvent<WithdrawalProgress & { id: string }>("withdrawal", (update) => {
    if (update.id === id) setPushed(update);
  });
  const progress = pushed && rank(pushed) > rank(initial) ? pushed : initial;
  // Any chain status means it was sent, even before the page's own refresh says so.
  const shown = progress.chainStatus === "confirmed" ? "confirmed" : progress.chainStatus ? "sent" : status;
  return (
    <span className="flex flex-col items-end gap-1" data-testid="withdrawal-status">
      <StatusBadge status={shown} />
      {progress.chainStatus === "confirming" && (
        <span className="text-xs text-muted" data-testid="withdrawal-confirmations">
          {progress.confirmations} of {progress.required} confirmations
        </span>
      )}
      {progress.chainStatus === "flagged" && (
        <span className="text-xs text-danger">Being checked by support: the network no longer shows it</span>
      )}
      {progress.chainStatus === "returned" && (
        <span className="text-xs text-muted">Not paid by the network: returned to your balance</span>
      )}
    </span>
  );
}

/** A transaction's page on the network's block explorer, in a new tab that cannot reach back to Aurum. */
export function ExplorerLink({ href }: { href: string | null }) {
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="text-xs text-gold underline hover:text-gold-soft"
      data-testid="explorer-link"
    >
      View on the block explorer
    </a>
  );
}
