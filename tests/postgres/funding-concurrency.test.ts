import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as approveRoute } from "@/app/api/admin/deposits/[id]/approve/route";
import { POST as rejectRoute } from "@/app/api/admin/deposits/[id]/reject/route";
import { POST as withdrawRoute } from "@/app/api/withdrawals/route";
import { deposits, journals, withdrawals } from "@/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { ADDRESSES, createWallet, readyToWithdraw, submitDeposit, txHash } from "../support/funding";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { balanceOf, trade } from "../support/trading";
import { registerUser } from "../support/users";

const db = withTestDatabase();
let admin: string;

beforeAll(async () => {
  admin = (await signInAdmin(db())).token;
  expect((await createWallet(admin)).status).toBe(201);
});
beforeEach(async () => {
  await setPrice(db(), "2650");
});

async function pendingDeposit() {
  const user = await registerUser();
  const res = await submitDeposit(user.token, {
    currency: "USDT",
    network: "TRC20",
    amount: "300",
    txHash: txHash("TRC20"),
  });
  return { user, id: (res.body.deposit as { id: string }).id };
}

describe("funding under concurrency (PostgreSQL)", () => {
  it("20 parallel withdrawals of the whole balance: exactly one is accepted", async () => {
    const user = await registerUser();
    await fund(db(), user.user.id, "USDT", units("101"));
    const withdrawPassword = await readyToWithdraw(db(), user.token, user.user.id);
    const body = { currency: "USDT", network: "TRC20", address: ADDRESSES.TRC20, amount: "100", withdrawPassword };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call(withdrawRoute, { token: user.token, body })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 422).map((r) => r.body.code)).toEqual(
      Array(19).fill("INSUFFICIENT_FUNDS"),
    );
    expect(await db().select().from(withdrawals).where(eq(withdrawals.userId, user.user.id))).toHaveLength(1);
    expect(await balanceOf(db(), user.user.id, "USDT")).toBe(0n);
    expect(await balanceOf(db(), user.user.id, "USDT", "hold")).toBe(units("101"));
    expect(await checkLedger(db())).toEqual([]);
  });

  it("approve and reject racing on one deposit: exactly one wins, and a credit only if approve did", async () => {
    for (let round = 0; round < 5; round++) {
      const { user, id } = await pendingDeposit();
      const [approved, rejected] = await Promise.all([
        call(approveRoute, { token: admin, params: { id }, body: {} }),
        call(rejectRoute, { token: admin, params: { id }, body: { reason: "race" } }),
      ]);
      expect([approved.status, rejected.status].sort()).toEqual([200, 409]);
      const [row] = await db().select().from(deposits).where(eq(deposits.id, id));
      expect(row!.status).toBe(approved.status === 200 ? "approved" : "rejected");
      expect(await balanceOf(db(), user.user.id, "USDT")).toBe(approved.status === 200 ? units("300") : 0n);
    }
    expect(await checkLedger(db())).toEqual([]);
  });

  it("the same approval sent twice, with and without its key: one credit", async () => {
    const { user, id } = await pendingDeposit();
    const keyed = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(approveRoute, { token: admin, params: { id }, body: {}, headers: { "Idempotency-Key": `approve-${id}` } }),
      ),
    );
    expect(keyed.map((r) => r.status)).toEqual(Array(5).fill(200));
    const { user: other, id: otherId } = await pendingDeposit();
    const bare = await Promise.all(
      Array.from({ length: 5 }, () => call(approveRoute, { token: admin, params: { id: otherId }, body: {} })),
    );
    expect(bare.filter((r) => r.status === 200)).toHaveLength(1);
    expect(bare.filter((r) => r.status === 409)).toHaveLength(4);
    expect(await balanceOf(db(), user.user.id, "USDT")).toBe(units("300"));
    expect(await balanceOf(db(), other.user.id, "USDT")).toBe(units("300"));
    expect(await db().select().from(journals).where(eq(journals.reference, id))).toHaveLength(1);
  });

  it("a withdrawal racing a market buy for the same USDT: never both", async () => {
    for (let round = 0; round < 5; round++) {
      const user = await registerUser();
      // Enough for either the buy (266.33 with its fee) or the withdrawal (250 + 1), not both.
      await fund(db(), user.user.id, "USDT", units("300"));
      const withdrawPassword = await readyToWithdraw(db(), user.token, user.user.id);
      const [w, t] = await Promise.all([
        call(withdrawRoute, {
          token: user.token,
          body: { currency: "USDT", network: "TRC20", address: ADDRESSES.TRC20, amount: "250", withdrawPassword },
        }),
        trade(user.token, { side: "buy", type: "market", quantity: "0.1" }),
      ]);
      expect([w.status, t.status].filter((s) => s === 201)).toHaveLength(1);
      expect([w.status, t.status].filter((s) => s === 422)).toHaveLength(1);
      expect(await balanceOf(db(), user.user.id, "USDT")).toBeGreaterThanOrEqual(0n);
    }
    expect(await checkLedger(db())).toEqual([]);
  });
});
