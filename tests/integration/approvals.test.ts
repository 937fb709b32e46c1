import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as approveRoute } from "@/app/api/admin/approvals/[id]/approve/route";
import { POST as rejectRoute } from "@/app/api/admin/approvals/[id]/reject/route";
import { GET as approvalsRoute } from "@/app/api/admin/approvals/route";
import { POST as approveDepositRoute } from "@/app/api/admin/deposits/[id]/approve/route";
import { PUT as manageBalanceRoute } from "@/app/api/admin/users/[id]/manage-balance/route";
import { PUT as roleRoute } from "@/app/api/admin/users/[id]/role/route";
import { PUT as statusRoute } from "@/app/api/admin/users/[id]/status/route";
import { PUT as updateWalletRoute } from "@/app/api/admin/wallets/[id]/route";
import { POST as createWalletRoute } from "@/app/api/admin/wallets/route";
import { POST as sendRoute } from "@/app/api/admin/withdrawals/[id]/send/route";
import { PUT as settingsRoute } from "@/app/api/settings/config/route";
import { POST as withdrawRoute } from "@/app/api/withdrawals/route";
import { auditLogs, journals, proposals, users, wallets } from "@/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import {
  approveProposal,
  expireProposals,
  listProposals,
  proposalFor,
  rejectProposal,
} from "@/lib/approvals/proposals";
import { runTransaction } from "@/db/transaction";
import { getSettings, updateSettings } from "@/lib/settings";
import { DAY_MS } from "@/lib/core/time";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { ADDRESSES, createWallet, readyToWithdraw, submitDeposit, txHash, walletInput } from "../support/funding";
import { call, type CallResult } from "../support/http";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { balanceOf } from "../support/trading";
import { registerUser } from "../support/users";

const db = withTestDatabase();
let maker: Awaited<ReturnType<typeof signInAdmin>>;
let checker: Awaited<ReturnType<typeof signInAdmin>>;

beforeAll(async () => {
  maker = await signInAdmin(db());
  checker = await signInAdmin(db());
});

type ProposalBody = {
  id: string;
  status: string;
  kind: string;
  summary: string;
  changes: { label: string; before: string | null; after: string | null }[];
  reason: string | null;
  proposedBy: string;
  outcome: string | null;
};
const proposalOf = (res: CallResult) => res.body.proposal as ProposalBody;
const adjust = (userId: string, body: Record<string, unknown>, token = maker.token) =>
  call(manageBalanceRoute, {
    method: "PUT",
    token,
    params: { id: userId },
    body: { operation: "credit", reason: "Goodwill", ...body },
  });
const approve = (id: string, token = checker.token) => call(approveRoute, { token, params: { id } });
const journalCount = async () => (await db().select({ n: count() }).from(journals))[0]!.n;

async function fundedUser(usdt = "0") {
  const { user, token } = await registerUser();
  if (usdt !== "0") await fund(db(), user.id, "USDT", units(usdt));
  return { id: user.id, token };
}

describe("the approval threshold", () => {
  it("lets a change under approvals.thresholdUsdt act at once and turns one at it into a proposal that changes nothing", async () => {
    expect((await getSettings(db())).approvals.thresholdUsdt).toBe("1000");
    const user = await fundedUser();
    expect((await adjust(user.id, { amount: "999.999999" })).status).toBe(200);
    const other = await fundedUser();
    const before = await journalCount();
    const proposed = await adjust(other.id, { amount: "1000", reason: "Launch bonus" });
    expect(proposed.status).toBe(202);
    expect(proposed.body).toMatchObject({
      success: true,
      proposal: { status: "pending", kind: "balance.adjust", reason: "Launch bonus" },
    });
    expect(proposalOf(proposed).changes[0]).toEqual({
      label: expect.stringContaining("available USDT"),
      before: "0.000000",
      after: "1,000.000000",
    });
    expect(await journalCount()).toBe(before);
    expect(await balanceOf(db(), other.id, "USDT")).toBe(0n);
    // Debits count the same way.
    expect((await adjust((await fundedUser("1000")).id, { amount: "1000", operation: "debit" })).status).toBe(202);
  });

  it("sums what one administrator moved for one user in 24 hours, debits and credits alike: structuring waits too", async () => {
    const user = await fundedUser("5000");
    expect((await adjust(user.id, { amount: "999.99" })).status).toBe(200);
    expect((await adjust(user.id, { amount: "0.009998", operation: "debit" })).status).toBe(200);
    // 999.999998 so far: 0.000001 more acts, the next 0.000001 reaches 1,000 exactly and waits.
    expect((await adjust(user.id, { amount: "0.000001" })).status).toBe(200);
    const reached = await adjust(user.id, { amount: "0.000001" });
    expect(reached.status).toBe(202);
    expect(proposalOf(reached).changes[1]).toEqual({
      label: expect.stringMatching(/^Moved by .* in 24 hours/),
      before: "999.999999",
      after: "1,000.000000",
    });
    // Per administrator and per user: another administrator, or another user, starts from nothing.
    expect((await adjust(user.id, { amount: "999.99" }, checker.token)).status).toBe(200);
    expect((await adjust((await fundedUser()).id, { amount: "999.99" })).status).toBe(200);
  });

  it("sums over 24 hours by the clock it is given", async () => {
    const user = await fundedUser();
    expect((await adjust(user.id, { amount: "600" })).status).toBe(200);
    const actor = { id: maker.user.id, ip: null };
    const credit = { userId: user.id, amount: "600", operation: "credit" as const, reason: "Later", asset: "USDT" };
    const at = (ms: number) =>
      runTransaction(db(), (tx) => proposalFor(tx, "balance.adjust", credit, actor, new Date(Date.now() + ms)));
    expect(await at(DAY_MS - 60_000)).toMatchObject({ status: "pending" });
    expect(await at(DAY_MS + 60_000)).toBeNull();
  });

  it("never lets an administrator change their own balance alone, whatever the amount", async () => {
    const own = await adjust(maker.user.id, { amount: "0.000001" });
    expect(own.status).toBe(202);
    expect(await balanceOf(db(), maker.user.id, "USDT")).toBe(0n);
  });

  it("values XAUT at the mid, which a spread cannot move, and always asks for a second administrator for what it cannot value", async () => {
    const user = await fundedUser();
    // No price yet: even a little XAUT cannot be valued.
    const speck = await adjust(user.id, { amount: "0.01", asset: "XAUT" });
    expect(speck.status, JSON.stringify(speck.body)).toBe(202);
    expect((await adjust((await fundedUser()).id, { amount: "0.00000001", asset: "BTC" })).status).toBe(202);
    await setPrice(db(), "4000");
    expect((await adjust((await fundedUser()).id, { amount: "0.249999", asset: "XAUT" })).status).toBe(200);
    // 0.25 XAUT is 1,000 USDT at the mid: the bid (below it) would have let it through.
    expect((await adjust((await fundedUser()).id, { amount: "0.25", asset: "XAUT" })).status).toBe(202);
    // A wide spread changes nothing.
    await updateSettings(db(), { trading: { spreadBps: 1000 } }, { id: maker.user.id, ip: null });
    expect((await adjust((await fundedUser()).id, { amount: "0.25", asset: "XAUT" })).status).toBe(202);
    expect((await adjust((await fundedUser()).id, { amount: "0.249999", asset: "XAUT" })).status).toBe(200);
    await updateSettings(db(), { trading: { spreadBps: 30 } }, { id: maker.user.id, ip: null });
  });

  it("follows a changed threshold, which itself needs a second administrator", async () => {
    const user = await fundedUser();
    const raise = await call(settingsRoute, {
      method: "PUT",
      token: maker.token,
      body: { approvals: { thresholdUsdt: "5000" } },
    });
    expect(raise.status).toBe(202);
    expect(proposalOf(raise).changes).toEqual([{ label: "approvals.thresholdUsdt", before: "1000", after: "5000" }]);
    expect((await getSettings(db())).approvals.thresholdUsdt).toBe("1000");
    // Saving the settings form with the approvals unchanged is not a proposal.
    expect(
      (
        await call(settingsRoute, {
          method: "PUT",
          token: maker.token,
          body: { approvals: { thresholdUsdt: "1000" }, siteName: "Aurum" },
        })
      ).status,
    ).toBe(200);
    expect((await approve(proposalOf(raise).id)).status).toBe(200);
    expect((await getSettings(db())).approvals.thresholdUsdt).toBe("5000");
    expect((await adjust(user.id, { amount: "4999" })).status).toBe(200);
    expect((await adjust(user.id, { amount: "5000" })).status).toBe(202);
    const lower = await call(settingsRoute, {
      method: "PUT",
      token: checker.token,
      body: { approvals: { thresholdUsdt: "1000" } },
    });
    const lowered = await approve(proposalOf(lower).id, maker.token);
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
  });
});

describe("deciding a proposal", () => {
  it("never lets the proposer approve; a second administrator's approval acts once", async () => {
    const user = await fundedUser();
    const id = proposalOf(await adjust(user.id, { amount: "5000", reason: "Prize" })).id;
    const own = await approve(id, maker.token);
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ code: "SAME_ADMIN" });
    expect(await balanceOf(db(), user.id, "USDT")).toBe(0n);

    const approved = await approve(id);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      proposal: { status: "approved", decidedBy: checker.user.username, proposedBy: maker.user.username },
    });
    expect(await balanceOf(db(), user.id, "USDT")).toBe(units("5000"));
    const again = await approve(id, (await signInAdmin(db())).token);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "ALREADY_DECIDED" });
    expect(await balanceOf(db(), user.id, "USDT")).toBe(units("5000"));
    // The journal carries the reason; the audit trail both steps.
    const [journal] = await db().select().from(journals).where(eq(journals.memo, "Prize"));
    expect(journal).toMatchObject({ kind: "adjustment", actorId: checker.user.id });
    const actions = (
      await db()
        .select({ action: auditLogs.action, actor: auditLogs.actorId })
        .from(auditLogs)
        .where(eq(auditLogs.targetId, id))
    ).map((a) => `${a.action}:${a.actor}`);
    expect(actions.sort()).toEqual([`approval.approve:${checker.user.id}`, `approval.propose:${maker.user.id}`].sort());
    expect(await checkLedger(db())).toEqual([]);
  });

  it("marks failed, moving nothing, a debit that no longer fits when approved", async () => {
    const user = await fundedUser("2000");
    const id = proposalOf(await adjust(user.id, { amount: "1500", operation: "debit", reason: "Chargeback" })).id;
    expect((await adjust(user.id, { amount: "900", operation: "debit", reason: "Fee" })).status).toBe(200);
    const before = await journalCount();
    const failed = await approve(id);
    expect(failed.status).toBe(422);
    expect(failed.body).toMatchObject({
      success: false,
      code: "INSUFFICIENT_FUNDS",
      proposal: { status: "failed", outcome: "Insufficient USDT balance" },
    });
    expect(await journalCount()).toBe(before);
    expect(await balanceOf(db(), user.id, "USDT")).toBe(units("1100"));
    const listed = await call(approvalsRoute, { token: checker.token, path: "/api/admin/approvals?status=failed" });
    expect((listed.body.proposals as ProposalBody[]).map((p) => p.id)).toContain(id);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("rejects with a reason, by anyone (the proposer withdrawing it too), and never acts after", async () => {
    const user = await fundedUser();
    const id = proposalOf(await adjust(user.id, { amount: "2500" })).id;
    expect((await call(rejectRoute, { token: checker.token, params: { id }, body: {} })).status).toBe(400);
    const rejected = await call(rejectRoute, {
      token: checker.token,
      params: { id },
      body: { reason: "No ticket for this" },
    });
    expect(rejected.body).toMatchObject({ proposal: { status: "rejected", outcome: "No ticket for this" } });
    expect((await approve(id, (await signInAdmin(db())).token)).status).toBe(409);
    const own = proposalOf(await adjust(user.id, { amount: "2500" })).id;
    expect(
      (await call(rejectRoute, { token: maker.token, params: { id: own }, body: { reason: "Typo in the amount" } }))
        .status,
    ).toBe(200);
    expect(await balanceOf(db(), user.id, "USDT")).toBe(0n);
  });

  it("expires after 24 hours: it cannot be approved and lists as expired", async () => {
    const user = await fundedUser();
    const id = proposalOf(await adjust(user.id, { amount: "3000" })).id;
    await db()
      .update(proposals)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(proposals.id, id));
    const late = await approve(id);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: "PROPOSAL_EXPIRED" });
    expect(await balanceOf(db(), user.id, "USDT")).toBe(0n);
    const pending = await call(approvalsRoute, { token: checker.token, path: "/api/admin/approvals" });
    expect((pending.body.proposals as ProposalBody[]).map((p) => p.id)).not.toContain(id);
    const expired = await call(approvalsRoute, {
      token: checker.token,
      path: "/api/admin/approvals?status=expired&pageSize=100",
    });
    expect((expired.body.proposals as ProposalBody[]).map((p) => p.id)).toContain(id);
    expect(
      (await call(approvalsRoute, { token: checker.token, path: "/api/admin/approvals?status=lost" })).status,
    ).toBe(400);
  });
});

describe("what else waits for a second administrator", () => {
  it("a deposit credited above what the user declared, not one at or below it", async () => {
    await createWallet(maker.token);
    const depositor = await registerUser();
    const deposit = async () =>
      (
        await submitDeposit(depositor.token, {
          currency: "USDT",
          network: "TRC20",
          amount: "100",
          txHash: txHash("TRC20"),
        })
      ).body.deposit as { id: string };
    const lower = await deposit();
    expect(
      (
        await call(approveDepositRoute, {
          token: maker.token,
          params: { id: lower.id },
          body: { amount: "99.5", reason: "Fee taken by the chain" },
        })
      ).status,
    ).toBe(200);
    const higher = await deposit();
    const proposed = await call(approveDepositRoute, {
      token: maker.token,
      params: { id: higher.id },
      body: { amount: "100.5", reason: "Sent more than declared" },
    });
    expect(proposed.status).toBe(202);
    expect(proposalOf(proposed).changes).toEqual([
      { label: "Credited USDT", before: "100.000000", after: "100.500000" },
    ]);
    expect(await balanceOf(db(), depositor.user.id, "USDT")).toBe(units("99.5"));
    expect((await approve(proposalOf(proposed).id)).status).toBe(200);
    expect(await balanceOf(db(), depositor.user.id, "USDT")).toBe(units("200"));
  });

  it("a deposit approved at what the user declared, from the threshold on (summed with the administrator's 24 hours), and any deposit of one's own", async () => {
    const declare = async (token: string, amount: string) =>
      (await submitDeposit(token, { currency: "USDT", network: "TRC20", amount, txHash: txHash("TRC20") })).body
        .deposit as { id: string };
    const decide = (id: string, token = maker.token) => call(approveDepositRoute, { token, params: { id }, body: {} });
    const puppet = await registerUser();
    const large = await decide((await declare(puppet.token, "1000")).id);
    expect(large.status).toBe(202);
    expect(proposalOf(large).changes[0]).toEqual({ label: "Credited USDT", before: null, after: "1,000.000000" });
    expect(await balanceOf(db(), puppet.user.id, "USDT")).toBe(0n);
    const under = await registerUser();
    expect((await decide((await declare(under.token, "999.999999")).id)).status).toBe(200);
    // The next one for the same user, however small, reaches it with the first.
    expect((await decide((await declare(under.token, "10")).id)).status).toBe(202);
    // An administrator's own deposit.
    const own = await call(approveDepositRoute, {
      token: checker.token,
      params: { id: (await declare(maker.token, "10")).id },
      body: {},
    });
    expect(own.status).toBe(200);
    expect((await decide((await declare(checker.token, "10")).id)).status).toBe(200);
    expect((await decide((await declare(maker.token, "10")).id)).status).toBe(202);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("a withdrawal sent from the threshold on; a wrong hash is refused before anything is proposed", async () => {
    const user = await fundedUser("5000");
    const withdrawPassword = await readyToWithdraw(db(), user.token, user.id);
    const withdraw = async (amount: string) => {
      const res = await call(withdrawRoute, {
        token: user.token,
        body: { currency: "USDT", network: "TRC20", address: ADDRESSES.TRC20, amount, withdrawPassword },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body.withdrawal as { id: string }).id;
    };
    const small = await withdraw("999");
    expect(
      (await call(sendRoute, { token: maker.token, params: { id: small }, body: { txHash: txHash("TRC20") } })).status,
    ).toBe(200);
    const large = await withdraw("1000");
    expect(
      (await call(sendRoute, { token: maker.token, params: { id: large }, body: { txHash: "0xnot-a-hash" } })).status,
    ).toBe(400);
    const proposed = await call(sendRoute, {
      token: maker.token,
      params: { id: large },
      body: { txHash: txHash("TRC20") },
    });
    expect(proposed.status).toBe(202);
    expect(proposalOf(proposed).changes[0]).toEqual({ label: "Status", before: "pending", after: "sent" });
    expect((await approve(proposalOf(proposed).id)).body).toMatchObject({
      proposal: { status: "approved", result: { sent: "1000.000000" } },
    });
    expect(await checkLedger(db())).toEqual([]);
  });

  it("withdrawals sent for one user are summed: two of 998 by one administrator, the second waits", async () => {
    const user = await fundedUser("5000");
    const withdrawPassword = await readyToWithdraw(db(), user.token, user.id);
    const withdraw = async (amount: string) =>
      (
        await call(withdrawRoute, {
          token: user.token,
          body: { currency: "USDT", network: "TRC20", address: ADDRESSES.TRC20, amount, withdrawPassword },
        })
      ).body.withdrawal as { id: string };
    const send = async (id: string) =>
      call(sendRoute, { token: maker.token, params: { id }, body: { txHash: txHash("TRC20") } });
    const [first, second] = [await withdraw("998"), await withdraw("998")];
    expect((await send(first.id)).status).toBe(200);
    expect((await send(second.id)).status).toBe(202);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("a new wallet always; changing its address or memo or switching it on, not its fees", async () => {
    const input = walletInput({
      currency: "XAUT",
      network: "ERC20",
      address: ADDRESSES.ERC20,
      minDeposit: "0.01",
      minWithdraw: "0.01",
      withdrawFee: "0.0001",
      depositEnabled: false,
    });
    expect((await call(createWalletRoute, { token: maker.token, body: { ...input, address: "0x123" } })).status).toBe(
      400,
    );
    const proposed = await call(createWalletRoute, { token: maker.token, body: input });
    expect(proposed.status).toBe(202);
    expect(await db().select().from(wallets).where(eq(wallets.currency, "XAUT"))).toEqual([]);
    const approved = await approve(proposalOf(proposed).id);
    const walletId = (approved.body.proposal as { result: { walletId: string } }).result.walletId;
    const update = (body: Record<string, unknown>) =>
      call(updateWalletRoute, {
        method: "PUT",
        token: maker.token,
        params: { id: walletId },
        body: { ...input, ...body },
      });
    expect((await update({ withdrawFee: "0.0002" })).status).toBe(200);
    expect((await update({ withdrawFee: "0.0002", depositEnabled: false, withdrawEnabled: false })).status).toBe(200);
    expect((await update({ withdrawFee: "0.0002", withdrawEnabled: false, address: ADDRESSES.ETH })).status).toBe(202);
    expect((await update({ withdrawFee: "0.0002", withdrawEnabled: false, memo: "42" })).status).toBe(202);
    expect((await update({ withdrawFee: "0.0002", withdrawEnabled: false, depositEnabled: true })).status).toBe(202);
    const [saved] = await db().select().from(wallets).where(eq(wallets.id, walletId));
    expect(saved).toMatchObject({ address: ADDRESSES.ERC20, memo: null, depositEnabled: false });

    // A proposal holds only what it changes: approving a new address leaves alone what another
    // administrator switched off meanwhile, and the checker is shown that field alone.
    await db().update(wallets).set({ depositEnabled: true, withdrawEnabled: true }).where(eq(wallets.id, walletId));
    const move = await update({
      withdrawFee: "0.0003",
      withdrawEnabled: true,
      depositEnabled: true,
      address: ADDRESSES.ETH,
    });
    expect(move.status).toBe(202);
    expect(proposalOf(move).changes).toEqual([
      { label: "Deposit address", before: ADDRESSES.ERC20, after: ADDRESSES.ETH },
    ]);
    expect(move.body).toMatchObject({ wallet: { withdrawFee: "0.000300", address: ADDRESSES.ERC20 } });
    expect((await update({ withdrawFee: "0.0003", depositEnabled: false, withdrawEnabled: false })).status).toBe(200);
    expect((await approve(proposalOf(move).id)).status).toBe(200);
    const [moved] = await db().select().from(wallets).where(eq(wallets.id, walletId));
    expect(moved).toMatchObject({ address: ADDRESSES.ETH, depositEnabled: false, withdrawEnabled: false });

    // Two proposals from the same address: once one is approved, the other is stale.
    const first = await update({
      withdrawFee: "0.0003",
      depositEnabled: false,
      withdrawEnabled: false,
      address: ADDRESSES.ERC20,
    });
    const second = await update({
      withdrawFee: "0.0003",
      depositEnabled: false,
      withdrawEnabled: false,
      address: ADDRESSES.ETH,
      memo: "7",
    });
    expect((await approve(proposalOf(second).id)).status).toBe(200);
    expect((await approve(proposalOf(first).id)).status).toBe(200);
    const third = await update({ withdrawFee: "0.0003", depositEnabled: false, withdrawEnabled: false, memo: "9" });
    const rival = await update({ withdrawFee: "0.0003", depositEnabled: false, withdrawEnabled: false, memo: "8" });
    expect((await approve(proposalOf(rival).id)).status).toBe(200);
    const stale = await approve(proposalOf(third).id);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "PROPOSAL_STALE" });
    const [last] = await db().select().from(wallets).where(eq(wallets.id, walletId));
    expect(last).toMatchObject({ address: ADDRESSES.ERC20, memo: "8" });
  });

  it("an administrator's role or disabling once two are active; the only one appoints a second alone", async () => {
    // A database of its own would be cleaner; here, make the two of this test the only active ones.
    const [one, two] = [await signInAdmin(db()), await signInAdmin(db())];
    await db().update(users).set({ role: "user" }).where(eq(users.role, "admin"));
    await db().update(users).set({ role: "admin" }).where(eq(users.id, one.user.id));
    const candidate = await registerUser();
    expect(
      (
        await call(roleRoute, {
          method: "PUT",
          token: one.token,
          params: { id: candidate.user.id },
          body: { role: "admin" },
        })
      ).status,
    ).toBe(200);
    const third = await registerUser();
    const proposed = await call(roleRoute, {
      method: "PUT",
      token: one.token,
      params: { id: third.user.id },
      body: { role: "admin" },
    });
    expect(proposed.status).toBe(202);
    const [row] = await db().select({ role: users.role }).from(users).where(eq(users.id, third.user.id));
    expect(row!.role).toBe("user");
    expect(
      (
        await call(statusRoute, {
          method: "PUT",
          token: one.token,
          params: { id: candidate.user.id },
          body: { status: "disabled" },
        })
      ).status,
    ).toBe(202);
    // Disabling a user who is not an administrator is not money moving or redirected.
    expect(
      (
        await call(statusRoute, {
          method: "PUT",
          token: one.token,
          params: { id: third.user.id },
          body: { status: "disabled" },
        })
      ).status,
    ).toBe(200);
    await db().update(users).set({ role: "admin" }).where(eq(users.id, maker.user.id));
    await db().update(users).set({ role: "admin" }).where(eq(users.id, checker.user.id));
    await db().update(users).set({ role: "admin" }).where(eq(users.id, two.user.id));
  });
});

describe("what a decision is, held by the database too", () => {
  it("a decided proposal never changes: rejecting an approved one is refused, by the app and by the database", async () => {
    const user = await fundedUser();
    const id = proposalOf(await adjust(user.id, { amount: "2500" })).id;
    expect((await approve(id)).status).toBe(200);
    const late = await call(rejectRoute, { token: maker.token, params: { id }, body: { reason: "Changed my mind" } });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: "ALREADY_DECIDED" });
    await expect(
      db().update(proposals).set({ status: "rejected", outcome: "forged" }).where(eq(proposals.id, id)),
    ).rejects.toThrow();
    const [row] = await db().select().from(proposals).where(eq(proposals.id, id));
    expect(row).toMatchObject({ status: "approved", decidedBy: checker.user.id, outcome: null });
    expect(await balanceOf(db(), user.id, "USDT")).toBe(units("2500"));
  });

  it("maker ≠ checker is a constraint: the database refuses an approval or failure decided by the proposer, and lets the proposer withdraw", async () => {
    const user = await fundedUser();
    for (const status of ["approved", "failed"] as const) {
      const id = proposalOf(await adjust(user.id, { amount: "2500" })).id;
      await expect(
        db()
          .update(proposals)
          .set({ status, decidedBy: maker.user.id, decidedAt: new Date() })
          .where(eq(proposals.id, id)),
      ).rejects.toThrow();
      await db()
        .update(proposals)
        .set({ status, decidedBy: checker.user.id, decidedAt: new Date() })
        .where(eq(proposals.id, id));
    }
    const own = proposalOf(await adjust(user.id, { amount: "2500" })).id;
    await db()
      .update(proposals)
      .set({ status: "rejected", decidedBy: maker.user.id, decidedAt: new Date() })
      .where(eq(proposals.id, own));
  });

  it("lives exactly 24 hours by the clock it is given, and the expiry sweep leaves decided proposals as they were decided", async () => {
    const user = await fundedUser();
    const actor = { id: maker.user.id, ip: null };
    const checkerActor = { id: checker.user.id, ip: null };
    const credit = { userId: user.id, amount: "2500", operation: "credit" as const, reason: "Old", asset: "USDT" };
    const then = new Date(Date.now() - 3 * DAY_MS);
    const propose = async () =>
      (await runTransaction(db(), (tx) => proposalFor(tx, "balance.adjust", credit, actor, then)))!.id;
    const [approved, rejected, lapsed] = [await propose(), await propose(), await propose()];
    const decidedAt = new Date(then.getTime() + 60_000);
    await approveProposal(db(), approved, checkerActor, decidedAt);
    await rejectProposal(db(), rejected, { reason: "Not needed" }, checkerActor, decidedAt);
    // A day less a millisecond: still pending, and approvable; at the day: expired.
    expect(await expireProposals(db(), new Date(then.getTime() + DAY_MS - 1))).toBe(0);
    await expect(approveProposal(db(), lapsed, checkerActor, new Date(then.getTime() + DAY_MS))).rejects.toMatchObject({
      code: "PROPOSAL_EXPIRED",
    });
    expect(await expireProposals(db(), new Date(then.getTime() + DAY_MS))).toBeGreaterThanOrEqual(1);
    expect(await expireProposals(db())).toBe(0);
    const statuses = await db()
      .select({ id: proposals.id, status: proposals.status })
      .from(proposals)
      .where(eq(proposals.userId, user.id));
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [approved]: "approved",
      [rejected]: "rejected",
      [lapsed]: "expired",
    });
    const listed = await listProposals(db(), { status: "approved", page: 1, pageSize: 100 }, new Date());
    expect(listed.proposals.map((p) => p.id)).toContain(approved);
    expect(await balanceOf(db(), user.id, "USDT")).toBe(units("2500"));
  });
});
