const UNIQUE_VIOLATION = "23505";

/**
 * The constraint a unique violation names ("" when the driver does not say), or null when the error
 * is something else. postgres.js and PGlite both carry the SQLSTATE, sometimes one cause deep.
 */
export function uniqueViolation(err: unknown): string | null {
  for (
    let e = err as { code?: string; constraint_name?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === UNIQUE_VIOLATION) return e.constraint_name ?? e.constraint ?? "";
  }
  return null;
}
