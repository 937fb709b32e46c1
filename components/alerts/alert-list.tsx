"use client";

import { useState } from "react";
import { api } from "@/components/hooks/session";
import { Time } from "@/components/time";
import { useToast } from "@/components/toast";
import { typedAmount } from "@/lib/core/format";
import { formatAmount, toUnits } from "@/lib/core/amount";
import { crossedAt, type AlertView } from "@/lib/alerts/views";
import type { PriceAlerts } from "./use-price-alerts";

const priceOf = (value: string) => `${typedAmount(value, "USDT")} USDT`;
/** The fired price to the cent, as the alert's notification says it. */
function firedText(alert: AlertView & { firedPrice: string }): string {
  const decimals = alert.firedPrice.split(".")[1]?.length ?? 0;
  const units = crossedAt(alert.direction, toUnits(alert.firedPrice, decimals), decimals);
  return priceOf(formatAmount(units, decimals));
}
const NAMES = { above: "Rises to", below: "Falls to" } as const;

/** One alert: what it waits for (or what it fired at), its note, and its delete. */
function AlertItem({ alert, onDelete, busy }: { alert: AlertView; onDelete(): void; busy: boolean }) {
  const fired = alert.status === "fired";
  const label = `${fired ? "Clear fired" : "Delete"} alert ${alert.direction} ${priceOf(alert.price)}`;
  return (
    <li className="flex items-start justify-between gap-3 py-2" data-testid={`alert-${alert.status}`}>
      <div className="min-w-0 text-sm">
        <p className={fired ? "text-muted" : ""}>
          <span aria-hidden="true" className={alert.direction === "above" ? "text-success" : "text-danger"}>
            {alert.direction === "above" ? "▲" : "▼"}{" "}
          </span>
          {NAMES[alert.direction]} <strong className="tabular-nums">{priceOf(alert.price)}</strong>
        </p>
        {alert.note && <p className="truncate text-xs text-muted">{alert.note}</p>}
        {fired && alert.firedPrice !== null && alert.firedAt && (
          <p className="text-xs text-gold-soft">
            Fired at <span className="tabular-nums">{firedText({ ...alert, firedPrice: alert.firedPrice })}</span>,{" "}
            <Time at={alert.firedAt} />
          </p>
        )}
      </div>
      <button
        type="button"
        className="btn-ghost shrink-0 px-3 py-1 text-xs"
        onClick={onDelete}
        disabled={busy}
        aria-label={label}
      >
        {fired ? "Clear" : "Delete"}
      </button>
    </li>
  );
}

/** The user's active alerts, then the recently fired ones, each with its delete; loading and empty states. */
export function AlertList({ alerts }: { alerts: PriceAlerts }) {
  const toast = useToast();
  const [deleting, setDeleting] = useState<string | null>(null);
  const { load } = alerts;

  async function remove(alert: AlertView) {
    setDeleting(alert.id);
    const res = await api<{ success: boolean; message: string }>(`/api/alerts/${alert.id}`, {
      method: "DELETE",
    }).catch(() => null);
    if (!res?.body.success) toast(res?.body.message ?? "The alert was not deleted. Please try again.", "error");
    await alerts.refresh();
    setDeleting(null);
  }

  if (load.state === "loading")
    return (
      <p role="status" className="py-3 text-sm text-muted">
        Loading your alerts…
      </p>
    );
  if (load.state === "failed")
    return (
      <div role="alert" className="flex items-center justify-between gap-3 py-3 text-sm">
        <span>Your alerts could not be loaded.</span>
        <button type="button" className="btn-ghost px-3 py-1 text-xs" onClick={() => void alerts.refresh()}>
          Try again
        </button>
      </div>
    );
  if (load.alerts.length === 0) return <p className="py-3 text-sm text-muted">No alerts yet.</p>;
  return (
    <ul className="divide-y divide-line" aria-label="Your price alerts">
      {load.alerts.map((a) => (
        <AlertItem key={a.id} alert={a} busy={deleting === a.id} onDelete={() => void remove(a)} />
      ))}
    </ul>
  );
}
