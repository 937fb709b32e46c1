import Link from "next/link";
import { AUDIT_ACTIONS } from "@/lib/audit/words";

/**
 * The audit log's filters: an action (in words; a prefix typed into the address, "user.", still
 * works and shows as chosen), an administrator, and a date range. The server validates them
 * (auditQuerySchema) and says so when a value is refused.
 */
export function AuditFilters({ params, actors }: { params: Record<string, string>; actors: string[] }) {
  const action = params.action ?? "";
  const actor = params.actor ?? "";
  return (
    <form
      method="get"
      action="/admin#audit"
      className="card grid grid-cols-2 gap-3 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end"
      aria-label="Filter the audit log"
    >
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor="audit-action" className="label">
          Action
        </label>
        <select id="audit-action" name="action" defaultValue={action} className="field h-11">
          <option value="">All actions</option>
          {action && !(action in AUDIT_ACTIONS) && <option value={action}>Starting with {action}</option>}
          {Object.entries(AUDIT_ACTIONS).map(([value, words]) => (
            <option key={value} value={value}>
              {words}
            </option>
          ))}
        </select>
      </div>
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor="audit-actor" className="label">
          Administrator
        </label>
        <select id="audit-actor" name="actor" defaultValue={actor} className="field h-11">
          <option value="">All administrators</option>
          {actor && !actors.includes(actor) && <option value={actor}>{actor}</option>}
          {actors.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="audit-from" className="label">
          From
        </label>
        <input id="audit-from" name="from" type="date" defaultValue={params.from ?? ""} className="field h-11" />
      </div>
      <div>
        <label htmlFor="audit-to" className="label">
          To
        </label>
        <input id="audit-to" name="to" type="date" defaultValue={params.to ?? ""} className="field h-11" />
      </div>
      <div className="col-span-2 flex gap-2 lg:col-span-1">
        <button type="submit" className="btn-gold lg:w-auto">
          Filter
        </button>
        <Link href="/admin#audit" className="btn-ghost shrink-0">
          Clear
        </Link>
      </div>
    </form>
  );
}
