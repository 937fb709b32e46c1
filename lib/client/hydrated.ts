"use client";

import { useSyncExternalStore } from "react";

const never = () => () => undefined;

/**
 * False in the server's HTML and until React has hydrated, true after. A form whose submit button
 * waits for it cannot be sent by the browser itself before its handler exists: that would be a
 * GET of the page with every field in the address, a password included.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}
