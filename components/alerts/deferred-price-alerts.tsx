"use client";

import { lazy, memo, Suspense, useCallback, useState } from "react";
import type { PriceAlertsPanel } from "./price-alerts";

type Props = React.ComponentProps<typeof PriceAlertsPanel>;

// In the server's response as ever, but its code (2 KB gzipped) is not in the page's first load: React
// keeps the server's panel and hydrates it when the code arrives, just after (issue 48 §1).
const Lazy = lazy(() => import("./hydrated-price-alerts"));

// The boundary re-renders only when its props change: a boundary that gets new props before it has
// hydrated throws the server's HTML away and shows its (empty) fallback.
const Boundary = memo(function Boundary(props: Props & { onHydrated: () => void }) {
  return (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
});

/**
 * The price alerts panel where it shows at first paint (Market), hydrated after the page: it gets
 * the first render's props until React has hydrated it, the screen's current ones from then on.
 */
export function DeferredPriceAlertsPanel(props: Props) {
  const [first] = useState(props);
  const [hydrated, setHydrated] = useState(false);
  const onHydrated = useCallback(() => setHydrated(true), []);
  return <Boundary {...(hydrated ? props : first)} onHydrated={onHydrated} />;
}
