import { Time } from "@/components/time";
import { assetName, displaySetting, percentText, readable } from "@/lib/core/format";

// Amounts at the API always carry their decimals ("12.500000"); digits alone may be a phone number or an id.
const AMOUNT = /^\d+\.\d+$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

type Kind = "USDT" | "XAUT" | "asset" | "bps" | "onOff" | "days";
// What a field is called and how its value reads. A key found in several places (trade config
// overrides and the site's trading settings) means the same there.
const FIELDS: Record<string, [label: string, kind?: Kind]> = {
  siteName: ["Site name"],
  logoUrl: ["Logo"],
  supportUrl: ["Support link"],
  registrationOpen: ["Registration", "onOff"],
  "trading.enabled": ["Trading", "onOff"],
  enabled: ["Enabled", "onOff"],
  feeBps: ["Trading fee", "bps"],
  spreadBps: ["Spread", "bps"],
  minQuantity: ["Minimum order", "XAUT"],
  maxQuantity: ["Maximum order", "XAUT"],
  dailyLimit: ["Daily trading limit", "USDT"],
  "withdrawals.enabled": ["Withdrawals", "onOff"],
  "withdrawals.minAmount": ["Minimum withdrawal", "asset"],
  "withdrawals.fee": ["Withdrawal fee", "asset"],
  "withdrawals.dailyLimit": ["Daily withdrawal limit", "USDT"],
  "storage.annualRateBps": ["Storage rate a year", "bps"],
  "referral.rewardUsdt": ["Referral reward", "USDT"],
  "approvals.thresholdUsdt": ["Approval threshold", "USDT"],
  aprBps: ["Rate a year", "bps"],
  termDays: ["Term", "days"],
  flexible: ["Flexible", "onOff"],
  minAmount: ["Minimum", "asset"],
  maxAmount: ["Maximum", "asset"],
  totalCap: ["Total cap", "asset"],
  minDeposit: ["Minimum deposit", "asset"],
  minWithdraw: ["Minimum withdrawal", "asset"],
  withdrawFee: ["Withdrawal fee", "asset"],
  depositEnabled: ["Deposits", "onOff"],
  withdrawEnabled: ["Withdrawals", "onOff"],
  networkName: ["Network"],
  amount: ["Amount", "asset"],
  sessionsEnded: ["Sessions ended"],
  withdrawalsPausedUntil: ["Withdrawals paused until"],
  frozenAt: ["Frozen"],
  frozenBy: ["Frozen by"],
  proposedBy: ["Proposed by"],
  rootHash: ["Root hash"],
  accountCount: ["Accounts"],
};

// What a bare before/after is the value of, by the action that changed it.
const SUBJECTS: Record<string, string> = {
  "user.role.change": "Role",
  "user.disable": "Status",
  "user.enable": "Status",
  "user.unfreeze": "Status",
  "settings.logo": "Logo",
};

// Fields every edit rewrites or that name the row rather than change it.
const NOISE = new Set(["id", "updatedAt", "network"]);

/** "withdrawals.dailyLimit" → "Daily withdrawal limit"; an unknown "journalId" → "Journal id". */
function labelOf(path: string): string {
  const known = FIELDS[path] ?? FIELDS[path.split(".").pop()!];
  if (known) return known[0];
  const words = path
    .replace(/\./g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value as a person reads it, and the unit that follows it (said once after "before → after"). */
function valueOf(value: unknown, path: string, asset: string | null): [React.ReactNode, string] {
  if (value === null || value === undefined || value === "") return ["—", ""];
  const kind = (FIELDS[path] ?? FIELDS[path.split(".").pop()!])?.[1];
  if (typeof value === "boolean") return [kind === "onOff" ? (value ? "on" : "off") : value ? "yes" : "no", ""];
  if (typeof value === "number") {
    if (kind === "bps") return [percentText(value), ""];
    if (kind === "days") return [value === 0 ? "flexible" : `${value} days`, ""];
    return [displaySetting(String(value)), ""];
  }
  if (typeof value === "string") {
    if (isAsset(path)) return [assetName(value), ""];
    if (ISO_TIME.test(value)) return [<Time key="t" at={value} />, ""];
    const unit = kind === "USDT" || kind === "XAUT" ? kind : kind === "asset" ? asset : null;
    if (unit && /^\d+(\.\d+)?$/.test(value)) return [readable(value, unit), assetName(unit)];
    if (/^\d+(\.\d+)?$/.test(value) && (kind || AMOUNT.test(value))) return [displaySetting(value), ""];
    return [value, ""];
  }
  return [Array.isArray(value) ? value.map((v) => valueOf(v, path, asset)[0]).join(", ") : String(value), ""];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A nested record as dotted paths to its plain values: { trading: { feeBps: 20 } } → { "trading.feeBps": 20 }. */
function flatten(value: unknown, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (!isRecord(value)) return out;
  for (const [key, v] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isRecord(v)) for (const [p, inner] of flatten(v, path)) out.set(p, inner);
    else out.set(path, v);
  }
  return out;
}

const isAsset = (path: string) => /(^|\.)(asset|currency)$/.test(path);
// The asset an entry's amounts are in: its own, or its before's, after's or result's.
const assetIn = (detail: Record<string, unknown>): string | null => {
  for (const [path, value] of flatten(detail)) if (isAsset(path) && typeof value === "string") return value;
  return null;
};

function change(before: unknown, after: unknown, path: string, asset: string | null): React.ReactNode {
  const [was, wasUnit] = valueOf(before, path, asset);
  const now = valueOf(after, path, asset);
  const unit = now[1] || wasUnit;
  return (
    <>
      {was}
      {wasUnit && wasUnit !== unit ? ` ${wasUnit}` : ""} → {now[0]}
      {unit ? ` ${unit}` : ""}
    </>
  );
}

/**
 * An audit entry's detail as changes a person reads: "Daily withdrawal limit: 5,000.00 → 10,000.00
 * USDT", "Role: user → admin" (fields an edit left alone are not listed); what was created or
 * removed as its fields; everything else (reasons, amounts) as "Label: value". Never raw JSON.
 */
export function AuditDetail({ action, detail }: { action: string; detail: Record<string, unknown> }) {
  const { before, after, ...rest } = detail;
  const asset = assetIn(detail);
  const lines: [string, React.ReactNode][] = [];
  if (isRecord(before) || isRecord(after)) {
    const was = flatten(before);
    const now = flatten(after);
    // Only an after: something made, listed as it was made. Only a before: something removed.
    // Both (either may be null, "nothing yet"): what changed.
    const made = !("before" in detail);
    const removed = !("after" in detail);
    for (const path of new Set([...was.keys(), ...now.keys()])) {
      if (NOISE.has(path)) continue;
      const [b, a] = [was.get(path) ?? null, now.get(path) ?? null];
      if (JSON.stringify(b) === JSON.stringify(a)) continue;
      if (made) lines.push([labelOf(path), withUnit(valueOf(a, path, asset))]);
      else if (removed) lines.push([labelOf(path), <>{withUnit(valueOf(b, path, asset))} → removed</>]);
      else lines.push([labelOf(path), change(b, a, path, asset)]);
    }
    if (lines.length === 0) lines.push(["Changes", "none"]);
  } else if (before !== undefined || after !== undefined) {
    lines.push([SUBJECTS[action] ?? "Value", change(before, after, "", null)]);
  }
  const facts = flatten(rest);
  for (const [path, value] of facts) {
    // The asset is said with its amount ("25.00 USDT"), not on a line of its own.
    if (isAsset(path) && [...facts.keys()].some((p) => /(^|\.)amount$/.test(p))) continue;
    // A proposal's changes are already written for people: one line each.
    if (Array.isArray(value) && value.every((c) => isRecord(c) && typeof c.label === "string")) {
      for (const c of value as Record<string, unknown>[])
        lines.push([
          String(c.label),
          <>
            {String(c.before ?? "—")} → {String(c.after ?? "—")}
          </>,
        ]);
    } else lines.push([labelOf(path), withUnit(valueOf(value, path, asset))]);
  }
  if (lines.length === 0) return <span className="text-muted">—</span>;
  return (
    <dl className="space-y-0.5 text-left text-xs">
      {lines.map(([label, value]) => (
        // A long label (a proposal's change says what it counts) wraps, and its value goes under it.
        <div key={label} className="flex flex-wrap gap-x-1">
          <dt className="max-w-full break-words text-muted">{label}:</dt>{" "}
          <dd className="min-w-0 break-words text-zinc-200 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const withUnit = ([value, unit]: [React.ReactNode, string]) => (
  <>
    {value}
    {unit ? ` ${unit}` : ""}
  </>
);
