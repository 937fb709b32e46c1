"use client";

import { useEffect, useState } from "react";

/**
 * The module `load` (a module-level `() => import(…)`) imports, once `wanted` has been true: null
 * until then and while it arrives; render its components as `<module.Name />`. For code a screen does not need at its first paint (a chart, a panel shut at
 * first), fetched where and when it is wanted. A plain import(), unlike next/dynamic, adds no code of
 * its own to the page and no script to its HTML (docs/BENCHMARKS.md, issue 48 §1).
 */
export function useImport<T>(wanted: boolean, load: () => Promise<T>): T | null {
  // Boxed: whatever `load` gives goes into state as a value, never taken for an updater.
  const [loaded, setLoaded] = useState<{ value: T } | null>(null);
  useEffect(() => {
    if (!wanted || loaded) return;
    let current = true;
    void load().then((value) => {
      if (current) setLoaded({ value });
    });
    return () => {
      current = false;
    };
  }, [wanted, loaded, load]);
  return loaded?.value ?? null;
}
