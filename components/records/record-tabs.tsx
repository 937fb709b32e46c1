import Link from "next/link";
import { RECORD_TABS } from "@/lib/ledger/kinds";

/**
 * The types of activity as a row of tabs. It wraps rather than scrolls: on a 390 px phone every
 * tab stays in view, none hidden past the edge. Choosing one clears the other filters but keeps
 * whether holds are shown.
 */
export function RecordTabs({ base, current, holds }: { base: string; current: string | null; holds: boolean }) {
  const tabs = [{ id: null, label: "All" }, ...RECORD_TABS];
  const href = (id: string | null) => {
    const query = new URLSearchParams({ ...(id ? { tab: id } : {}), ...(holds ? { holds: "true" } : {}) });
    return query.size ? `${base}?${query}` : base;
  };
  return (
    <nav aria-label="Record types" className="flex flex-wrap gap-2">
      {tabs.map((t) => (
        <Link
          key={t.label}
          href={href(t.id)}
          aria-current={t.id === current ? "page" : undefined}
          className={`rounded-full border px-3 py-1.5 text-sm ${t.id === current ? "border-gold bg-gold/15 text-gold-soft" : "border-line text-muted hover:text-zinc-200"}`}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
