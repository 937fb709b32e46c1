import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as retrieveRoute } from "@/app/api/storage/retrieve/route";
import { POST as storeRoute } from "@/app/api/storage/store/route";
import { accounts, entries, journals, storageAccruals } from "@/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import { updateSettings } from "@/lib/settings";
import { accrueStorage, storageAccrualJob } from "@/lib/storage/accrue";
import { storageOverview } from "@/lib/storage/vault";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { balanceOf } from "../support/trading";
import { registerUser } from "../support/users";

// The vault earns on the least it held during each UTC day: a retrieval during a day lowers that
// day's basis below its opening balance, and a store later the same day does not raise it again.

const db = withTestDatabase();
let admin: { id: string };

beforeAll(async () => {
  admin = (await signInAdmin(db())).user;
});

let keys = 0;
const key = () => ({ "Idempotency-Key": `storage-rules-${++keys}-${Date.now()}` });

/** Moves the journal's entries to `at`, as if the move had been made then (the ledger stamps them with the database's clock). */
async function happenedAt(journalId: string, at: string) {
  await db()
    .update(entries)
    .set({ createdAt: new Date(at) })
    .where(eq(entries.journalId, journalId));
  await db()
    .update(journals)
    .set({ createdAt: new Date(at) })
    .where(eq(journals.id, journalId));
}

/** At 9.77 % a year, a new user who stored 7.654321 XAUt at `at`: 2,048 units a day and a remainder to carry. */
async function storedAt977(at: string) {
  await updateSettings(db(), { storage: { annualRateBps: 977 } }, { id: admin.id, ip: null });
  const u = await registerUser();
  await fund(db(), u.user.id, "XAUT", units("7.654321"));
  const res = await call(storeRoute, { token: u.token, body: { amount: "7.654321" }, headers: key() });
  expect(res.status).toBe(200);
  await happenedAt(res.body.journalId as string, at);
  return u;
}

/** A user's vault days as settled, in order. */
const accrualsOf = (userId: string) =>
  db()
    .select({
      day: storageAccruals.day,
      basis: storageAccruals.basis,
      amount: storageAccruals.amount,
      carry: storageAccruals.carry,
    })
    .from(storageAccruals)
    .where(eq(storageAccruals.userId, userId))
    .orderBy(storageAccruals.day);

describe("the vault's daily earnings", () => {
  it("are paid on the least held during the day, not on the opening or closing balance", async () => {
    await updateSettings(db(), { storage: { annualRateBps: 977 } }, { id: admin.id, ip: null });
    const u = await registerUser();
    await fund(db(), u.user.id, "XAUT", units("9.876543"));
    const move = async (route: typeof storeRoute, amount: string, at: string) => {
      const res = await call(route, { token: u.token, body: { amount }, headers: key() });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await happenedAt(res.body.journalId as string, at);
    };
    await move(storeRoute, "7.654321", "2026-05-09T13:00:00Z");
    // The day after: opens at 7.654321, falls to 5.308643 in the morning, closes at 6.419754.
    await move(retrieveRoute, "2.345678", "2026-05-10T09:00:00Z");
    await move(storeRoute, "1.111111", "2026-05-10T15:00:00Z");

    expect(await accrueStorage(db(), new Date("2026-05-12T00:00:05Z"))).toBe(2);
    const days = await accrualsOf(u.user.id);
    // At 9.77 % a day is basis × 977 / 3,650,000 units, the remainder carried: on 5,308,643 that is
    // 1420 carry 3,544,211 (on the opening 7,654,321 it would be 2048, on the closing 6,419,754, 1718).
    expect(days).toEqual([
      { day: "2026-05-09", basis: 0n, amount: 0n, carry: 0n },
      { day: "2026-05-10", basis: 5_308_643n, amount: 1420n, carry: 3_544_211n },
      { day: "2026-05-11", basis: 6_419_754n, amount: 1719n, carry: 1_293_869n },
    ]);
    expect(await balanceOf(db(), u.user.id, "XAUT", "storage")).toBe(6_419_754n + 1420n + 1719n);
    expect(await balanceOf(db(), u.user.id, "XAUT")).toBe(units("9.876543") - 6_419_754n);
    await updateSettings(db(), { storage: { annualRateBps: 0 } }, { id: admin.id, ip: null });
    expect(await checkLedger(db())).toEqual([]);
  });
});

describe("the vault's earnings across runs", () => {
  it("carry what a day left below a unit into the next run's first day", async () => {
    const u = await storedAt977("2026-06-01T10:00:00Z");
    // 7,654,321 × 977 = 7,478,271,617: 2,048 units a day and 3,071,617 / 3,650,000 of one left over,
    // so the next day, carrying it, pays 2,049. Each run settles the days ended before it.
    await accrueStorage(db(), new Date("2026-06-03T00:00:05Z"));
    await accrueStorage(db(), new Date("2026-06-04T00:00:05Z"));
    const days = await accrualsOf(u.user.id);
    expect(days).toEqual([
      { day: "2026-06-01", basis: 0n, amount: 0n, carry: 0n },
      { day: "2026-06-02", basis: 7_654_321n, amount: 2048n, carry: 3_071_617n },
      { day: "2026-06-03", basis: 7_654_321n, amount: 2049n, carry: 2_493_234n },
    ]);
    // Each paid day is its own journal, named for the day (what the owner's history shows).
    const paid = await db()
      .select({ reference: journals.reference, memo: journals.memo, amount: entries.amount })
      .from(journals)
      .innerJoin(entries, eq(entries.journalId, journals.id))
      .innerJoin(accounts, eq(accounts.id, entries.accountId))
      .where(and(eq(journals.kind, "interest"), eq(accounts.userId, u.user.id)))
      .orderBy(journals.reference);
    expect(paid).toEqual([
      { reference: "storage:2026-06-02", memo: "vault earnings for 2026-06-02", amount: 2048n },
      { reference: "storage:2026-06-03", memo: "vault earnings for 2026-06-03", amount: 2049n },
    ]);
    await updateSettings(db(), { storage: { annualRateBps: 0 } }, { id: admin.id, ip: null });
  });
});

describe("the vault as its owner sees it", () => {
  it("starts empty, then lists each move and earning by kind, memo and balance after, worth its XAUt at the bid", async () => {
    const u = await registerUser();
    expect(await storageOverview(db(), u.user.id)).toMatchObject({ asset: "XAUT", stored: "0.000000", history: [] });

    await setPrice(db(), "2000");
    await fund(db(), u.user.id, "XAUT", units("2"));
    for (const [route, amount] of [
      [storeRoute, "1.5"],
      [retrieveRoute, "0.25"],
    ] as const) {
      const res = await call(route, { token: u.token, body: { amount }, headers: key() });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const vault = await storageOverview(db(), u.user.id);
    expect(vault.stored).toBe("1.250000");
    expect(vault.history.map((h) => [h.kind, h.amount, h.balanceAfter, h.memo])).toEqual([
      ["retrieved", "-0.250000", "1.250000", "retrieved from the vault"],
      ["stored", "1.500000", "1.500000", "stored in the vault"],
    ]);
    // 1.25 XAUt at a bid a little under 2,000.
    expect(Number(vault.valueUsdt)).toBeGreaterThan(2_400);
    expect(Number(vault.valueUsdt)).toBeLessThanOrEqual(2_500);
  });
});

describe("the storage job", () => {
  it("settles the vaults' ended days, as accrueStorage does", async () => {
    const u = await storedAt977("2026-04-01T10:00:00Z");
    // The job settles up to its own clock: a day before the other tests' vaults' next days.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-04-03T00:00:05Z"));
    try {
      await storageAccrualJob.run(db());
    } finally {
      vi.useRealTimers();
    }
    expect(await accrualsOf(u.user.id)).toEqual([
      { day: "2026-04-01", basis: 0n, amount: 0n, carry: 0n },
      { day: "2026-04-02", basis: 7_654_321n, amount: 2048n, carry: 3_071_617n },
    ]);
    await updateSettings(db(), { storage: { annualRateBps: 0 } }, { id: admin.id, ip: null });
  });
});
