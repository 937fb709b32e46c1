import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { auditLogs, users } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { adjustBalance } from "@/lib/admin/adjust-balance";
import { moneyGate, STRUCTURING_WINDOW_MS } from "@/lib/approvals/money";
import { activeAdmins, adminsNeedingApproval, fourEyesSince, targetUser } from "@/lib/approvals/policy";
import { audit } from "@/lib/audit";
import { newId } from "@/lib/core/ids";
import { withTestDatabase } from "../support/db";
import { setPrice, units } from "../support/prices";
import { uniqueName } from "../support/users";

// The gate every money action of an administrator passes (moneyGate), and who needs a second
// administrator at all, called directly: the routes' tests (approvals.test.ts) go through HTTP and
// are too slow to repeat per mutant. On a database of its own, so the administrators are known.
const db = withTestDatabase();

const DAY = 24 * 60 * 60_000;
let a = "";
let b = "";

/** A user row (no password to hash: these tests never sign in). */
async function person(role: "admin" | "user" = "user"): Promise<string> {
  const username = uniqueName(role);
  const id = newId();
  await db()
    .insert(users)
    .values({ id, username, email: `${username}@aurum.local`, passwordHash: "-", role, referralCode: username });
  return id;
}

class RolledBack<T> extends Error {
  constructor(readonly value: T) {
    super("rolled back");
  }
}
async function rolledBack<T>(work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    await runTransaction(db(), async (tx) => {
      throw new RolledBack(await work(tx));
    });
  } catch (err) {
    if (err instanceof RolledBack) return err.value as T;
    throw err;
  }
  throw new Error("unreachable");
}

const gate = (adminId: string, userId: string, asset: string, amount: string, now = new Date()) =>
  runTransaction(db(), (tx) => moneyGate(tx, { adminId, userId, asset, units: units(amount), now }));
const usdt = (amount: string) => units(amount);
/** What `adminId` moves for `userId` at once (the gate is the caller's: adjustBalance itself moves). */
const move = (adminId: string, userId: string, amount: string, operation: "credit" | "debit", asset = "USDT") =>
  adjustBalance(db(), { userId, actorId: adminId, ip: null, asset, amount, operation, reason: "Test" });

beforeAll(async () => {
  a = await person("admin");
  b = await person("admin");
});

describe("who needs a second administrator", () => {
  it("nobody while one administrator exists; from two on, always, however disabled the second", async () => {
    expect(await rolledBack((tx) => adminsNeedingApproval(tx))).toBe(true);
    await db().update(users).set({ status: "disabled" }).where(eq(users.id, b));
    expect(await rolledBack((tx) => adminsNeedingApproval(tx))).toBe(true);
    await db().update(users).set({ status: "active" }).where(eq(users.id, b));
    expect(
      await rolledBack(async (tx) => {
        await tx.update(users).set({ role: "user" }).where(eq(users.id, b));
        return adminsNeedingApproval(tx);
      }),
    ).toBe(false);
  });

  it("counts the administrators who can approve now: active ones, not a disabled one nor a user", async () => {
    const [before, disabledToo] = await rolledBack(async (tx) => {
      const before = await activeAdmins(tx);
      await tx.update(users).set({ status: "disabled" }).where(eq(users.id, b));
      return [before, await activeAdmins(tx)] as const;
    });
    expect(before).toBe(2);
    expect(disabledToo).toBe(1);
  });

  it("four eyes date from the first appointment of an administrator, not from a removal or a later one", async () => {
    const [none, since, changes] = await rolledBack(async (tx) => {
      const none = await fourEyesSince(tx);
      for (const after of ["user", "admin", "admin"])
        await audit(tx, {
          actorId: a,
          action: "user.role.change",
          target: { type: "user", id: b },
          detail: { before: after === "admin" ? "user" : "admin", after },
        });
      const changes = await tx
        .select({ at: auditLogs.createdAt })
        .from(auditLogs)
        .where(eq(auditLogs.action, "user.role.change"))
        .orderBy(asc(auditLogs.seq));
      return [none, await fourEyesSince(tx), changes.map((c) => c.at)] as const;
    });
    expect(none).toBeNull();
    expect(changes).toHaveLength(3);
    expect(since).toEqual(changes[1]);
  });

  it("refuses an action on a user that does not exist: 404", async () => {
    await expect(rolledBack((tx) => targetUser(tx, newId()))).rejects.toMatchObject({
      status: 404,
      message: "User not found",
    });
    expect((await rolledBack((tx) => targetUser(tx, a))).id).toBe(a);
  });
});

describe("the money gate", () => {
  it("always for an administrator's own account, whatever the amount", async () => {
    expect(await gate(a, a, "USDT", "0.000001")).toEqual({ why: "own account" });
  });

  it("lets an amount under the threshold through, and stops one at it with the total it reached", async () => {
    const user = await person();
    expect(await gate(a, user, "USDT", "999.999999")).toBeNull();
    expect(await gate(a, user, "USDT", "1000")).toEqual({
      why: "threshold",
      before: 0n,
      after: usdt("1000"),
      threshold: usdt("1000"),
    });
  });

  it("sums what this administrator moved for this user, credits and debits alike, and nobody else's", async () => {
    const user = await person();
    await move(a, user, "600", "credit");
    await move(a, user, "200.5", "debit");
    await move(b, user, "900", "credit");
    await move(a, await person(), "900", "credit");
    expect(await gate(a, user, "USDT", "199.499999")).toBeNull();
    expect(await gate(a, user, "USDT", "199.5")).toEqual({
      why: "threshold",
      before: usdt("800.5"),
      after: usdt("1000"),
      threshold: usdt("1000"),
    });
  });

  it("over the 24 hours before the time it is given", async () => {
    const user = await person();
    await move(a, user, "600", "credit");
    const now = Date.now();
    expect(await gate(a, user, "USDT", "400", new Date(now + DAY - 60_000))).toMatchObject({
      why: "threshold",
      before: usdt("600"),
    });
    expect(await gate(a, user, "USDT", "400", new Date(now + DAY + 60_000))).toBeNull();
    expect(STRUCTURING_WINDOW_MS).toBe(DAY);
  });

  it("cannot value an asset without a price, now or among what was moved: it waits", async () => {
    const user = await person();
    expect(await gate(a, user, "BTC", "0.000001")).toEqual({ why: "unpriced", asset: "BTC" });
    // Moved earlier (by another path, e.g. an approval counted for its approver): the total is unknown.
    await move(b, user, "0.5", "credit", "BTC");
    expect(await gate(b, user, "USDT", "0.000001")).toEqual({ why: "unpriced", asset: "BTC" });
    expect(await gate(a, user, "USDT", "0.000001")).toBeNull();
  });

  it("values gold at the feed's mid price, what moved before included", async () => {
    const user = await person();
    await setPrice(db(), "4000");
    await move(a, user, "0.1", "credit", "XAUT");
    expect(await gate(a, user, "XAUT", "0.149999")).toBeNull();
    expect(await gate(a, user, "XAUT", "0.15")).toEqual({
      why: "threshold",
      before: usdt("400"),
      after: usdt("1000"),
      threshold: usdt("1000"),
    });
  });
});
