"use client";

import dynamic from "next/dynamic";
import { useEffect, useRef } from "react";

// Scalar (a Vue app, some hundreds of kilobytes) is fetched by this page alone, after it has shown
// its own text: no other page's first load grows, and this one reads before the reference arrives.
const ScalarReference = dynamic(() => import("./scalar-reference"), {
  ssr: false,
  loading: () => (
    <p role="status" className="text-muted">
      Loading the reference…
    </p>
  ),
});

/**
 * Scalar draws a header of its own beside the site's: a second banner landmark, which it gives no
 * way to rename. Its headers are made plain containers (`role="none"`, which HTML allows a header)
 * as Scalar renders them, and the suite's axe checks leave their content out (tests/e2e/axe.ts).
 */
export function Reference() {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const plain = () => el.querySelectorAll("header:not([role])").forEach((h) => h.setAttribute("role", "none"));
    plain();
    const watch = new MutationObserver(plain);
    watch.observe(el, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, []);
  return (
    <div ref={root} data-third-party="scalar">
      <ScalarReference />
    </div>
  );
}
