"use client";

import { useCallback } from "react";
import { useBrowserValue } from "@/components/hooks/hydrated";

/** The width from which the signed-in area is laid out for a desktop (Tailwind's `lg`). */
export const DESKTOP_QUERY = "(min-width: 1024px)";
/** The width from which Home has room for its chart and activity (Tailwind's `md`). */
export const TABLET_QUERY = "(min-width: 768px)";

/**
 * Whether a media query matches now, following changes. The server and the first render say no,
 * so a piece that needs the room (and its JavaScript) is only mounted where the room is.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", notify);
      return () => list.removeEventListener("change", notify);
    },
    [query],
  );
  const matches = useCallback(() => window.matchMedia(query).matches, [query]);
  return useBrowserValue(subscribe, matches, no);
}

const no = () => false;
