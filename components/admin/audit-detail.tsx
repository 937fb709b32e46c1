/** A value from an audit detail as a person reads it: text as is, the rest compact. */
function show(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * An audit entry's detail as readable changes: "field: before → after" for what an edit changed
 * (fields left alone are not listed), and "field: value" for everything else (reasons, amounts).
 */
export function AuditDetail({ detail }: { detail: Record<string, unknown> }) {
  const { before, after, ...rest } = detail;
  const lines: [string, string][] = [];
  if (isRecord(before) && isRecord(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) lines.push([key, `${show(before[key])} → ${show(after[key])}`]);
    }
    if (lines.length === 0) lines.push(["changes", "none"]);
  } else {
    if (before !== undefined) lines.push(["before", show(before)]);
    if (after !== undefined) lines.push(["after", show(after)]);
  }
  for (const [key, value] of Object.entries(rest)) lines.push([key, show(value)]);
  if (lines.length === 0) return <span className="text-muted">—</span>;
  return (
    <dl className="space-y-0.5 text-xs">
      {lines.map(([key, value]) => (
        <div key={key} className="flex gap-1">
          <dt className="shrink-0 text-muted">{key}:</dt>
          <dd className="break-words text-zinc-200 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
