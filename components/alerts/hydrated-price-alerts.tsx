"use client";

import { useEffect } from "react";
import { PriceAlertsPanel } from "./price-alerts";

/** The price alerts panel, telling the screen once React has hydrated it (deferred-price-alerts.tsx). */
export default function HydratedPriceAlertsPanel({
  onHydrated,
  ...props
}: React.ComponentProps<typeof PriceAlertsPanel> & { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return <PriceAlertsPanel {...props} />;
}
