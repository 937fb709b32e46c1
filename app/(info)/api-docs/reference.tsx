"use client";

import dynamic from "next/dynamic";

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

export function Reference() {
  return <ScalarReference />;
}
