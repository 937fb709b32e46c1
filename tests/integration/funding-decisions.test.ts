import { and, asc, eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as approveRoute } from "@/app/api/admin/deposits/[id]/approve/route";
import { POST as rejectDepositRoute } from "@/app/api/admin/deposits/[id]/reject/route";
import { POST as rejectWithdrawalRoute } from "@/app/api/admin/withdrawals/[id]/reject/route";
import { POST as sendRoute } from "@/app/api/admin/withdrawals/[id]/send/route";
import { POST as cancelRoute } from "@/app/api/withdrawals/[id]/cancel/route";
import { POST as withdrawRoute } from "@/app/api/withdrawals/route";
import { accountEvents, auditLogs, deposits, entries, journals } from "@/db/schema";
import { publish } from "@/lib/realtime/publish";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { ADDRESSES, createWallet, readyToWithdraw, submitDeposit, txHash } from "../support/funding";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { units } from "../support/prices";
import { startRealtimeServer, type TestRealtimeServer } from "../support/realtime";
import { collect, registeredSocket } from "../support/sockets";
import { registerUser } from "../support/users";

/**
 * What each decision on a deposit or a withdrawal leaves behind besides the balance: the audit row
 * (who, from where, and the detail), the owner's account event (its kind and facts), the journal's
 * memo and legs, the `balance` event the owner's screens re-read on, and the refusals' sentences.
 */
const db = withTestDatabase();
let server: TestRealtimeServer;
let admin: { token: string; id: string };
const ADMIN_IP = "198.51.100.7";
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startRealtimeServer();
  const a = await signInAdmin(db());
  admin = { token: a.token, id: a.user.id };
  expect((await createWallet(admin.token)).status).toBe(201);
});
afterEach(() => {
  sockets.splice(0).forEach((s) => s.disconnect());
});
afterAll(() => server.close());

/** A user with a registered socket, and the `balance` events it has heard once all published so far arrived. */
async function listening() {
  const { user, token } = await registerUser();
  const socket = await registeredSocket(server.url, token, user.id);
  sockets.push(socket);
  const heard = collect<Record<string, unknown>>(socket, "balance");
  const events = async () => {
    const marker = new Promise<void>((resolve) => socket.once("marker", () => resolve()));
    await publish(db(), { to: { userId: user.id }, event: "marker", data: null });
    await marker;
    return heard;
  };
  return { id: user.id, token, events };
}

const auditOf = async (action: string, targetId: string) =>
  await db()
    .select({
      actorId: auditLogs.actorId,
      targetType: auditLogs.targetType,
      detail: auditLogs.detail,
      ip: auditLogs.ip,
    })
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.targetId, targetId)));
const activityOf = async (userId: string, kind: string) =>
  await db()
    .select({ actorId: accountEvents.actorId, facts: accountEvents.facts, reason: accountEvents.reason })
    .from(accountEvents)
    .where(and(eq(accountEvents.userId, userId), eq(accountEvents.kind, kind)));
const journalsOf = async (reference: string) =>
  await db()
    .select({ id: journals.id, kind: journals.kind, memo: journals.memo, actorId: journals.actorId })
    .from(journals)
    .where(eq(journals.reference, reference))
    .orderBy(asc(journals.createdAt));
const labelsOf = async (journalId: string) =>
  (
    await db()
      .select({ label: entries.label, amount: entries.amount })
      .from(entries)
      .where(eq(entries.journalId, journalId))
  )
    .filter((e) => e.label !== null)
    .map((e) => [e.label, e.amount]);

describe("a deposit", () => {
  it("approved at a corrected amount is audited with both amounts, told to its owner as corrected, journaled with its hash, and announced", async () => {
    const owner = await listening();
    const hash = txHash("TRC20");
    const id = (
      (await submitDeposit(owner.token, { currency: "USDT", network: "TRC20", amount: "250.5", txHash: hash })).body
        .deposit as { id: string }
    ).id;
    const approve = (body: Record<string, unknown>) =>
      call(approveRoute, { token: admin.token, params: { id }, body, ip: ADMIN_IP });

    expect((await approve({ amount: "240" })).body).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "Say why the credited amount differs from the claimed one",
      errors: { reason: ["Required when the amount is corrected"] },
    });
    const before = Date.now();
    const approved = await approve({ amount: "240", reason: "Fee taken on chain" });
    expect(approved.body.deposit).toMatchObject({
      status: "approved",
      amount: "250.500000",
      creditedAmount: "240.000000",
      reason: "Fee taken on chain",
    });
    // Decided now: the time is written with the decision.
    const decidedAt = Date.parse((approved.body.deposit as { decidedAt: string }).decidedAt);
    expect(decidedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(decidedAt).toBeLessThanOrEqual(Date.now());

    const [journal] = await journalsOf(id);
    expect(journal).toEqual({ id: expect.any(String), kind: "deposit", memo: `TRC20 ${hash}`, actorId: admin.id });
    expect(
      (await db().select({ journalId: deposits.journalId }).from(deposits).where(eq(deposits.id, id)))[0]!.journalId,
    ).toBe(journal!.id);
    expect(await auditOf("deposit.approve", id)).toEqual([
      {
        actorId: admin.id,
        targetType: "deposit",
        ip: ADMIN_IP,
        detail: {
          userId: owner.id,
          claimed: "250.500000",
          credited: "240.000000",
          reason: "Fee taken on chain",
          journalId: journal!.id,
        },
      },
    ]);
    expect(await activityOf(owner.id, "deposit.corrected")).toEqual([
      {
        actorId: admin.id,
        reason: "Fee taken on chain",
        facts: { amount: "240.000000", claimed: "250.500000", asset: "USDT", network: "TRC20" },
      },
    ]);
    expect(await activityOf(owner.id, "deposit.credited")).toEqual([]);
    expect(await owner.events()).toMatchObject([{ reason: "deposit.approved", depositId: id }]);

    expect((await approve({})).body).toMatchObject({
      code: "ALREADY_DECIDED",
      message: "This deposit was already approved",
    });
    expect(
      (await call(rejectDepositRoute, { token: admin.token, params: { id }, body: { reason: "late" } })).body,
    ).toMatchObject({ code: "ALREADY_DECIDED", message: "This deposit was already approved" });
  });

  it("approved as claimed is audited without a reason and told as credited", async () => {
    const owner = await listening();
    const id = (
      (await submitDeposit(owner.token, { currency: "USDT", network: "TRC20", amount: "75", txHash: txHash("TRC20") }))
        .body.deposit as { id: string }
    ).id;
    expect(
      (await call(approveRoute, { token: admin.token, params: { id }, body: { amount: "75.000000" }, ip: ADMIN_IP }))
        .status,
    ).toBe(200);
    const [journal] = await journalsOf(id);
    expect((await auditOf("deposit.approve", id))[0]!.detail).toEqual({
      userId: owner.id,
      claimed: "75.000000",
      credited: "75.000000",
      reason: null,
      journalId: journal!.id,
    });
    expect(await activityOf(owner.id, "deposit.credited")).toEqual([
      {
        actorId: admin.id,
        reason: null,
        facts: { amount: "75.000000", claimed: "75.000000", asset: "USDT", network: "TRC20" },
      },
    ]);
  });

  it("rejected is audited with its reason and told to its owner; an unknown one is not found", async () => {
    const owner = await listening();
    const id = (
      (
        await submitDeposit(owner.token, {
          currency: "USDT",
          network: "TRC20",
          amount: "30.25",
          txHash: txHash("TRC20"),
        })
      ).body.deposit as { id: string }
    ).id;
    expect(
      (
        await call(rejectDepositRoute, {
          token: admin.token,
          params: { id },
          body: { reason: "No such transfer" },
          ip: ADMIN_IP,
        })
      ).body.deposit,
    ).toMatchObject({ status: "rejected", reason: "No such transfer" });
    expect(await auditOf("deposit.reject", id)).toEqual([
      {
        actorId: admin.id,
        targetType: "deposit",
        ip: ADMIN_IP,
        detail: { userId: owner.id, reason: "No such transfer" },
      },
    ]);
    expect(await activityOf(owner.id, "deposit.rejected")).toEqual([
      {
        actorId: admin.id,
        reason: "No such transfer",
        facts: { amount: "30.250000", asset: "USDT", network: "TRC20" },
      },
    ]);
    expect(await journalsOf(id)).toEqual([]);
    expect(await owner.events()).toEqual([]);

    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await call(approveRoute, { token: admin.token, params: { id: unknown }, body: {} })).body).toMatchObject({
      code: "NOT_FOUND",
      message: "Deposit not found",
    });
    expect(
      (await call(rejectDepositRoute, { token: admin.token, params: { id: unknown }, body: { reason: "x" } })).body,
    ).toMatchObject({ code: "NOT_FOUND", message: "Deposit not found" });
  });
});

describe("a withdrawal", () => {
  /** A listening owner with 100 USDT, their password ready, and a pending withdrawal of 40 (fee 1). */
  async function pending() {
    const owner = await listening();
    await fund(db(), owner.id, "USDT", units("100"));
    const withdrawPassword = await readyToWithdraw(db(), owner.token, owner.id);
    const res = await call(withdrawRoute, {
      token: owner.token,
      body: { currency: "USDT", network: "TRC20", address: ADDRESSES.TRC20, amount: "40", withdrawPassword },
    });
    expect(res.status).toBe(201);
    return { owner, id: (res.body.withdrawal as { id: string }).id };
  }

  it("requested is told to its owner with amount, fee and address, journaled, and announced", async () => {
    const { owner, id } = await pending();
    expect(await activityOf(owner.id, "withdrawal.requested")).toEqual([
      {
        actorId: null,
        reason: null,
        facts: { amount: "40.000000", fee: "1.000000", asset: "USDT", network: "TRC20", address: ADDRESSES.TRC20 },
      },
    ]);
    expect((await journalsOf(id)).map((j) => [j.kind, j.memo])).toEqual([["withdrawal", "requested"]]);
    expect(await owner.events()).toMatchObject([{ reason: "withdrawal.requested", withdrawalId: id }]);
  });

  it("sent needs a hash of its network, then is journaled as sent and fee, audited with the hash, told and announced", async () => {
    const { owner, id } = await pending();
    const send = (hash: string, target = id) =>
      call(sendRoute, { token: admin.token, params: { id: target }, body: { txHash: hash }, ip: ADMIN_IP });
    expect((await send(`0x${"ab".repeat(32)}`)).body).toMatchObject({
      code: "INVALID_TX_HASH",
      message: "A TRC20 transaction hash is 64 hexadecimal characters",
      errors: { txHash: ["Expected 64 hexadecimal characters"] },
    });
    expect((await send("ab".repeat(32), "00000000-0000-4000-8000-000000000000")).body).toMatchObject({
      code: "NOT_FOUND",
      message: "Withdrawal not found",
    });

    const hash = "cd".repeat(32);
    expect((await send(hash)).body.withdrawal).toMatchObject({ status: "sent", txHash: hash });
    const [, sent] = await journalsOf(id);
    expect(sent).toMatchObject({ kind: "withdrawal", memo: `sent TRC20 ${hash}`, actorId: admin.id });
    expect((await labelsOf(sent!.id)).sort()).toEqual([
      ["Fee", -units("1")],
      ["Sent", -units("40")],
    ]);
    expect(await auditOf("withdrawal.send", id)).toEqual([
      { actorId: admin.id, targetType: "withdrawal", ip: ADMIN_IP, detail: { userId: owner.id, txHash: hash } },
    ]);
    expect(await activityOf(owner.id, "withdrawal.sent")).toEqual([
      {
        actorId: admin.id,
        reason: null,
        facts: { amount: "40.000000", asset: "USDT", network: "TRC20", address: ADDRESSES.TRC20, txHash: hash },
      },
    ]);
    expect((await owner.events()).slice(1)).toMatchObject([{ reason: "withdrawal.sent", withdrawalId: id }]);
    expect((await send("ef".repeat(32))).body).toMatchObject({
      code: "ALREADY_DECIDED",
      message: "This withdrawal was already sent",
    });
  });

  it("rejected returns its hold with the memo rejected, audited with the reason, told and announced; an unknown one is not found, a second rejection is refused by name", async () => {
    const { owner, id } = await pending();
    const reject = (target: string, reason: string) =>
      call(rejectWithdrawalRoute, { token: admin.token, params: { id: target }, body: { reason }, ip: ADMIN_IP });
    expect((await reject(id, "Address on a sanctions list")).status).toBe(200);
    expect((await journalsOf(id)).map((j) => j.memo)).toEqual(["requested", "rejected"]);
    expect(await auditOf("withdrawal.reject", id)).toEqual([
      {
        actorId: admin.id,
        targetType: "withdrawal",
        ip: ADMIN_IP,
        detail: { userId: owner.id, reason: "Address on a sanctions list" },
      },
    ]);
    expect(await activityOf(owner.id, "withdrawal.rejected")).toEqual([
      {
        actorId: admin.id,
        reason: "Address on a sanctions list",
        facts: { amount: "40.000000", asset: "USDT", network: "TRC20" },
      },
    ]);
    expect((await owner.events()).slice(1)).toMatchObject([{ reason: "withdrawal.rejected", withdrawalId: id }]);
    // A rejection has no second administrator's review before it: these sentences are the decision's own.
    expect((await reject("00000000-0000-4000-8000-000000000000", "x")).body).toMatchObject({
      code: "NOT_FOUND",
      message: "Withdrawal not found",
    });
    expect((await reject(id, "again")).body).toMatchObject({
      code: "ALREADY_DECIDED",
      message: "This withdrawal was already rejected",
    });
  });

  it("cancelled by its owner returns its hold with the memo cancelled and is announced; someone else's is not found", async () => {
    const { owner, id } = await pending();
    const stranger = await registerUser();
    expect((await call(cancelRoute, { token: stranger.token, params: { id } })).body).toMatchObject({
      code: "NOT_FOUND",
      message: "Withdrawal not found",
    });
    expect((await call(cancelRoute, { token: owner.token, params: { id } })).status).toBe(200);
    expect((await journalsOf(id)).map((j) => j.memo)).toEqual(["requested", "cancelled"]);
    expect((await owner.events()).slice(1)).toMatchObject([{ reason: "withdrawal.cancelled", withdrawalId: id }]);
    expect((await call(cancelRoute, { token: owner.token, params: { id } })).body).toMatchObject({
      code: "ALREADY_DECIDED",
      message: "This withdrawal was already cancelled",
    });
  });
});
