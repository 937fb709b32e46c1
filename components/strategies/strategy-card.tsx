"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useConfirm } from "@/components/confirm-dialog";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { displayDecimal } from "@/lib/core/format";
import type { StrategyView } from "@/lib/strategies/views";
import { Time } from "@/components/time";

const TONES: Record<string, string> = {
  proposed: "border-gold/40 text-gold-soft",
  running: "border-success/40 text-success",
  paused: "border-gold/40 text-gold-soft",
  stopped: "border-line text-muted",
  completed: "border-line text-muted",
  withdrawn: "border-line text-muted",
};

const money = (v: string | null, decimals = 2) => (v === null ? "—" : displayDecimal(v, decimals));
const signed = (v: string | null) => (v === null ? "—" : `${v.startsWith("-") ? "" : "+"}${displayDecimal(v)}`);

/** A strategy with what it really did, and (for its owner) the buttons to accept, pause, resume or stop it. */
export function StrategyCard({ strategy: s, actions = true }: { strategy: StrategyView; actions?: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const r = s.results;

  async function act(action: "accept" | "pause" | "resume" | "stop") {
    if (
      action === "stop" &&
      !(await confirm({
        title: `Stop ${s.name}?`,
        body: "Its open orders are cancelled and what it holds returns to your available balance. A stopped strategy cannot be resumed.",
        confirmLabel: "Stop strategy",
        keepLabel: "Keep it running",
      }))
    )
      return;
    setBusy(action);
    try {
      const headers: Record<string, string> = action === "accept" ? { "Idempotency-Key": crypto.randomUUID() } : {};
      const { body } = await api<{ success: boolean; message: string }>(`/api/strategies/${s.id}/${action}`, {
        method: "POST",
        headers,
        body: JSON.stringify({}),
      });
      toast(body.message, body.success ? "success" : "error");
      if (body.success) router.refresh();
    } catch {
      toast("That did not complete. Please try again.", "error");
    }
    setBusy(null);
  }

  const button = (action: "accept" | "pause" | "resume" | "stop", label: string, tone = "btn-ghost") => (
    <button
      type="button"
      className={`${tone} w-auto px-4 py-1.5 text-sm`}
      disabled={busy !== null}
      aria-busy={busy === action}
      onClick={() => void act(action)}
      aria-label={`${label}: ${s.name}`}
    >
      {busy === action ? "…" : label}
    </button>
  );
  const facts: [string, string][] = [
    [s.type === "grid" ? "Orders placed" : "Rounds run", String(s.roundsRun)],
    ["Skipped", String(s.roundsSkipped)],
    ["Fills", String(r.fills)],
    ["Average price", r.averagePrice === null ? "—" : `${money(r.averagePrice)} USDT`],
    ["Invested", `${money(r.invested)} USDT`],
    ["Fees paid", `${money(r.fees)} USDT`],
    ["XAUt held", displayDecimal(r.holding, 6)],
    ["Value at the bid", r.value === null ? "—" : `${money(r.value)} USDT`],
    ["Realised", `${signed(r.realised)} USDT`],
    ["Unrealised", r.unrealised === null ? "—" : `${signed(r.unrealised)} USDT`],
  ];

  return (
    <article className="card space-y-3" aria-label={s.name} data-testid="strategy">
      {confirmDialog}
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold">{s.name}</h3>
          {s.proposedBySupport && <p className="text-xs text-gold">Proposed by support</p>}
          {s.type === "grid" && s.quantityPerLevel && (
            <p className="text-xs text-muted">
              {s.quantityPerLevel} XAUt a level · investment {money(s.investment)} USDT
            </p>
          )}
          {s.type === "recurring" && (
            <p className="text-xs text-muted">
              {s.maxRounds ? `${s.maxRounds} rounds` : "Until you stop it"}
              {s.priceCeiling ? ` · skips above ${money(s.priceCeiling)} USDT` : ""}
            </p>
          )}
        </div>
        <span className={`rounded-full border px-2 py-0.5 text-xs capitalize ${TONES[s.status] ?? ""}`}>
          {s.status}
        </span>
      </header>
      {s.lastSkipReason && s.status === "running" && (
        <p className="rounded-lg border border-gold/30 p-2 text-xs text-gold-soft">
          Last round skipped: {s.lastSkipReason}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="truncate tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {s.nextRunAt && (
        <p className="text-xs text-muted">
          Next round <Time at={s.nextRunAt} countdown />
        </p>
      )}
      {actions && (
        <div className="flex flex-wrap gap-2">
          {s.status === "proposed" && button("accept", "Accept", "btn-gold")}
          {s.status === "running" && button("pause", "Pause")}
          {s.status === "paused" && button("resume", "Resume", "btn-gold")}
          {["proposed", "running", "paused"].includes(s.status) &&
            button("stop", s.status === "proposed" ? "Decline" : "Stop")}
        </div>
      )}
    </article>
  );
}
