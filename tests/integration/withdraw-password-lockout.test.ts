import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { accountEvents, users } from "@/db/schema";
import { insertUser } from "@/lib/auth/register";
import {
  assertNotOnHold,
  checkWithdrawPassword,
  pauseSentence,
  setWithdrawPassword,
  startWithdrawalHold,
  withdrawPasswordState,
} from "@/lib/auth/withdraw-password";
import { withTestDatabase } from "../support/db";
import { uniqueName } from "../support/users";

/**
 * The withdrawal password's lock-out counted to the attempt and the second, its sentences word for
 * word, and the pause after setting it. Every call is given its clock, so 15 minutes and a day pass
 * at once.
 */
const db = withTestDatabase();
const MINUTE = 60_000;
const T0 = new Date(Date.UTC(2026, 2, 1, 9));
/** A day and an hour after the password was set: its 24-hour pause is over. */
const T1 = new Date(T0.getTime() + 25 * 60 * MINUTE);
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

async function newUser() {
  const username = uniqueName();
  return (await insertUser(db(), { username, email: `${username}@example.com`, password: "correct-horse" })).id;
}
/** A user whose withdrawal password "vault-key-1" was set at T0. */
async function userWithPassword() {
  const id = await newUser();
  await setWithdrawPassword(db(), id, { password: "correct-horse", newWithdrawPassword: "vault-key-1" }, T0);
  return id;
}
const rowOf = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) =>
      err as { status: number; code: string; message: string; errors?: unknown; headers?: Record<string, string> },
  );

const wrongMessage = (left: string) =>
  `The withdrawal password is not correct. ${left} left before withdrawals lock for 15 minutes.`;

let shared: string;
beforeAll(async () => {
  shared = await userWithPassword();
});

describe("wrong withdrawal passwords", () => {
  it("count down the attempts left, the last one singular, then lock withdrawals for 15 minutes with Retry-After in seconds", async () => {
    const id = shared;
    for (const left of ["4 attempts", "3 attempts", "2 attempts", "1 attempt"]) {
      expect(await refusal(checkWithdrawPassword(db(), id, "guess", T1))).toMatchObject({
        status: 403,
        code: "WRONG_WITHDRAW_PASSWORD",
        message: wrongMessage(left),
        errors: { withdrawPassword: ["Not correct"] },
      });
    }
    expect((await rowOf(id)).withdrawPasswordFailures).toBe(4);
    const locked = await refusal(checkWithdrawPassword(db(), id, "guess", T1));
    expect(locked).toMatchObject({
      status: 429,
      code: "WITHDRAWALS_LOCKED",
      message: "Too many wrong withdrawal passwords. Withdrawals are locked for 15 minutes.",
      headers: { "Retry-After": "900" },
    });
    const row = await rowOf(id);
    expect(row.withdrawLockedUntil).toEqual(at(T1, 15 * MINUTE));
    expect(row.withdrawPasswordFailures).toBe(0);

    // Locked, the right password is refused too, with the time left rounded up.
    expect(await refusal(checkWithdrawPassword(db(), id, "vault-key-1", at(T1, 10 * MINUTE + 500)))).toMatchObject({
      status: 429,
      message: "Too many wrong withdrawal passwords. Withdrawals are locked for 5 minutes.",
      headers: { "Retry-After": "300" },
    });
    expect(await refusal(checkWithdrawPassword(db(), id, "vault-key-1", at(T1, 15 * MINUTE - 400)))).toMatchObject({
      code: "WITHDRAWALS_LOCKED",
      message: "Too many wrong withdrawal passwords. Withdrawals are locked for 1 minute.",
      headers: { "Retry-After": "1" },
    });
    // The lock ends at its time exactly, and the count starts again from five.
    await expect(checkWithdrawPassword(db(), id, "vault-key-1", at(T1, 15 * MINUTE))).resolves.toBeUndefined();
    expect(await refusal(checkWithdrawPassword(db(), id, "guess", at(T1, 16 * MINUTE)))).toMatchObject({
      message: wrongMessage("4 attempts"),
    });
  });

  it("start counting again after a right one", async () => {
    const id = await userWithPassword();
    for (let i = 0; i < 3; i++) await refusal(checkWithdrawPassword(db(), id, "guess", T1));
    await expect(checkWithdrawPassword(db(), id, "vault-key-1", T1)).resolves.toBeUndefined();
    expect((await rowOf(id)).withdrawPasswordFailures).toBe(0);
    expect(await refusal(checkWithdrawPassword(db(), id, "guess", T1))).toMatchObject({
      message: wrongMessage("4 attempts"),
    });
  });

  it("are counted toward the same lock when setting or changing it, each naming its own field", async () => {
    const fresh = await newUser();
    expect(await refusal(setWithdrawPassword(db(), fresh, { newWithdrawPassword: "vault-key-1" }, T0))).toMatchObject({
      status: 400,
      message: "Please enter your account password",
      errors: { password: ["Required to set a withdrawal password"] },
    });
    expect(
      await refusal(setWithdrawPassword(db(), fresh, { password: "wrong", newWithdrawPassword: "vault-key-1" }, T0)),
    ).toMatchObject({
      status: 403,
      code: "WRONG_PASSWORD",
      message: "The account password is not correct. 4 attempts left before withdrawals lock for 15 minutes.",
      errors: { password: ["Not correct"] },
    });
    expect((await rowOf(fresh)).withdrawPasswordHash).toBeNull();

    const id = await userWithPassword();
    expect(
      await refusal(
        setWithdrawPassword(db(), id, { password: "correct-horse", newWithdrawPassword: "vault-key-2" }, T1),
      ),
    ).toMatchObject({
      status: 400,
      message: "Please enter your current withdrawal password",
      errors: { currentWithdrawPassword: ["Required to change it"] },
    });
    expect(
      await refusal(
        setWithdrawPassword(db(), id, { currentWithdrawPassword: "nope", newWithdrawPassword: "vault-key-2" }, T1),
      ),
    ).toMatchObject({
      status: 403,
      code: "WRONG_WITHDRAW_PASSWORD",
      message:
        "The current withdrawal password is not correct. 4 attempts left before withdrawals lock for 15 minutes.",
      errors: { currentWithdrawPassword: ["Not correct"] },
    });
    expect(await refusal(checkWithdrawPassword(db(), id, "guess", T1))).toMatchObject({
      message: wrongMessage("3 attempts"),
    });
  });
});

describe("setting the withdrawal password", () => {
  it("for a user who does not exist is not found, and neither is checking it", async () => {
    const nobody = "00000000-0000-4000-8000-000000000000";
    expect(
      await refusal(
        setWithdrawPassword(db(), nobody, { password: "correct-horse", newWithdrawPassword: "vault-key-1" }, T0),
      ),
    ).toMatchObject({ status: 404, message: "User not found" });
    expect(await refusal(checkWithdrawPassword(db(), nobody, "vault-key-1", T1))).toMatchObject({
      status: 404,
      message: "User not found",
    });
  });

  it("comes first: a user without one is asked to set it", async () => {
    expect(await refusal(checkWithdrawPassword(db(), await newUser(), "vault-key-1", T1))).toMatchObject({
      status: 422,
      code: "WITHDRAW_PASSWORD_NOT_SET",
      message: "Set a withdrawal password first",
    });
  });

  it("pauses withdrawals for 24 hours, says whether it was set or changed, and clears an ended lock's traces", async () => {
    const id = await newUser();
    const first = await setWithdrawPassword(
      db(),
      id,
      { password: "correct-horse", newWithdrawPassword: "vault-key-1" },
      T0,
    );
    expect(first.holdUntil).toEqual(at(T0, 24 * 60 * MINUTE));
    // Locked out, then the lock over: changing the password writes a clean slate.
    for (let i = 0; i < 5; i++) await refusal(checkWithdrawPassword(db(), id, "guess", T1));
    await refusal(checkWithdrawPassword(db(), id, "guess", at(T1, 20 * MINUTE)));
    const T2 = at(T1, 20 * MINUTE);
    const second = await setWithdrawPassword(
      db(),
      id,
      { currentWithdrawPassword: "vault-key-1", newWithdrawPassword: "vault-key-2" },
      T2,
    );
    expect(second.holdUntil).toEqual(at(T2, 24 * 60 * MINUTE));
    const row = await rowOf(id);
    expect({
      failures: row.withdrawPasswordFailures,
      lockedUntil: row.withdrawLockedUntil,
      updatedAt: row.updatedAt,
    }).toEqual({ failures: 0, lockedUntil: null, updatedAt: T2 });

    const events = await db()
      .select({ facts: accountEvents.facts, at: accountEvents.createdAt })
      .from(accountEvents)
      .where(and(eq(accountEvents.userId, id), eq(accountEvents.kind, "withdraw_password.set")))
      .orderBy(accountEvents.createdAt);
    expect(events).toEqual([
      { facts: { changed: false, pausedUntil: first.holdUntil.toISOString() }, at: T0 },
      { facts: { changed: true, pausedUntil: second.holdUntil.toISOString() }, at: T2 },
    ]);
    await expect(checkWithdrawPassword(db(), id, "vault-key-2", at(T2, 24 * 60 * MINUTE))).resolves.toBeUndefined();
  });

  it("never shortens a longer pause already running", async () => {
    const id = await newUser();
    const later = at(T0, 72 * 60 * MINUTE);
    await db().update(users).set({ withdrawHoldUntil: later }).where(eq(users.id, id));
    expect(await startWithdrawalHold(db(), id, T0)).toEqual(later);
    expect(await startWithdrawalHold(db(), id, at(T0, 60 * 60 * MINUTE))).toEqual(at(T0, 84 * 60 * MINUTE));
  });
});

describe("the pause after a security change", () => {
  it("refuses a right password until its end, saying for how long, and is over at its end exactly", async () => {
    const id = await userWithPassword();
    const hold = (await rowOf(id)).withdrawHoldUntil!;
    expect(hold).toEqual(at(T0, 24 * 60 * MINUTE));
    expect(await refusal(checkWithdrawPassword(db(), id, "vault-key-1", at(hold, -(90 * MINUTE))))).toMatchObject({
      status: 422,
      code: "WITHDRAWALS_ON_HOLD",
      message:
        "For your security, withdrawals are paused for another 1 hour 30 minutes after a change to your account's security (a new password, withdrawal password or email, or two-factor turned off).",
    });
    expect(() => assertNotOnHold(hold, hold)).not.toThrow();
    expect(() => assertNotOnHold(null, hold)).not.toThrow();
    expect(pauseSentence(hold, at(hold, -(24 * 60 * MINUTE)))).toBe(
      " For your security, withdrawals are paused for 24 hours.",
    );
    expect(pauseSentence(hold, hold)).toBe("");
  });

  it("shows its owner whether the password is set and the pause and lock while they last, and nothing after", async () => {
    const none = await rowOf(await newUser());
    expect(withdrawPasswordState(none, T0)).toEqual({ set: false, holdUntil: null, lockedUntil: null });
    const user = { ...(await rowOf(shared)), withdrawLockedUntil: at(T1, 15 * MINUTE) };
    expect(withdrawPasswordState(user, T1)).toEqual({
      set: true,
      holdUntil: null,
      lockedUntil: at(T1, 15 * MINUTE).toISOString(),
    });
    expect(withdrawPasswordState(user, T0)).toEqual({
      set: true,
      holdUntil: at(T0, 24 * 60 * MINUTE).toISOString(),
      lockedUntil: at(T1, 15 * MINUTE).toISOString(),
    });
    expect(withdrawPasswordState(user, at(T1, 15 * MINUTE))).toEqual({ set: true, holdUntil: null, lockedUntil: null });
  });
});
