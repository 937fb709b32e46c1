import { and, count, desc, eq, lte, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "@/db/client";
import { PROPOSAL_STATUSES, proposals, users, type Proposal } from "@/db/schema";
import { inSavepoint, isTransaction, runTransaction } from "@/db/transaction";
import { audit } from "@/lib/audit";
import { AppError, conflict, forbidden, notFound } from "@/lib/core/errors";
import { onePage, pageInfo, paginationSchema, queryParam } from "@/lib/core/query";
import { newId } from "@/lib/core/ids";
import { publish } from "@/lib/realtime/publish";
import { isProposalKind, RULES, type Payloads, type ProposalKind } from "./registry";
import type { Actor, Change, Context, Prepared, Rule } from "./rule";
import { PROPOSAL_TTL_MS } from "./policy";

export const rejectProposalSchema = z
  .object({
    reason: z
      .string({ error: "Please give a reason" })
      .trim()
      .min(1, "Please give a reason")
      .max(500, "The reason can be at most 500 characters"),
  })
  .strict();

export const proposalQuerySchema = paginationSchema.extend({
  status: queryParam(
    z.enum(PROPOSAL_STATUSES, { error: `status must be one of ${PROPOSAL_STATUSES.join(", ")}` }).default("pending"),
  ),
});

/** Tells every other active administrator that the queue changed, so their screens follow. */
async function announce(tx: Db, proposal: Proposal, actorId: string): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.status, "active"), ne(users.id, actorId)));
  for (const admin of admins) {
    await publish(tx, {
      to: { userId: admin.id },
      event: "approvals",
      data: { id: proposal.id, kind: proposal.kind, status: proposal.status },
    });
  }
}

/**
 * Runs the gate of an action that moves or redirects money: when it needs a second administrator
 * (see each kind's review in ./rules), records a pending proposal and answers it; otherwise
 * answers null and the caller acts at once. Call it in the transaction the action would run in.
 */
export async function proposalFor<K extends ProposalKind>(
  tx: Db,
  kind: K,
  payload: Payloads[K],
  actor: Actor,
  now = new Date(),
  prepared?: Prepared,
) {
  const review = await RULES[kind].review(tx, payload, { actor, now, prepared });
  if (!review) return null;
  const [row] = await tx
    .insert(proposals)
    .values({
      id: newId(),
      kind,
      payload: review.payload ?? payload,
      change: { summary: review.summary, changes: review.changes },
      reason: review.reason ?? null,
      userId: review.userId ?? null,
      proposedBy: actor.id,
      proposedAt: now,
      expiresAt: new Date(now.getTime() + PROPOSAL_TTL_MS),
    })
    .returning();
  await audit(tx, {
    actorId: actor.id,
    action: "approval.propose",
    target: { type: "proposal", id: row!.id },
    detail: { kind, summary: review.summary, changes: review.changes, reason: review.reason ?? null },
    ip: actor.ip,
  });
  await announce(tx, row!, actor.id);
  return proposalView(row!, null, null);
}

export type ProposalView = ReturnType<typeof proposalView>;

export function proposalView(p: Proposal, proposedBy: string | null, decidedBy: string | null) {
  const change = p.change as { summary: string; changes: Change[] };
  return {
    id: p.id,
    kind: p.kind,
    kindLabel: isProposalKind(p.kind) ? RULES[p.kind].label : p.kind,
    status: p.status,
    summary: change.summary,
    changes: change.changes,
    reason: p.reason,
    userId: p.userId,
    proposedBy,
    proposedById: p.proposedBy,
    proposedAt: p.proposedAt.toISOString(),
    expiresAt: p.expiresAt.toISOString(),
    decidedBy,
    decidedAt: p.decidedAt?.toISOString() ?? null,
    outcome: p.outcome,
    /** What the approved action answered (ids, amounts). */
    result: p.result as Record<string, unknown> | null,
  };
}

/** Pending proposals past their 24 hours become expired (done before any read of the queue). */
export async function expireProposals(db: Db, now = new Date()): Promise<number> {
  const lapsed = await db
    .update(proposals)
    .set({ status: "expired" })
    .where(and(eq(proposals.status, "pending"), lte(proposals.expiresAt, now)))
    .returning({ id: proposals.id });
  return lapsed.length;
}

const proposer = alias(users, "proposer");
const decider = alias(users, "decider");

export async function listProposals(db: Db, query: z.infer<typeof proposalQuerySchema>, now = new Date()) {
  await expireProposals(db, now);
  const where = eq(proposals.status, query.status);
  const [rows, [total]] = await Promise.all([
    onePage(
      db
        .select({ p: proposals, proposedBy: proposer.username, decidedBy: decider.username })
        .from(proposals)
        .innerJoin(proposer, eq(proposer.id, proposals.proposedBy))
        .leftJoin(decider, eq(decider.id, proposals.decidedBy))
        .where(where)
        .orderBy(desc(proposals.proposedAt), desc(proposals.id))
        .$dynamic(),
      query,
    ),
    db.select({ n: count() }).from(proposals).where(where),
  ]);
  return { proposals: rows.map((r) => proposalView(r.p, r.proposedBy, r.decidedBy)), ...pageInfo(query, total) };
}

export async function pendingProposals(db: Db, now = new Date()): Promise<number> {
  await expireProposals(db, now);
  const [row] = await db.select({ n: count() }).from(proposals).where(eq(proposals.status, "pending"));
  return row?.n ?? 0;
}

/** The proposal, locked, if `actor` may decide it now; the refusal otherwise. */
async function decidable(tx: Db, id: string, actor: Actor, now: Date): Promise<Proposal> {
  const [p] = await tx.select().from(proposals).where(eq(proposals.id, id)).for("update");
  if (!p) throw notFound("Proposal not found");
  if (p.status !== "pending") throw conflict(`This proposal was already ${p.status}`, "ALREADY_DECIDED");
  if (p.expiresAt <= now)
    throw conflict(
      "This proposal expired: it waited more than 24 hours. Propose it again if it is still wanted.",
      "PROPOSAL_EXPIRED",
    );
  return p;
}

/** Runs a stored proposal: its payload is parsed again by its kind's schema, then its action runs. */
function carryOut<K extends ProposalKind>(
  tx: Db,
  kind: K,
  payload: unknown,
  ctx: Context,
): Promise<Record<string, unknown>> {
  const rule = RULES[kind];
  return rule.run(tx, rule.payload.parse(payload), ctx);
}

type Decided = { proposal: ProposalView; failure: AppError | null };

/**
 * A second administrator approves: the action runs now, once, in this transaction, against the
 * state of this moment (a debit that no longer fits fails with the ledger's own refusal, and the
 * proposal becomes failed with nothing moved). The proposer can never approve their own proposal.
 * Of two administrators approving at once, the row lock lets one decide; the other gets 409.
 */
export async function approveProposal(db: Db, id: string, actor: Actor, now = new Date()): Promise<Decided> {
  const repeatableRead = !isTransaction(db) && (await readsOneView(db, id));
  const prepared = await preparedFor(db, id);
  const decided = await runTransaction(
    db,
    async (tx): Promise<Decided> => {
      const p = await decidable(tx, id, actor, now);
      if (p.proposedBy === actor.id)
        throw forbidden("You proposed this: another administrator has to approve it", "SAME_ADMIN");
      if (!isProposalKind(p.kind))
        throw conflict(`This version cannot carry out a proposal of kind ${p.kind}`, "UNKNOWN_KIND");
      const kind = p.kind;
      let result: Record<string, unknown> | null = null;
      let failure: AppError | null = null;
      try {
        // A savepoint: a refusal undoes the action's own writes and the decision is still recorded.
        result = await inSavepoint(tx, (sp) => carryOut(sp, kind, p.payload, { actor, now, prepared }));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        failure = err;
      }
      const [row] = await tx
        .update(proposals)
        .set({
          status: failure ? "failed" : "approved",
          decidedBy: actor.id,
          decidedAt: now,
          outcome: failure?.message ?? null,
          result,
        })
        .where(and(eq(proposals.id, id), eq(proposals.status, "pending")))
        .returning();
      if (!row) throw conflict("This proposal was already decided", "ALREADY_DECIDED");
      await audit(tx, {
        actorId: actor.id,
        action: failure ? "approval.fail" : "approval.approve",
        target: { type: "proposal", id },
        detail: {
          kind,
          proposedBy: p.proposedBy,
          ...(failure ? { error: failure.code, message: failure.message } : { result }),
        },
        ip: actor.ip,
      });
      await announce(tx, row, actor.id);
      return { proposal: await named(tx, row), failure };
    },
    { repeatableRead },
  );
  return decided;
}

/**
 * Whether approving proposal `id` must run in a REPEATABLE READ transaction (its rule reads the books
 * from one view): read before that transaction opens, as its isolation is set when it begins. The kind
 * of a proposal never changes.
 */
export async function readsOneView(db: Db, id: string): Promise<boolean> {
  const [stored] = await db.select({ kind: proposals.kind }).from(proposals).where(eq(proposals.id, id));
  return stored !== undefined && isProposalKind(stored.kind) && RULES[stored.kind].repeatableRead === true;
}

/** What proposal `id`'s rule reads outside the database before its approval's transaction (Rule.prepare). */
async function preparedFor(db: Db, id: string): Promise<Prepared | undefined> {
  const [stored] = await db
    .select({ kind: proposals.kind, payload: proposals.payload })
    .from(proposals)
    .where(eq(proposals.id, id));
  if (!stored || !isProposalKind(stored.kind)) return undefined;
  const rule = RULES[stored.kind] as Rule<unknown>;
  if (!rule.prepare) return undefined;
  // A payload its schema no longer accepts is refused by the approval itself (carryOut parses it again).
  const payload = rule.payload.safeParse(stored.payload);
  return payload.success ? rule.prepare(db, payload.data) : undefined;
}

/** Any administrator, the proposer included (withdrawing it), may reject a pending proposal, with a reason. */
export async function rejectProposal(
  db: Db,
  id: string,
  input: z.infer<typeof rejectProposalSchema>,
  actor: Actor,
  now = new Date(),
): Promise<ProposalView> {
  return runTransaction(db, async (tx) => {
    await decidable(tx, id, actor, now);
    // Only a pending proposal is decided (the row lock above, this condition, and the database's trigger each hold it).
    const [row] = await tx
      .update(proposals)
      .set({ status: "rejected", decidedBy: actor.id, decidedAt: now, outcome: input.reason })
      .where(and(eq(proposals.id, id), eq(proposals.status, "pending")))
      .returning();
    if (!row) throw conflict("This proposal was already decided", "ALREADY_DECIDED");
    await audit(tx, {
      actorId: actor.id,
      action: "approval.reject",
      target: { type: "proposal", id },
      detail: { kind: row.kind, proposedBy: row.proposedBy, reason: input.reason },
      ip: actor.ip,
    });
    await announce(tx, row, actor.id);
    return named(tx, row);
  });
}

async function named(tx: Db, p: Proposal): Promise<ProposalView> {
  const [who] = await tx.select({ username: users.username }).from(users).where(eq(users.id, p.proposedBy));
  const [decidedBy] = p.decidedBy
    ? await tx.select({ username: users.username }).from(users).where(eq(users.id, p.decidedBy))
    : [];
  return proposalView(p, who?.username ?? null, decidedBy?.username ?? null);
}

/** The answer of a call that became a proposal: accepted, nothing changed yet. */
export function proposedAnswer(proposal: ProposalView): { status: number; body: Record<string, unknown> } {
  return {
    status: 202,
    body: { success: true, message: `Waiting for a second administrator to approve: ${proposal.summary}`, proposal },
  };
}
