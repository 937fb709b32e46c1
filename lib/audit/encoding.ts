import { createHash } from "node:crypto";

/**
 * The audit chain's format, byte for byte (the README's "Audit chain" repeats it with a worked
 * example, and tests/unit/audit-encoding.test.ts checks that example independently). The database
 * computes the same encoding when it chains a row (migration 0025, "audit_jcs"); the app's is what
 * verifies it, and tests/integration/audit-chain.test.ts holds the two to each other: a row is the
 * JSON array below in RFC 8785 canonical form, and its hash is the lowercase hex SHA-256 of the
 * previous row's hash (64 hex characters; the first row's is GENESIS) followed by that encoding, as
 * UTF-8. Hex on both sides, so `printf '%s%s' "$prev" "$encoding" | sha256sum` re-checks a row.
 */
export const FORMAT = "aurum.audit.v1";
export const GENESIS = "0".repeat(64);

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A row as the chain covers it: every column but prev_hash and hash. */
export interface ChainedRow {
  seq: number;
  id: string;
  /** created_at in UTC with six fractional digits, as `to_char(…, 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` prints it. */
  createdAt: string;
  actorId: string;
  action: string;
  targetType: string;
  targetId: string | null;
  ip: string | null;
  /** The detail as it reads back from jsonb. */
  detail: Json;
}

/**
 * RFC 8785 (JSON Canonicalization Scheme): object keys sorted by UTF-16 code units, no whitespace,
 * numbers and strings as ECMAScript's JSON.stringify writes them (so -0 is 0, and a lone surrogate
 * is escaped). A non-finite number has no JSON form and is refused.
 */
export function canonicalJson(value: Json): string {
  if (value === null || typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`${value} has no canonical JSON form`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k]!)}`).join(",")}}`;
}

/** What jsonb keeps of a value the app writes: drizzle stores JSON.stringify's text, so undefined keys and toJSON are settled here. */
export const asStoredJson = (value: unknown): Json => JSON.parse(JSON.stringify(value)) as Json;

export function encodeRow(row: ChainedRow): string {
  return canonicalJson([
    FORMAT,
    row.seq,
    row.id,
    row.createdAt,
    row.actorId,
    row.action,
    row.targetType,
    row.targetId,
    row.ip,
    row.detail,
  ]);
}

export function rowHash(prevHash: string, row: ChainedRow): string {
  return createHash("sha256")
    .update(prevHash + encodeRow(row), "utf8")
    .digest("hex");
}
