import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as approveRoute } from "@/app/api/admin/deposits/[id]/approve/route";
import { journals, referralRewards } from "@/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import { updateSettings } from "@/lib/settings";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { withEnv } from "../support/deposit-form";
import { createWallet, submitDeposit, txHash } from "../support/funding";
import { call } from "../support/http";
import { units } from "../support/prices";
import { balanceOf } from "../support/trading";
import { registerUser } from "../support/users";

const db = withTestDatabase();
let admin: Awaited<ReturnType<typeof signInAdmin>>;

beforeAll(async () => {
  admin = await signInAdmin(db());
  expect((await createWallet(admin.token)).status).toBe(201);
  await updateSettings(db(), { referral: { rewardUsdt: "7.5" } }, { id: admin.user.id, ip: null });
});

describe("referral reward under concurrency (PostgreSQL)", () => {
  it("20 first deposits of one invitee approved in parallel pay the inviter exactly once", async () => {
    const inviter = await registerUser();
    const friend = await registerUser({ referralCode: inviter.user.referralCode });
    const ids: string[] = [];
    // Twenty pending at once from one address: more than a user may have or an address may send.
    await withEnv({ DEPOSITS_PENDING_PER_USER: "20", DEPOSITS_PER_IP_PER_HOUR: "100" }, async () => {
      for (let i = 0; i < 20; i++) {
        // 20 × 49.99 stays under what one administrator may approve for one user in a day alone.
        const res = await submitDeposit(friend.token, {
          currency: "USDT",
          network: "TRC20",
          amount: "49.99",
          txHash: txHash("TRC20"),
        });
        expect(res.status).toBe(201);
        ids.push((res.body.deposit as { id: string }).id);
      }
    });
    const results = await Promise.all(
      ids.map((id) => call(approveRoute, { token: admin.token, params: { id }, body: {} })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await balanceOf(db(), friend.user.id, "USDT")).toBe(units("999.8"));
    expect(await balanceOf(db(), inviter.user.id, "USDT")).toBe(units("7.5"));
    const rewards = await db().select().from(referralRewards).where(eq(referralRewards.inviterId, inviter.user.id));
    expect(rewards).toHaveLength(1);
    expect(await db().select().from(journals).where(eq(journals.kind, "referral"))).toHaveLength(1);
    expect(await checkLedger(db())).toEqual([]);
  });
});
