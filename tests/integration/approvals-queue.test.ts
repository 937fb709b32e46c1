import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDbHandle } from "@/db/client";
import { auditLogs, proposals, users } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { PROPOSAL_TTL_MS } from "@/lib/approvals/policy";
import {
  approveProposal,
  listProposals,
  pendingProposals,
  proposalFor,
  readsOneView,
  rejectProposal,
} from "@/lib/approvals/proposals";
import { AppError } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { CHANNEL, envelopeReader, type Envelope } from "@/lib/realtime/channel";
import { withTestDatabase } from "../support/db";
import { fund } from "../support/ledger";
import { units } from "../support/prices";
import { uniqueName } from "../support/users";

// The queue of proposals as the administrators follow it: what is stored and audited when an action
// becomes a proposal, who is told when the queue changes, what the dashboard counts, and a kind this
// version does not know. On a database of its own, so the administrators are known.
const db = withTestDatabase();

/** A user row (no password to hash: these tests never sign in, and Stryker repeats the set-up per mutant). */
const person = async (role: "admin" | "user") => {
  const username = uniqueName(role);
  const id = newId();
  await db()
    .insert(users)
    .values({ id, username, email: `${username}@aurum.local`, passwordHash: "-", role, referralCode: username });
  return { id };
};

let maker: { id: string; ip: string | null };
let checker: { id: string; ip: string | null };
let other: string;
let disabled: string;
let user: string;

beforeAll(async () => {
  const [a, b, c, d, u] = [
    await person("admin"),
    await person("admin"),
    await person("admin"),
    await person("admin"),
    await person("user"),
  ];
  maker = { id: a.id, ip: "198.51.100.7" };
  checker = { id: b.id, ip: null };
  other = c.id;
  disabled = d.id;
  user = u.id;
  await db().update(users).set({ status: "disabled" }).where(eq(users.id, disabled));
  await fund(db(), user, "USDT", units("5000"));
});

const credit = (amount: string, reason = "Goodwill") => ({
  userId: user,
  amount,
  operation: "credit" as const,
  reason,
  asset: "USDT",
});
const propose = (amount: string, at = new Date(), reason?: string) =>
  runTransaction(db(), (tx) => proposalFor(tx, "balance.adjust", credit(amount, reason), maker, at));

/** Every "approvals" event on the channel until `stop`, by whom it is for. */
let heard: { to: unknown; data: unknown }[] = [];
let stopHearing: (() => Promise<void>) | null = null;
async function hearing() {
  heard = [];
  const read = envelopeReader((e: Envelope) => {
    if (e.kind === "emit" && e.event === "approvals") heard.push({ to: e.to, data: e.data });
  });
  stopHearing = await (await getDbHandle()).listen(CHANNEL, read);
}
afterEach(async () => {
  await stopHearing?.();
  stopHearing = null;
});
async function until(count: number) {
  for (let waited = 0; heard.length < count && waited < 10_000; waited += 20)
    await new Promise((r) => setTimeout(r, 20));
  // A moment more, so an event too many would show.
  await new Promise((r) => setTimeout(r, 200));
}
const byUser = (events: typeof heard) =>
  events.map((e) => ({ ...(e.to as { userId: string }), data: e.data })).sort((x, y) => (x.userId < y.userId ? -1 : 1));

describe("an action that becomes a proposal", () => {
  it("stores what the maker saw, for a day from the clock given, and audits it with the maker's address", async () => {
    const at = new Date(Date.now() - 60_000);
    const view = (await propose("1500", at, "Launch bonus"))!;
    const [row] = await db().select().from(proposals).where(eq(proposals.id, view.id));
    expect(row).toMatchObject({
      kind: "balance.adjust",
      status: "pending",
      payload: credit("1500", "Launch bonus"),
      reason: "Launch bonus",
      userId: user,
      proposedBy: maker.id,
      proposedAt: at,
      expiresAt: new Date(at.getTime() + PROPOSAL_TTL_MS),
      decidedBy: null,
    });
    expect(PROPOSAL_TTL_MS).toBe(24 * 60 * 60_000);
    expect(row!.change).toEqual({ summary: view.summary, changes: view.changes });
    const [logged] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "approval.propose"), eq(auditLogs.targetId, view.id)));
    expect(logged).toMatchObject({
      actorId: maker.id,
      targetType: "proposal",
      ip: "198.51.100.7",
      detail: { kind: "balance.adjust", summary: view.summary, changes: view.changes, reason: "Launch bonus" },
    });
  });

  it("stores the payload its rule gives when that is not the input (the state it was proposed from)", async () => {
    const candidate = await person("user");
    const view = (await runTransaction(db(), (tx) =>
      proposalFor(tx, "user.role", { userId: candidate.id, role: "admin" }, maker),
    ))!;
    const [row] = await db().select().from(proposals).where(eq(proposals.id, view.id));
    expect(row).toMatchObject({
      kind: "user.role",
      payload: { userId: candidate.id, role: "admin", before: "user" },
      reason: null,
      userId: candidate.id,
    });
    const [logged] = await db()
      .select({ detail: auditLogs.detail })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "approval.propose"), eq(auditLogs.targetId, view.id)));
    expect(logged!.detail).toMatchObject({ kind: "user.role", reason: null });
  });

  it("is nothing at all when the action may act at once", async () => {
    const before = await pendingProposals(db());
    expect(await propose("10")).toBeNull();
    expect(await pendingProposals(db())).toBe(before);
  });
});

describe("the queue's followers", () => {
  it("every other active administrator hears of a proposal, its approval and its rejection; the actor and a disabled one do not", async () => {
    await hearing();
    const told = (ids: string[], id: string, status: string) =>
      ids.sort().map((userId) => ({ userId, data: { id, kind: "balance.adjust", status } }));
    const first = (await propose("2000"))!;
    await until(2);
    expect(byUser(heard.slice(0))).toEqual(told([checker.id, other], first.id, "pending"));
    await approveProposal(db(), first.id, checker);
    await until(4);
    expect(byUser(heard.slice(2))).toEqual(told([maker.id, other], first.id, "approved"));
    const second = (await propose("2000"))!;
    await until(6);
    await rejectProposal(db(), second.id, { reason: "Twice" }, { id: other, ip: null });
    await until(8);
    expect(byUser(heard.slice(6))).toEqual(told([maker.id, checker.id], second.id, "rejected"));
    expect(heard).toHaveLength(8);
  });
});

describe("deciding", () => {
  it("audits an approval with what it did, a failure with the refusal, a rejection with its reason", async () => {
    const done = (await propose("1200"))!;
    const approved = await approveProposal(db(), done.id, { id: checker.id, ip: "198.51.100.9" });
    expect(approved.failure).toBeNull();
    expect(approved.proposal).toMatchObject({ status: "approved", outcome: null, result: expect.any(Object) });
    const debit = { userId: user, amount: "1000000", operation: "debit" as const, reason: "Too much", asset: "USDT" };
    const failing = (await runTransaction(db(), (tx) => proposalFor(tx, "balance.adjust", debit, maker)))!;
    const failed = await approveProposal(db(), failing.id, checker);
    expect(failed.failure).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect(failed.proposal).toMatchObject({ status: "failed", outcome: failed.failure!.message, result: null });
    const refused = (await propose("1300"))!;
    await rejectProposal(db(), refused.id, { reason: "No ticket" }, checker);

    const log = async (id: string) =>
      (await db().select().from(auditLogs).where(eq(auditLogs.targetId, id)).orderBy(asc(auditLogs.seq))).map((r) => ({
        action: r.action,
        actorId: r.actorId,
        ip: r.ip,
        detail: r.detail,
      }));
    expect((await log(done.id))[1]).toEqual({
      action: "approval.approve",
      actorId: checker.id,
      ip: "198.51.100.9",
      detail: { kind: "balance.adjust", proposedBy: maker.id, result: approved.proposal.result },
    });
    expect((await log(failing.id))[1]).toEqual({
      action: "approval.fail",
      actorId: checker.id,
      ip: null,
      detail: {
        kind: "balance.adjust",
        proposedBy: maker.id,
        error: "INSUFFICIENT_FUNDS",
        message: failed.failure!.message,
      },
    });
    expect((await log(refused.id))[1]).toEqual({
      action: "approval.reject",
      actorId: checker.id,
      ip: null,
      detail: { kind: "balance.adjust", proposedBy: maker.id, reason: "No ticket" },
    });
  });

  it("refuses a proposal that is not there, and one of a kind this version cannot carry out", async () => {
    const missing = newId();
    await expect(approveProposal(db(), missing, checker)).rejects.toMatchObject({
      status: 404,
      message: "Proposal not found",
    });
    await expect(rejectProposal(db(), missing, { reason: "x" }, checker)).rejects.toMatchObject({ status: 404 });
    expect(await readsOneView(db(), missing)).toBe(false);

    const now = new Date();
    const [future] = await db()
      .insert(proposals)
      .values({
        id: newId(),
        kind: "vault.move",
        payload: {},
        change: { summary: "Move the vault", changes: [] },
        proposedBy: maker.id,
        proposedAt: now,
        expiresAt: new Date(now.getTime() + PROPOSAL_TTL_MS),
      })
      .returning();
    expect(await readsOneView(db(), future!.id)).toBe(false);
    await expect(approveProposal(db(), future!.id, checker)).rejects.toMatchObject({
      status: 409,
      code: "UNKNOWN_KIND",
      message: "This version cannot carry out a proposal of kind vault.move",
    });
    const [still] = await db().select().from(proposals).where(eq(proposals.id, future!.id));
    expect(still).toMatchObject({ status: "pending", decidedBy: null });
    // A stored payload its rule no longer takes is an error of the app, not a decision: nothing is recorded.
    const [garbled] = await db()
      .insert(proposals)
      .values({
        id: newId(),
        kind: "balance.adjust",
        payload: { userId: user, amount: "-5" },
        change: { summary: "Garbled", changes: [] },
        proposedBy: maker.id,
        proposedAt: now,
        expiresAt: new Date(now.getTime() + PROPOSAL_TTL_MS),
      })
      .returning();
    await expect(approveProposal(db(), garbled!.id, checker)).rejects.not.toBeInstanceOf(AppError);
    const [kept] = await db().select().from(proposals).where(eq(proposals.id, garbled!.id));
    expect(kept).toMatchObject({ status: "pending", decidedBy: null, outcome: null });
    // Anyone may still reject it.
    expect(await rejectProposal(db(), future!.id, { reason: "Unknown here" }, checker)).toMatchObject({
      status: "rejected",
      kindLabel: "vault.move",
    });
  });

  it("is never the maker's, never twice, and never at or after its expiry; the view names maker and checker", async () => {
    const at = new Date();
    const p = (await propose("1150", at))!;
    await expect(approveProposal(db(), p.id, maker, at)).rejects.toMatchObject({
      status: 403,
      code: "SAME_ADMIN",
      message: "You proposed this: another administrator has to approve it",
    });
    const { proposal } = await approveProposal(db(), p.id, checker, at);
    const nameOf = async (id: string) =>
      (await db().select({ username: users.username }).from(users).where(eq(users.id, id)))[0]!.username;
    expect(proposal).toMatchObject({
      status: "approved",
      proposedBy: await nameOf(maker.id),
      decidedBy: await nameOf(checker.id),
    });
    const twice = { status: 409, code: "ALREADY_DECIDED", message: "This proposal was already approved" };
    await expect(approveProposal(db(), p.id, { id: other, ip: null }, at)).rejects.toMatchObject(twice);
    await expect(rejectProposal(db(), p.id, { reason: "Late" }, { id: other, ip: null }, at)).rejects.toMatchObject(
      twice,
    );

    // Its day ends at expiresAt exactly: a millisecond before, it may still be decided; at it, not.
    const lapsing = (await propose("1160", at))!;
    const end = new Date(at.getTime() + PROPOSAL_TTL_MS);
    const expired = {
      status: 409,
      code: "PROPOSAL_EXPIRED",
      message: "This proposal expired: it waited more than 24 hours. Propose it again if it is still wanted.",
    };
    await expect(approveProposal(db(), lapsing.id, checker, end)).rejects.toMatchObject(expired);
    await expect(rejectProposal(db(), lapsing.id, { reason: "x" }, checker, end)).rejects.toMatchObject(expired);
    const justInTime = await approveProposal(db(), lapsing.id, checker, new Date(end.getTime() - 1));
    expect(justInTime.proposal).toMatchObject({
      status: "approved",
      decidedAt: new Date(end.getTime() - 1).toISOString(),
    });
    const [row] = await db().select().from(proposals).where(eq(proposals.id, lapsing.id));
    expect(row).toMatchObject({ status: "approved", decidedBy: checker.id });
  });

  it("approves in the caller's transaction as the route does, and a snapshot from one view on its own", async () => {
    const money = (await propose("1170"))!;
    const inside = await runTransaction(db(), (tx) => approveProposal(tx, money.id, checker));
    expect(inside).toMatchObject({ failure: null, proposal: { status: "approved" } });
    // A proof snapshot refuses to be taken outside REPEATABLE READ: approved on its own, it opens one.
    const snapshot = (await runTransaction(db(), (tx) => proposalFor(tx, "proof.snapshot", {}, maker)))!;
    const taken = await approveProposal(db(), snapshot.id, checker);
    expect(taken).toMatchObject({ failure: null, proposal: { status: "approved", result: expect.any(Object) } });
  });

  it("reads the books from one view only for the kinds that need it (a proof snapshot)", async () => {
    const money = (await propose("1100"))!;
    expect(await readsOneView(db(), money.id)).toBe(false);
    const snapshot = (await runTransaction(db(), (tx) => proposalFor(tx, "proof.snapshot", {}, maker)))!;
    expect(await readsOneView(db(), snapshot.id)).toBe(true);
  });
});

describe("the queue as listed", () => {
  it("counts what is pending for the dashboard, newest first by page, past ones expired first", async () => {
    // After every other proposal of the file, so they list first.
    const base = new Date(Date.now() + 60_000);
    const at = (minutes: number) => new Date(base.getTime() + minutes * 60_000);
    const pendingBefore = await pendingProposals(db());
    const ids = [
      (await propose("1001", at(1)))!.id,
      (await propose("1002", at(2)))!.id,
      (await propose("1003", at(3)))!.id,
    ];
    expect(await pendingProposals(db())).toBe(pendingBefore + 3);
    const page = await listProposals(db(), { status: "pending", page: 1, pageSize: 2 });
    expect(page.proposals.map((p) => p.id)).toEqual([ids[2], ids[1]]);
    expect(page.total).toBe(pendingBefore + 3);
    expect(page.proposals[0]).toMatchObject({ proposedBy: expect.stringMatching(/^admin_/), decidedBy: null });
    // A day after the last of them, none is pending.
    expect(await pendingProposals(db(), new Date(at(3).getTime() + PROPOSAL_TTL_MS))).toBe(0);
    const expired = await listProposals(db(), { status: "expired", page: 1, pageSize: 100 });
    expect(expired.proposals.map((p) => p.id)).toEqual(expect.arrayContaining(ids));
  });
});
