import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as approveRoute } from "@/app/api/admin/approvals/[id]/approve/route";
import { PUT as resetPasswordRoute } from "@/app/api/admin/users/[id]/reset-password/route";
import { PUT as resetWithdrawRoute } from "@/app/api/admin/users/[id]/reset-withdraw-password/route";
import { POST as forceSnapshotRoute } from "@/app/api/admin/proof/snapshots/force/route";
import { PUT as roleRoute } from "@/app/api/admin/users/[id]/role/route";
import { PUT as manageBalanceRoute } from "@/app/api/admin/users/[id]/manage-balance/route";
import { POST as createPlanRoute } from "@/app/api/admin/saving-plans/route";
import { PUT as statusRoute } from "@/app/api/admin/users/[id]/status/route";
import { POST as approveDepositRoute } from "@/app/api/admin/deposits/[id]/approve/route";
import { PUT as updateWalletRoute } from "@/app/api/admin/wallets/[id]/route";
import { POST as sendRoute } from "@/app/api/admin/withdrawals/[id]/send/route";
import { PUT as settingsRoute } from "@/app/api/settings/config/route";
import { POST as withdrawRoute } from "@/app/api/withdrawals/route";
import { POST as freezeRoute } from "@/app/api/user/freeze/route";
import { accountEvents, auditLogs, proposals, savingPlans, users } from "@/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import { getSettings } from "@/lib/settings";
import { activeAdmins, fourEyesSince } from "@/lib/approvals/policy";
import { verifyPassword } from "@/lib/auth/password";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { call, type CallResult } from "../support/http";
import { ADDRESSES, createWallet, readyToWithdraw, submitDeposit, txHash, walletInput } from "../support/funding";
import { fund } from "../support/ledger";
import { units } from "../support/prices";
import { balanceOf } from "../support/trading";
import { registerUser } from "../support/users";

/** Administrators acting on administrators (issue 43 §1), on a database of its own so the count of administrators is known. */
const db = withTestDatabase();

type IdHandler = (req: Request, ctx: { params: Promise<{ id: string }> }) => Promise<Response>;
const put = (handler: IdHandler, id: string, body: unknown, token: string) =>
  call(handler, { method: "PUT", params: { id }, body, token });
const proposalId = (res: CallResult) => (res.body.proposal as { id: string }).id;
const approve = (res: CallResult, token: string) => call(approveRoute, { token, params: { id: proposalId(res) } });
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

/** Leaves exactly the given administrators (every other one demoted directly in the database). */
async function onlyAdmins(...ids: string[]) {
  await db().update(users).set({ role: "user" }).where(eq(users.role, "admin"));
  for (const id of ids)
    await db()
      .update(users)
      .set({ role: "admin", status: "active", frozenAt: null, frozenBy: null })
      .where(eq(users.id, id));
}

describe("who administers", () => {
  it("the first administrator appoints the second alone, the audit says alone, and four eyes date from then", async () => {
    const first = await signInAdmin(db());
    expect(await fourEyesSince(db())).toBeNull();
    // Alone, nobody can let a snapshot through within the hour.
    expect(await call(forceSnapshotRoute, { token: first.token })).toMatchObject({
      status: 422,
      body: { code: "SECOND_ADMIN_REQUIRED" },
    });
    const [second, third] = [await registerUser(), await registerUser()];
    // The reason is optional through the API (the screen asks for it), but never empty or a page long.
    for (const reason of ["   ", "x".repeat(501), 7]) {
      expect((await put(roleRoute, second.user.id, { role: "admin", reason }, first.token)).status).toBe(400);
    }
    expect((await userRow(second.user.id)).role).toBe("user");
    const appointed = await put(
      roleRoute,
      second.user.id,
      { role: "admin", reason: "Runs support on weekends" },
      first.token,
    );
    expect(appointed.status, JSON.stringify(appointed.body)).toBe(200);
    const [granted] = await db()
      .select()
      .from(accountEvents)
      .where(and(eq(accountEvents.userId, second.user.id), eq(accountEvents.kind, "role.granted")));
    expect(granted!.reason).toBe("Runs support on weekends");
    const [row] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "user.role.change"), eq(auditLogs.targetId, second.user.id)));
    expect(row!.detail).toMatchObject({
      before: "user",
      after: "admin",
      alone: true,
      reason: "Runs support on weekends",
    });
    expect(await fourEyesSince(db())).toEqual(row!.createdAt);
    // Two now exist: the next appointment waits, and once approved it was not made alone.
    const next = await put(
      roleRoute,
      third.user.id,
      { role: "admin", reason: "Second checker for deposits" },
      first.token,
    );
    expect(next.status).toBe(202);
    // The checker reads why.
    expect(next.body.proposal).toMatchObject({ reason: "Second checker for deposits" });
    expect((await approve(next, (await signInAdmin(db())).token)).status).toBe(200);
    const [later] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "user.role.change"), eq(auditLogs.targetId, third.user.id)));
    expect(later!.detail).not.toHaveProperty("alone");
    expect(later!.detail).toMatchObject({ reason: "Second checker for deposits" });
    expect(await fourEyesSince(db())).toEqual(row!.createdAt);
  });

  it("counts a frozen or disabled administrator: freezing one's own account never leaves the other alone", async () => {
    const [a, b] = [await signInAdmin(db()), await signInAdmin(db())];
    await onlyAdmins(a.user.id, b.user.id);
    // The queue and the dashboard show who can approve now: active administrators only.
    expect(await activeAdmins(db())).toBe(2);
    expect((await call(freezeRoute, { token: b.token, body: { password: "admin-password" } })).status).toBe(200);
    expect(await activeAdmins(db())).toBe(1);
    const candidate = await registerUser();
    const res = await put(roleRoute, candidate.user.id, { role: "admin" }, a.token);
    expect(res.status).toBe(202);
    expect((await userRow(candidate.user.id)).role).toBe("user");
    await db().update(users).set({ status: "disabled" }).where(eq(users.id, b.user.id));
    expect((await put(roleRoute, candidate.user.id, { role: "admin" }, a.token)).status).toBe(202);
  });

  it("never lets the count of administrators fall below two: removing one of two is refused, one of three waits", async () => {
    const [a, b, c] = [await signInAdmin(db()), await signInAdmin(db()), await signInAdmin(db())];
    await onlyAdmins(a.user.id, b.user.id);
    const refused = await put(roleRoute, b.user.id, { role: "user" }, a.token);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      success: false,
      code: "TOO_FEW_ADMINS",
      message: expect.stringContaining("appoint another administrator first"),
    });
    expect((await put(roleRoute, a.user.id, { role: "user" }, a.token)).status).toBe(422);
    await onlyAdmins(a.user.id, b.user.id, c.user.id);
    const removal = await put(roleRoute, b.user.id, { role: "user" }, a.token);
    expect(removal.status).toBe(202);
    expect((await approve(removal, c.token)).status).toBe(200);
    expect((await userRow(b.user.id)).role).toBe("user");
    expect((await put(roleRoute, c.user.id, { role: "user" }, a.token)).status).toBe(422);
    // Nobody to appoint or remove: 404, nothing proposed.
    const nobody = "019ab9c2-6f4b-7d1e-8c3a-5e2f10a4b7c9";
    for (const role of ["admin", "user"]) {
      expect(await put(roleRoute, nobody, { role }, a.token)).toMatchObject({
        status: 404,
        body: { message: "User not found" },
      });
    }
    expect(await db().select().from(proposals).where(eq(proposals.userId, nobody))).toEqual([]);
  });
});

describe("administrators acting on administrators", () => {
  it("resetting another administrator's password waits, and the proposal keeps only an argon2id hash", async () => {
    const [a, b, c] = [await signInAdmin(db()), await signInAdmin(db()), await signInAdmin(db())];
    const before = (await userRow(b.user.id)).passwordHash;
    const res = await put(resetPasswordRoute, b.user.id, { newPassword: "taken-over-123" }, a.token);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect((await userRow(b.user.id)).passwordHash).toBe(before);
    const [stored] = await db()
      .select()
      .from(proposals)
      .where(eq(proposals.id, proposalId(res)));
    expect(JSON.stringify(stored)).not.toContain("taken-over-123");
    const hash = (stored!.payload as { passwordHash: string }).passwordHash;
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, "taken-over-123")).toBe(true);
    expect((await approve(res, a.token)).status).toBe(403);
    expect((await approve(res, c.token)).status).toBe(200);
    expect(await verifyPassword((await userRow(b.user.id)).passwordHash, "taken-over-123")).toBe(true);
    // A user's password, and one's own, are reset at once.
    const user = await registerUser();
    expect((await put(resetPasswordRoute, user.user.id, { newPassword: "for-the-user-1" }, a.token)).status).toBe(200);
  });

  it("resetting another administrator's withdrawal password waits the same way", async () => {
    const [a, b, c] = [await signInAdmin(db()), await signInAdmin(db()), await signInAdmin(db())];
    const res = await put(resetWithdrawRoute, b.user.id, { newWithdrawPassword: "withdraw-999" }, a.token);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect((await userRow(b.user.id)).withdrawPasswordHash).toBeNull();
    const [stored] = await db()
      .select()
      .from(proposals)
      .where(eq(proposals.id, proposalId(res)));
    expect(JSON.stringify(stored)).not.toContain("withdraw-999");
    expect((await approve(res, c.token)).status).toBe(200);
    expect(await verifyPassword((await userRow(b.user.id)).withdrawPasswordHash!, "withdraw-999")).toBe(true);
    const user = await registerUser();
    expect((await put(resetWithdrawRoute, user.user.id, { newWithdrawPassword: "withdraw-777" }, a.token)).status).toBe(
      200,
    );
  });

  it("disabling, enabling and unfreezing an administrator wait; an approval after the account changed is stale", async () => {
    const [a, b, c] = [await signInAdmin(db()), await signInAdmin(db()), await signInAdmin(db())];
    const disable = await put(statusRoute, b.user.id, { status: "disabled" }, a.token);
    expect(disable.status).toBe(202);
    expect((await userRow(b.user.id)).status).toBe("active");
    // b freezes their own account before the approval: what a checker would approve is no longer what was shown.
    expect((await call(freezeRoute, { token: b.token, body: { password: "admin-password" } })).status).toBe(200);
    const stale = await approve(disable, c.token);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "PROPOSAL_STALE", proposal: { status: "failed" } });
    expect((await userRow(b.user.id)).frozenAt).not.toBeNull();

    const unfreeze = await put(statusRoute, b.user.id, { status: "active" }, a.token);
    expect(unfreeze.status).toBe(202);
    expect(unfreeze.body).toMatchObject({
      proposal: {
        summary: expect.stringContaining("Unfreeze"),
        changes: [{ label: "Status", before: "frozen", after: "active" }],
      },
    });
    expect((await userRow(b.user.id)).frozenAt).not.toBeNull();
    expect((await approve(unfreeze, c.token)).status).toBe(200);
    expect(await userRow(b.user.id)).toMatchObject({ status: "active", frozenAt: null });

    await db().update(users).set({ status: "disabled" }).where(eq(users.id, b.user.id));
    const enable = await put(statusRoute, b.user.id, { status: "active" }, a.token);
    expect(enable.status).toBe(202);
    expect((await userRow(b.user.id)).status).toBe("disabled");
    // A user who is not an administrator is disabled and enabled at once.
    const user = await registerUser();
    expect((await put(statusRoute, user.user.id, { status: "disabled" }, a.token)).status).toBe(200);
  });
});

describe("a rogue administrator, with a second one present", () => {
  it("ends every path in a proposal or a refusal: no money moved at or over the threshold, none created, no administrator made, no control weakened", async () => {
    const rogue = await signInAdmin(db());
    const honest = await signInAdmin(db());
    const wallet = await createWallet(rogue.token);
    expect(wallet.status).toBe(201);
    const walletId = (wallet.body.wallet as { id: string }).id;
    await onlyAdmins(rogue.user.id, honest.user.id);
    const settingsBefore = await getSettings(db());
    const honestBefore = await userRow(honest.user.id);
    const pendingBefore = (await db().select({ n: count() }).from(proposals).where(eq(proposals.status, "pending")))[0]!
      .n;
    const as = (handler: IdHandler, id: string, body: unknown) =>
      call(handler, { method: "PUT", token: rogue.token, params: { id }, body });
    const waits = (res: CallResult, what: string) =>
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(202);

    // Money into its own account, any amount.
    waits(
      await as(manageBalanceRoute, rogue.user.id, { amount: "0.01", operation: "credit", reason: "Mine" }),
      "own credit",
    );
    // 40 credits of 999.99 to a puppet: the first acts, the rest wait.
    const puppet = await registerUser();
    const credits = [];
    for (let i = 0; i < 40; i++)
      credits.push(
        (await as(manageBalanceRoute, puppet.user.id, { amount: "999.99", operation: "credit", reason: `Split ${i}` }))
          .status,
      );
    expect(credits).toEqual([200, ...Array(39).fill(202)]);
    // A puppet's deposit declared at 900,000, approved as declared.
    const declared = await submitDeposit(puppet.token, {
      currency: "USDT",
      network: "TRC20",
      amount: "900000",
      txHash: txHash("TRC20"),
    });
    waits(
      await call(approveDepositRoute, {
        token: rogue.token,
        params: { id: (declared.body.deposit as { id: string }).id },
        body: {},
      }),
      "deposit",
    );
    // Five withdrawals of 998 marked sent for another puppet: the first acts, the rest wait.
    const payee = await registerUser();
    await fund(db(), payee.user.id, "USDT", units("6000"));
    const withdrawPassword = await readyToWithdraw(db(), payee.token, payee.user.id);
    const sent = [];
    for (let i = 0; i < 5; i++) {
      const w = await call(withdrawRoute, {
        token: payee.token,
        body: { currency: "USDT", network: "TRC20", address: ADDRESSES.TRC20, amount: "998", withdrawPassword },
      });
      sent.push(
        (
          await call(sendRoute, {
            token: rogue.token,
            params: { id: (w.body.withdrawal as { id: string }).id },
            body: { txHash: txHash("TRC20") },
          })
        ).status,
      );
    }
    expect(sent).toEqual([200, 202, 202, 202, 202]);
    // Settings that pay or value money, and the threshold itself.
    for (const patch of [
      { referral: { rewardUsdt: "500000" } },
      { trading: { spreadBps: 1000 } },
      { approvals: { thresholdUsdt: "1000000" } },
      { withdrawals: { dailyLimit: "99999999" } },
    ]) {
      waits(await call(settingsRoute, { method: "PUT", token: rogue.token, body: patch }), JSON.stringify(patch));
    }
    // A deposit address of its own, and a plan paying 50 %.
    waits(
      await as(updateWalletRoute, walletId, walletInput({ address: "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7" })),
      "wallet address",
    );
    waits(
      await call(createPlanRoute, {
        token: rogue.token,
        body: {
          name: "Rogue plan",
          asset: "USDT",
          aprBps: 5000,
          termDays: 0,
          minAmount: "1",
          maxAmount: "100000",
          totalCap: "1000000",
          enabled: true,
        },
      }),
      "saving plan",
    );
    // The other administrator's account, and who administers.
    waits(await as(resetPasswordRoute, honest.user.id, { newPassword: "rogue-knows-it" }), "password reset");
    waits(
      await as(resetWithdrawRoute, honest.user.id, { newWithdrawPassword: "rogue-knows-it" }),
      "withdrawal password reset",
    );
    waits(await as(statusRoute, honest.user.id, { status: "disabled" }), "disable");
    waits(await as(roleRoute, puppet.user.id, { role: "admin" }), "appoint");
    expect((await as(roleRoute, honest.user.id, { role: "user" })).status).toBe(422);

    expect(await balanceOf(db(), rogue.user.id, "USDT")).toBe(0n);
    expect(await balanceOf(db(), puppet.user.id, "USDT")).toBe(units("999.99"));
    expect(await getSettings(db())).toEqual(settingsBefore);
    expect(await userRow(honest.user.id)).toMatchObject({
      passwordHash: honestBefore.passwordHash,
      withdrawPasswordHash: honestBefore.withdrawPasswordHash,
      status: "active",
      role: "admin",
    });
    expect((await userRow(puppet.user.id)).role).toBe("user");
    expect(await db().select().from(savingPlans).where(eq(savingPlans.name, "Rogue plan"))).toEqual([]);
    expect((await db().select({ n: count() }).from(users).where(eq(users.role, "admin")))[0]!.n).toBe(2);
    expect((await db().select({ n: count() }).from(proposals).where(eq(proposals.status, "pending")))[0]!.n).toBe(
      pendingBefore + 1 + 39 + 1 + 4 + 4 + 1 + 1 + 4,
    );
    expect(await checkLedger(db())).toEqual([]);
  });
});
