import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runTransaction } from "@/db/transaction";
import { withTestDatabase } from "../support/db";
import { deadlocks } from "../support/deadlocks";
import { fund } from "../support/ledger";
import { registerUser } from "../support/users";

// The race tests assert that runTransaction counted no deadlock: this shows the count sees one that
// its retry hides from the caller.

const db = withTestDatabase();

describe("runTransaction's count of conflicts (PostgreSQL)", () => {
  it("counts a deadlock it retried away", async () => {
    const [a, b] = await Promise.all([registerUser(), registerUser()]);
    for (const p of [a, b]) await fund(db(), p.user.id, "USDT", 1_234_567n);
    const lock = (tx: Parameters<Parameters<typeof runTransaction>[1]>[0], userId: string) =>
      tx.execute(sql`select id from accounts where user_id = ${userId} for update`);

    // Each takes its first lock, waits until the other has too, then asks for the other's: a deadlock
    // PostgreSQL breaks by aborting one, which runs again (without waiting) once the other commits.
    let taken = 0;
    let bothTaken!: () => void;
    const barrier = new Promise<void>((resolve) => (bothTaken = resolve));
    let attempts = 0;
    const crossing = (first: string, second: string) =>
      runTransaction(db(), async (tx) => {
        const again = attempts++ >= 2;
        await lock(tx, first);
        if (!again) {
          if (++taken === 2) bothTaken();
          await barrier;
        }
        await lock(tx, second);
      });
    const before = deadlocks();
    await Promise.all([crossing(a.user.id, b.user.id), crossing(b.user.id, a.user.id)]);
    expect(attempts).toBe(3);
    expect(deadlocks() - before).toBe(1);
  });
});
