"use client";

import { useCallback, useSyncExternalStore } from "react";
import { whenIdle } from "./idle";

type Subscribe = (notify: () => void) => () => void;

// Whether the browser's own values are shown yet: not in the server's HTML, nor while React hydrates
// it, but from the first moment the page is idle after that, and for every screen mounted later.
let shown = false;
const waiting = new Set<() => void>();

function show(): void {
  if (shown) return;
  shown = true;
  for (const notify of waiting) notify();
  waiting.clear();
}

const never: Subscribe = () => () => undefined;

/**
 * A value only the browser knows (the reader's clock and zone, the screen's width, the stored
 * session): `server()` in the server's HTML and while hydrating, `read()` once the page is idle
 * after hydrating, and at once in anything mounted after that; `subscribe` tells of its changes.
 *
 * Plain `useSyncExternalStore` with a server snapshot shows the browser's value in hydration's own
 * effects, as a synchronous re-render, and that makes React hydrate at once, in the same task, all
 * that it would otherwise hydrate in slices (the page under its loading boundary): on /trade a phone
 * was blocked for one task of ~460 ms (docs/BENCHMARKS.md, issue 24). Here that re-render comes
 * after, and touches only the components that read such a value.
 */
export function useBrowserValue<T>(subscribe: Subscribe, read: () => T, server: () => T): T {
  const subscribeAfterHydration = useCallback<Subscribe>(
    (notify) => {
      if (!shown) {
        if (!waiting.size) whenIdle(show);
        waiting.add(notify);
      }
      const unsubscribe = subscribe(notify);
      return () => {
        waiting.delete(notify);
        unsubscribe();
      };
    },
    [subscribe],
  );
  return useSyncExternalStore(subscribeAfterHydration, () => (shown ? read() : server()), server);
}

const yes = () => true;
const no = () => false;

/**
 * False in the server's HTML and while hydrating, true once the page is idle after that (and at once
 * in anything mounted later): for what only the browser can render right, such as times in the
 * reader's own zone.
 */
export function useBrowserShown(): boolean {
  return useBrowserValue(never, yes, no);
}

/**
 * False in the server's HTML and until React has hydrated, true after. A form whose submit button
 * waits for it cannot be sent by the browser itself before its handler exists: that would be a
 * GET of the page with every field in the address, a password included. Not `useBrowserValue`: the
 * button is usable the moment its handler is, not once the page is idle.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, yes, no);
}
