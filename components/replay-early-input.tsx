"use client";

import { useLayoutEffect } from "react";
import { readEarlyInput, replayEarlyInput } from "@/components/hooks/early-input";

/** Hands what was typed before the page hydrated to its forms (components/hooks/early-input). */
export function ReplayEarlyInput() {
  useLayoutEffect(() => {
    // Read as hydration commits, before a render after it (a form waiting for hydration re-renders at
    // once) puts the rendered values back; replayed once React's work is done.
    const early = readEarlyInput(document);
    if (early.length > 0) queueMicrotask(() => replayEarlyInput(early));
  }, []);
  return null;
}
