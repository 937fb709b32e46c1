"use client";

import { useToast } from "@/components/toast";

/** Copies text to the clipboard and says so, or says to copy it by hand when the browser refuses. */
export function useCopy() {
  const toast = useToast();
  return async function copy(text: string, what: string) {
    try {
      await navigator.clipboard.writeText(text);
      toast(`${what} copied`, "success");
    } catch {
      toast(`Copy the ${what.toLowerCase()} by hand: your browser did not allow it`, "error");
    }
  };
}
