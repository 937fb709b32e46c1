import { Time } from "@/components/time";
import { assetName, exact } from "@/lib/format";

// Amounts at the API always carry their decimals ("12.500000"); digits alone may be a phone number or an id.
const AMOUNT = /^\d+\.\d+$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

/** A value from an audit detail as a person reads it: times in the reader's zone, amounts grouped, text as is, the rest compact. */
function show(value: unknown, key = ""): React.ReactNode {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string" && (key === "asset" || key === "currency")) return assetName(value);
  if (typeof value === "string" && ISO_TIME.test(value)) return <Time at={value} />;
  if (typeof value === "string") return AMOUNT.test(value) ? exact(value) : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (isRecord(value)) {
    return Object.entries(value).map(([k, v], i) => (
      <span key={k}>
        {i > 0 && ", "}
        {k}: {show(v, k)}
      </span>
    ));
  }
  return JSON.stringify(value);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * An audit entry's detail as readable changes: "field: before → after" for what an edit changed
 * (fields left alone are not listed), and "field: value" for everything else (reasons, amounts).
 */
export function AuditDetail({ detail }: { detail: Record<string, unknown> }) {
  const { before, after, ...rest } = detail;
  const lines: [string, React.ReactNode][] = [];
  if (isRecord(before) && isRecord(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) lines.push([key, <>{show(before[key], key)} → {show(after[key], key)}</>]);
    }
    if (lines.length === 0) lines.push(["changes", "none"]);
  } else {
    if (before !== undefined) lines.push(["before", show(before)]);
    if (after !== undefined) lines.push(["after", show(after)]);
  }
  for (const [key, value] of Object.entries(rest)) lines.push([key, show(value, key)]);
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
