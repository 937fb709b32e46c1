import { afterEach, beforeEach, expect } from "vitest";
import { transactionConflicts } from "@/db/transaction";

/** Deadlocks PostgreSQL has detected in runTransaction in this worker so far (retried or not): a retry hides one from the caller, not from this. */
export const deadlocks = () => transactionConflicts().get("40P01") ?? 0;

/**
 * Fails any test of the file in which a transaction deadlocked, even once where runTransaction's
 * retry would hide it. Counted per test: the count belongs to the worker, whose earlier files may
 * have deadlocked on purpose.
 */
export function expectNoDeadlocks(): void {
  let before = 0;
  beforeEach(() => {
    before = deadlocks();
  });
  afterEach(() => {
    expect(deadlocks() - before, "deadlocks in runTransaction").toBe(0);
  });
}
