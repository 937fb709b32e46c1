import Link from "next/link";

/** The statuses a queue can show, the current one marked. */
export function QueueTabs({ base, current, statuses }: { base: string; current: string; statuses: string[] }) {
  return (
    <nav aria-label="Status" className="flex flex-wrap gap-2">
      {statuses.map((s) => (
        <Link
          key={s}
          href={`${base}?status=${s}`}
          aria-current={s === current ? "page" : undefined}
          className={`btn-ghost capitalize ${s === current ? "border-gold text-gold" : ""}`}
        >
          {s}
        </Link>
      ))}
    </nav>
  );
}

/** How long something has waited, in the largest two units: "3 h 5 min", "2 d 4 h". */
export function age(fromIso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(fromIso)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}
