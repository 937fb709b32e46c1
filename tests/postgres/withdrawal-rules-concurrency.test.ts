import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as disableRoute } from "@/app/api/user/2fa/disable/route";
import { POST as enableRoute } from "@/app/api/user/2fa/enable/route";
import { POST as setupRoute } from "@/app/api/user/2fa/setup/route";
import { POST as withdrawRoute } from "@/app/api/withdrawals/route";
import { users, withdrawals } from "@/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import { updateSettings } from "@/lib/settings";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { expectNoDeadlocks } from "../support/deadlocks";
import { ADDRESSES, createWallet, readyToWithdraw } from "../support/funding";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { units } from "../support/prices";
import { balanceOf } from "../support/trading";
import { registerUser } from "../support/users";

const db = withTestDatabase();
let admin: Awaited<ReturnType<typeof signInAdmin>>;

beforeAll(async () => {
  admin = await signInAdmin(db());
  expect((await createWallet(admin.token, { withdrawFee: "1.370001", minWithdraw: "10.000001" })).status).toBe(201);
}, 30_000);

// The withdrawal and turning two-factor off take two-factor's row, then the user's: never a deadlock.
expectNoDeadlocks();

/** The code an authenticator app shows `steps` time steps from now. */
const code = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

async function withdrawer(usdt: string, twoFactor: boolean) {
  const u = await registerUser();
  await fund(db(), u.user.id, "USDT", units(usdt));
  const withdrawPassword = await readyToWithdraw(db(), u.token, u.user.id);
  let secret = "";
  if (twoFactor) {
    secret = (await call(setupRoute, { token: u.token, body: { password: u.payload.password } })).body.secret as string;
    // Enabled with the previous step's code, so this step's and the next one's are still unused.
    expect((await call(enableRoute, { token: u.token, body: { code: code(secret, -1) } })).status).toBe(200);
  }
  const body = { currency: "USDT", network: "TRC20", address: ADDRESSES.TRC20, withdrawPassword };
  return { ...u, secret, body };
}

describe("withdrawal rules under concurrency (PostgreSQL)", () => {
  it("10 parallel withdrawals with one two-factor code: exactly one is accepted", async () => {
    const u = await withdrawer("500.5", true);
    const twoFactorCode = code(u.secret);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(withdrawRoute, { token: u.token, body: { ...u.body, amount: "20.5", twoFactorCode } }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 403).map((r) => r.body.code)).toEqual(
      Array(9).fill("WRONG_TWO_FACTOR_CODE"),
    );
    expect(await db().select().from(withdrawals).where(eq(withdrawals.userId, u.user.id))).toHaveLength(1);
    expect(await balanceOf(db(), u.user.id, "USDT", "hold")).toBe(units("21.870001"));
  });

  it("8 parallel withdrawals against the daily limit: exactly as many as fit, to the last unit", async () => {
    await updateSettings(db(), { withdrawals: { dailyLimit: "1000.000004" } }, { id: admin.user.id, ip: null });
    try {
      const u = await withdrawer("5000.123457", false);
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          call(withdrawRoute, { token: u.token, body: { ...u.body, amount: "250.000001" } }),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(4);
      expect(results.filter((r) => r.status === 422).map((r) => r.body.code)).toEqual(
        Array(4).fill("DAILY_LIMIT_EXCEEDED"),
      );
      expect(await balanceOf(db(), u.user.id, "USDT", "hold")).toBe(4n * units("251.370002"));
    } finally {
      await updateSettings(db(), { withdrawals: { dailyLimit: "50000" } }, { id: admin.user.id, ip: null });
    }
    expect(await checkLedger(db())).toEqual([]);
  });

  it("turning two-factor off racing a withdrawal: both answer, and the pause starts either way", async () => {
    for (let round = 0; round < 4; round++) {
      const u = await withdrawer("300.3", true);
      const [w, off] = await Promise.all([
        call(withdrawRoute, { token: u.token, body: { ...u.body, amount: "100.1", twoFactorCode: code(u.secret) } }),
        call(disableRoute, { token: u.token, body: { code: code(u.secret, 1) } }),
      ]);
      expect(off.status).toBe(200);
      // Withdrawn before two-factor went off, or refused after: its code gone with two-factor (403),
      // or the pause already in force under the user's row lock (422).
      expect([201, 403, 422]).toContain(w.status);
      if (w.status === 422) expect(w.body.code).toBe("WITHDRAWALS_ON_HOLD");
      const [row] = await db().select({ until: users.withdrawHoldUntil }).from(users).where(eq(users.id, u.user.id));
      expect(row!.until!.getTime()).toBeGreaterThan(Date.now());
      expect(await balanceOf(db(), u.user.id, "USDT", "hold")).toBe(w.status === 201 ? units("101.470001") : 0n);
    }
    expect(await checkLedger(db())).toEqual([]);
  });
});
