/**
 * Whether `err` says the database could not be reached or went away (a restart, a failover, a cut
 * network), as opposed to refusing a statement. Such a request did not get its answer and may be
 * sent again (with its Idempotency-Key); the API says 503 with Retry-After instead of 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 8;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === "string" && UNAVAILABLE.test(e.code)) return true;
  }
  return false;
}

// Node's socket errors; postgres.js's own (CONNECT_TIMEOUT, CONNECTION_CLOSED, _ENDED, _DESTROYED);
// and PostgreSQL's classes 08 (connection exception) and 57P0x (shutdown, crash, starting up).
const UNAVAILABLE =
  /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|CONNECT_TIMEOUT|CONNECTION_(CLOSED|ENDED|DESTROYED)|08[0-9A-Z]{3}|57P0[1-4])$/;
