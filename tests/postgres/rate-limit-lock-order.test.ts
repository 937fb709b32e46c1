import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { loginHistory, users } from "@/db/schema";
import { startSession } from "@/lib/auth/login";
import { LOGIN_HISTORY_KEPT, recordLogin } from "@/lib/auth/login-history";
import { newId } from "@/lib/core/ids";
import { consumeAll, giveBack, type Hit } from "@/lib/core/rate-limit";
import { withTestDatabase } from "../support/db";
import { registerUser, uniqueName } from "../support/users";

const db = withTestDatabase();

const limit = { max: 100, windowMs: 60 * 60_000 };
const hitsFor = (name: string): Hit[] =>
  ["pair", "account", "ip"].map((kind) => ({ key: `order:${kind}:${name}`, limit }));

/** Whether another connection could lock `key`'s row at once (55P03: somebody holds it). */
async function free(key: string): Promise<boolean> {
  try {
    await db().execute(sql`select 1 from rate_limit_hits where key = ${key} for update nowait`);
    return true;
  } catch (err) {
    if (
      (err as { cause?: { code?: string }; code?: string }).cause?.code === "55P03" ||
      (err as { code?: string }).code === "55P03"
    )
      return false;
    throw err;
  }
}

async function waitingForALock(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const [row] = (await db().execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { n: number }[];
    if (row!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the statement never waited for the lock");
}

/**
 * With the middle limit's row held elsewhere, `run` must be found holding the first row and not yet
 * the last: every statement that touches several limits' rows takes them in the order consumeAll
 * took its hits, so two of them never wait on each other in a cycle (a deadlock, a failed sign-in).
 */
async function expectLocksInOrder(hits: Hit[], run: (db: Db) => Promise<unknown>) {
  const [first, middle, last] = hits;
  let pending: Promise<unknown> | undefined;
  await db().transaction(async (tx) => {
    await tx.execute(sql`select 1 from rate_limit_hits where key = ${middle!.key} for update`);
    pending = run(db());
    await waitingForALock();
    expect(await free(first!.key)).toBe(false);
    expect(await free(last!.key)).toBe(true);
  });
  await pending;
}

describe("the order the sign-in's statements lock the limits' rows in (PostgreSQL)", () => {
  it("taking hits, giving them back, and ending a sign-in (refused or with a session) all go first to last", async () => {
    const hits = hitsFor(uniqueName());
    expect(await consumeAll(db(), hits)).toBe(0);
    await expectLocksInOrder(hits, (d) => consumeAll(d, hits));
    await expectLocksInOrder(hits, (d) => giveBack(d, hits));
    const { user } = await registerUser();
    const meta = { ip: "198.51.100.1", userAgent: null };
    await expectLocksInOrder(hits, (d) => recordLogin(d, user.id, "disabled", meta, new Date(), hits));
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    await expectLocksInOrder(hits, (d) => startSession(d, row!, meta, hits));
  });
});

describe("trimming a user's sign-in history (PostgreSQL)", () => {
  it("never waits for another attempt's trim, so a burst of wrong passwords at one account cannot deadlock", async () => {
    const { user } = await registerUser();
    const meta = { ip: "198.51.100.2", userAgent: null };
    const start = Date.now() - 3_600_000;
    await db()
      .insert(loginHistory)
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          id: newId(),
          userId: user.id,
          createdAt: new Date(start + i * 1_000),
          ip: null,
          userAgent: null,
          outcome: "wrong_password" as const,
        })),
      );
    await db().transaction(async (tx) => {
      // This attempt's trim holds the eleven oldest rows until its transaction ends.
      await recordLogin(tx, user.id, "wrong_password", meta);
      const waited = new Promise((_, reject) =>
        setTimeout(() => reject(new Error("the second trim waited for the first")), 5_000),
      );
      await Promise.race([recordLogin(db(), user.id, "wrong_password", meta), waited]);
    });
    // The next attempt alone trims what the two at once left.
    await recordLogin(db(), user.id, "wrong_password", meta);
    expect(await db().$count(loginHistory, eq(loginHistory.userId, user.id))).toBe(LOGIN_HISTORY_KEPT);
  });
});
