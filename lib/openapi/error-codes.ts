import { keyRouteFor } from "@/lib/api-keys/routes";
import type { ErrorCode } from "@/lib/core/errors";
import type { Operation } from "./operation";

/** A signed request's header checks, made on every signed-in route before it looks the route up. */
const SIGNED_HEADERS: ErrorCode[] = [
  "API_KEY_UNKNOWN",
  "API_TIMESTAMP_INVALID",
  "API_SIGNATURE_MALFORMED",
  "API_TIMESTAMP_OUTSIDE_WINDOW",
];

/** The rest of lib/api-keys/signed-request.ts, on a route a key may reach. */
const SIGNED_REQUEST: ErrorCode[] = [
  "API_SIGNATURE_MISMATCH",
  "API_SIGNATURE_REPLAYED",
  "API_KEY_REVOKED",
  "API_KEY_EXPIRED",
  "API_KEY_ADDRESS_NOT_ALLOWED",
  "API_KEY_SCOPE",
  "ACCOUNT_FROZEN",
  "ACCOUNT_DISABLED",
  "RATE_LIMITED",
];

/** lib/core/body.ts reading a JSON body, and lib/core/validate.ts. */
const JSON_BODY: ErrorCode[] = [
  "INVALID_JSON",
  "JSON_TOO_LARGE",
  "JSON_TOO_DEEP",
  "BODY_TOO_LARGE",
  "VALIDATION_FAILED",
];

/** What the server answers when it, not the request, is the trouble (lib/http/handler.ts errorResponse). */
export const FAILURE_CODES: readonly ErrorCode[] = ["INTERNAL", "SERVICE_UNAVAILABLE", "TRY_AGAIN"];

/** `/api/trades/{id}` as a request path, for the key-route lookup. */
const samplePath = (path: string) => path.replace(/\{\w+\}/g, "00000000-0000-7000-8000-000000000000");

/**
 * Every code an operation can refuse with (4xx): its own rules' (`op.errors`) and those of the
 * machinery every handler of its kind runs (lib/http/handler.ts, csrf.ts, lib/core/body.ts,
 * validate.ts, idempotency.ts, lib/api-keys/signed-request.ts), sorted.
 */
export function refusalCodesOf(op: Operation): ErrorCode[] {
  const codes = new Set<ErrorCode>(op.errors);
  const add = (list: readonly ErrorCode[]) => list.forEach((c) => codes.add(c));
  if (op.access !== "public") {
    add(["UNAUTHORIZED", ...SIGNED_HEADERS]);
    if (keyRouteFor(op.method, samplePath(op.path))) {
      add(SIGNED_REQUEST);
      if (op.method !== "GET") add(["BODY_TOO_LARGE"]);
    } else add(["API_KEY_ROUTE_CLOSED"]);
  }
  if (op.access === "admin") add(["FORBIDDEN", "ADMIN_TWO_FACTOR_REQUIRED"]);
  // A write authenticated by a cookie must come from the site, as JSON (lib/http/csrf.ts).
  if (op.method !== "GET")
    add(["CROSS_ORIGIN_REQUEST", ...(op.access === "public" ? [] : ["UNSUPPORTED_MEDIA_TYPE" as const])]);
  if (op.body) add(JSON_BODY);
  if (op.form) add(["INVALID_FORM", "BODY_TOO_LARGE", "VALIDATION_FAILED"]);
  if (op.query) add(["VALIDATION_FAILED"]);
  if (op.path.includes("{")) add(["NOT_FOUND"]);
  if (op.idempotency) add(["BAD_IDEMPOTENCY_KEY", "IDEMPOTENCY_KEY_REUSED"]);
  if (op.idempotency === "required") add(["IDEMPOTENCY_KEY_REQUIRED"]);
  return [...codes].sort();
}
