"use client";

import { usePathname, useRouter } from "next/navigation";
import { useOptimistic, useTransition } from "react";

/**
 * The switch that shows hold movements (an order's funds set aside or released, a withdrawal
 * waiting) among the transactions. It keeps the other filters and goes back to the first page.
 */
export function ShowHolds({ shown, query }: { shown: boolean; query: Record<string, string> }) {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, start] = useTransition();
  const [checked, setChecked] = useOptimistic(shown);

  const change = (next: boolean) =>
    start(() => {
      setChecked(next);
      const params = new URLSearchParams(query);
      params.delete("page");
      if (next) params.set("holds", "true");
      else params.delete("holds");
      router.push(params.size ? `${pathname}?${params}` : pathname);
    });

  return (
    <div className="flex items-start gap-3">
      <input
        id="show-holds"
        type="checkbox"
        checked={checked}
        onChange={(e) => change(e.target.checked)}
        aria-describedby="show-holds-hint"
        className="mt-0.5 h-4 w-4 shrink-0 accent-gold"
      />
      <div className="text-sm">
        <label htmlFor="show-holds" className="font-medium text-zinc-200">
          Show holds
        </label>
        <span role="status" className="ml-2 text-xs text-gold-soft">
          {pending ? "Updating…" : ""}
        </span>
        <p id="show-holds-hint" className="text-xs text-muted">
          Money set aside for an open order or a pending withdrawal, and released again. Holds change no total.
        </p>
      </div>
    </div>
  );
}
