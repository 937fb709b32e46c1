"use client";

import { AlertForm } from "./alert-form";
import { AlertList } from "./alert-list";
import type { PriceAlerts } from "./use-price-alerts";

/**
 * A screen's price alerts: the form that sets one and the list with delete. An alert fires once,
 * when the feed's price reaches it, with a notification.
 */
export function PriceAlertsPanel({
  idPrefix,
  last,
  alerts,
  className = "",
  wide = false,
  heading = true,
}: {
  idPrefix: string;
  /** The feed's last price (USDT), the one alerts are checked against. */
  last: string | null;
  alerts: PriceAlerts;
  className?: string;
  /** Form and list side by side from 768 px (Trade's chart card). */
  wide?: boolean;
  /** Whether the panel shows its own heading (Trade's chart card has one). */
  heading?: boolean;
}) {
  return (
    <section className={`space-y-3 ${className}`} aria-labelledby={`${idPrefix}-heading`}>
      <h2 id={`${idPrefix}-heading`} className={heading ? "font-semibold" : "sr-only"}>
        Price alerts
      </h2>
      <div className={wide ? "space-y-3 md:grid md:grid-cols-2 md:gap-6 md:space-y-0" : "space-y-3"}>
        <AlertForm idPrefix={idPrefix} last={last} alerts={alerts} />
        <AlertList alerts={alerts} />
      </div>
    </section>
  );
}
