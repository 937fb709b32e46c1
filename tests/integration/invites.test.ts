import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as approveRoute } from "@/app/api/admin/deposits/[id]/approve/route";
import { POST as registerRoute } from "@/app/api/auth/register/route";
import { GET as invitesRoute } from "@/app/api/user/invites/route";
import { referralRewards } from "@/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import { maskUsername } from "@/lib/referrals/invites";
import { updateSettings } from "@/lib/settings";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { createWallet, submitDeposit, txHash } from "../support/funding";
import { call } from "../support/http";
import { units } from "../support/prices";
import { balanceOf } from "../support/trading";
import { registerUser, registration } from "../support/users";

const db = withTestDatabase();
let admin: Awaited<ReturnType<typeof signInAdmin>>;

beforeAll(async () => {
  admin = await signInAdmin(db());
  expect((await createWallet(admin.token)).status).toBe(201);
  await updateSettings(db(), { referral: { rewardUsdt: "5" } }, { id: admin.user.id, ip: null });
});

async function approvedDeposit(token: string) {
  const res = await submitDeposit(token, {
    currency: "USDT",
    network: "TRC20",
    amount: "100",
    txHash: txHash("TRC20"),
  });
  const id = (res.body.deposit as { id: string }).id;
  expect((await call(approveRoute, { token: admin.token, params: { id }, body: {} })).status).toBe(200);
}

describe("invite friends", () => {
  it("lists who joined with the code, masked, with the reward rule, and pays the inviter once on approved deposits", async () => {
    const inviter = await registerUser();
    const friend = await registerUser({ referralCode: inviter.user.referralCode.toLowerCase() });
    await registerUser();

    const before = await call(invitesRoute, { token: inviter.token });
    expect(before.body).toMatchObject({ referralCode: inviter.user.referralCode, rewardUsdt: "5" });
    expect(before.body.invites).toEqual([
      { username: maskUsername(friend.payload.username), joinedAt: expect.any(String), rewardPaid: false },
    ]);
    expect(JSON.stringify(before.body)).not.toContain(friend.payload.username);

    await approvedDeposit(friend.token);
    await approvedDeposit(friend.token);
    expect(await balanceOf(db(), inviter.user.id, "USDT")).toBe(units("5"));
    expect(await db().select().from(referralRewards).where(eq(referralRewards.inviteeId, friend.user.id))).toHaveLength(
      1,
    );
    expect((await call(invitesRoute, { token: inviter.token })).body.invites).toEqual([
      expect.objectContaining({ rewardPaid: true }),
    ]);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("pays nothing for a user nobody invited", async () => {
    const loner = await registerUser();
    await approvedDeposit(loner.token);
    expect(await db().select().from(referralRewards).where(eq(referralRewards.inviteeId, loner.user.id))).toHaveLength(
      0,
    );
  });

  it("refuses an unknown referral code at registration with a clear message, writing nothing", async () => {
    const res = await call(registerRoute, { body: registration({ referralCode: "NOSUCH99" }), ip: "203.0.113.250" });
    expect(res).toMatchObject({
      status: 400,
      body: { code: "REFERRAL_NOT_FOUND", message: "Referral code not found" },
    });
  });

  it("masks short and long names", () => {
    expect(maskUsername("alice")).toBe("al***e");
    expect(maskUsername("ab")).toBe("a***");
  });
});
