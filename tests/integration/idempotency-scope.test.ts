import { existsSync, readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { PUT as manageBalanceRoute } from "@/app/api/admin/users/[id]/manage-balance/route";
import { POST as proposeRoute } from "@/app/api/admin/users/[id]/trade-setups/route";
import { POST as subscribeRoute } from "@/app/api/savings/user/create/route";
import { POST as storeRoute } from "@/app/api/storage/store/route";
import { POST as openConversationRoute } from "@/app/api/support/conversations/route";
import { POST as sendRoute } from "@/app/api/admin/withdrawals/[id]/send/route";
import { POST as withdrawRoute } from "@/app/api/withdrawals/route";
import { withdrawals } from "@/db/schema";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { ADDRESSES, createWallet, readyToWithdraw, submitDeposit, txHash } from "../support/funding";
import { createdPlan } from "../support/plans";
import { call, type CallResult } from "../support/http";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { createStrategy, pauseStrategy } from "../support/strategies";
import { trade } from "../support/trading";
import { registerUser } from "../support/users";

// An Idempotency-Key belongs to its sender: two users who happen to send the same key each get their
// own answer, never the other's replay (nor a 409 for "reusing" a key they never used). Every route
// that goes through onceFor, found on disk, is checked: a new one fails here until it has a case below.

const db = withTestDatabase();

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
interface Actor {
  id: string;
  token: string;
}
interface Case {
  method: "POST" | "PUT" | "DELETE";
  /** Who calls it: two different users, or two different administrators. */
  as: "user" | "admin";
  /** The status of a first, successful call. */
  status: number;
  /** Sets up what this actor's call needs (its own order, withdrawal, …) and returns the call's params and body. */
  prepare: (actor: Actor) => Promise<{ params?: Record<string, string>; body?: unknown }>;
}

const ROOT = path.resolve(import.meta.dirname, "../..");
const routeFiles = import.meta.glob<Record<string, unknown>>("/app/api/**/route.ts");

/** The source of an "@/…" import, if it is one of the project's own files. */
function sourceOf(specifier: string): string | null {
  const base = path.join(ROOT, specifier.slice(2));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")])
    if (existsSync(candidate)) return readFileSync(candidate, "utf8");
  return null;
}

/** Whether a route file calls onceFor itself, or through a helper it imports (a shared route such as the strategy actions). */
function usesOnceFor(file: string): boolean {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const calls = /\bonceFor(<[^(]*>)?\(/;
  if (calls.test(text)) return true;
  return [...text.matchAll(/from "(@\/[^"]+)"/g)].some(
    ([, specifier]) => specifier !== "@/lib/core/idempotency" && calls.test(sourceOf(specifier!) ?? ""),
  );
}

const onceForRoutes = Object.keys(routeFiles).filter(usesOnceFor).sort();

let adminToken: string;
let planId: string | undefined;
let wallet = false;
let keys = 0;
const key = () => `scope-${++keys}-${Date.now()}`;

async function user(): Promise<Actor> {
  const { user, token } = await registerUser();
  await fund(db(), user.id, "USDT", units("5432.109876"));
  await fund(db(), user.id, "XAUT", units("2.345678"));
  return { id: user.id, token };
}

async function admin(): Promise<Actor> {
  const a = await signInAdmin(db());
  return { id: a.user.id, token: a.token };
}

async function savingPlan(): Promise<string> {
  if (planId) return planId;
  const res = await createdPlan(db(), adminToken, {
    name: "Scope plan",
    asset: "USDT",
    aprBps: 321,
    termDays: 0,
    minAmount: "1",
    maxAmount: "10000",
    totalCap: "1000000",
    enabled: true,
  });
  expect(res.status).toBe(201);
  planId = (res.body.plan as { id: string }).id;
  return planId;
}

async function withdrawalBody(actor: Actor) {
  if (!wallet) {
    expect((await createWallet(adminToken)).status).toBe(201);
    wallet = true;
  }
  const withdrawPassword = await readyToWithdraw(db(), actor.token, actor.id);
  return { currency: "USDT", network: "TRC20", address: ADDRESSES.TRC20, amount: "40.5", withdrawPassword };
}

/** A pending withdrawal of a fresh user's, for an administrator to decide. */
async function pendingWithdrawal(owner?: Actor): Promise<string> {
  const actor = owner ?? (await user());
  const res = await call(withdrawRoute, { token: actor.token, body: await withdrawalBody(actor) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.withdrawal as { id: string }).id;
}

/** A withdrawal marked sent whose transaction the payout follower then flagged (set here: no chain in this file); its id. */
async function flaggedWithdrawal(): Promise<string> {
  const id = await pendingWithdrawal();
  const sent = await call(sendRoute, { token: adminToken, params: { id }, body: { txHash: txHash("TRC20") } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  await db().update(withdrawals).set({ chainProblem: "dropped" }).where(eq(withdrawals.id, id));
  return id;
}

async function pendingDeposit(): Promise<string> {
  if (!wallet) await withdrawalBody(await user());
  const depositor = await user();
  const res = await submitDeposit(depositor.token, {
    currency: "USDT",
    network: "TRC20",
    amount: "123.456789",
    txHash: txHash("TRC20"),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.deposit as { id: string }).id;
}

async function strategy(actor: Actor): Promise<string> {
  const res = await createStrategy(actor.token, {
    type: "recurring",
    amount: "25.5",
    period: "weekly",
    maxRounds: 3,
    acceptRisk: true,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.strategy as { id: string }).id;
}

// What each onceFor route needs to succeed. A route missing here fails the test below: add its case.
const CASES: Record<string, Case> = {
  "/app/api/trades/route.ts": {
    method: "POST",
    as: "user",
    status: 201,
    prepare: async () => ({ body: { side: "buy", type: "market", quantity: "0.012345" } }),
  },
  "/app/api/trades/[id]/route.ts": {
    method: "DELETE",
    as: "user",
    status: 200,
    prepare: async (actor) => {
      const placed = await trade(actor.token, { side: "buy", type: "limit", quantity: "0.012345", price: "2001.5" });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      return { params: { id: (placed.body.order as { id: string }).id } };
    },
  },
  "/app/api/strategies/route.ts": {
    method: "POST",
    as: "user",
    status: 201,
    prepare: async () => ({
      body: { type: "recurring", amount: "25.5", period: "weekly", maxRounds: 3, acceptRisk: true },
    }),
  },
  "/app/api/strategies/[id]/accept/route.ts": {
    method: "POST",
    as: "user",
    status: 200,
    prepare: async (actor) => {
      const proposed = await call(proposeRoute, {
        token: adminToken,
        params: { id: actor.id },
        body: { type: "recurring", amount: "25.5", period: "weekly", maxRounds: 3 },
      });
      expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
      return { params: { id: (proposed.body.strategy as { id: string }).id }, body: { acceptRisk: true } };
    },
  },
  "/app/api/strategies/[id]/pause/route.ts": {
    method: "POST",
    as: "user",
    status: 200,
    prepare: async (actor) => ({ params: { id: await strategy(actor) }, body: {} }),
  },
  "/app/api/strategies/[id]/resume/route.ts": {
    method: "POST",
    as: "user",
    status: 200,
    prepare: async (actor) => {
      const id = await strategy(actor);
      expect((await pauseStrategy(actor.token, id)).status).toBe(200);
      return { params: { id }, body: {} };
    },
  },
  "/app/api/strategies/[id]/stop/route.ts": {
    method: "POST",
    as: "user",
    status: 200,
    prepare: async (actor) => ({ params: { id: await strategy(actor) }, body: {} }),
  },
  "/app/api/storage/store/route.ts": {
    method: "POST",
    as: "user",
    status: 200,
    prepare: async () => ({ body: { amount: "0.123457" } }),
  },
  "/app/api/storage/retrieve/route.ts": {
    method: "POST",
    as: "user",
    status: 200,
    prepare: async (actor) => {
      expect((await call(storeRoute, { token: actor.token, body: { amount: "0.123457" } })).status).toBe(200);
      return { body: { amount: "0.023456" } };
    },
  },
  "/app/api/savings/user/create/route.ts": {
    method: "POST",
    as: "user",
    status: 201,
    prepare: async () => ({ body: { planId: await savingPlan(), amount: "123.456789" } }),
  },
  "/app/api/savings/user/[id]/redeem/route.ts": {
    method: "POST",
    as: "user",
    status: 200,
    prepare: async (actor) => {
      const sub = await call(subscribeRoute, {
        token: actor.token,
        body: { planId: await savingPlan(), amount: "123.456789" },
        headers: { "Idempotency-Key": key() },
      });
      expect(sub.status, JSON.stringify(sub.body)).toBe(201);
      return { params: { id: (sub.body.subscription as { id: string }).id } };
    },
  },
  "/app/api/withdrawals/route.ts": {
    method: "POST",
    as: "user",
    status: 201,
    prepare: async (actor) => ({ body: await withdrawalBody(actor) }),
  },
  "/app/api/withdrawals/[id]/cancel/route.ts": {
    method: "POST",
    as: "user",
    status: 200,
    prepare: async (actor) => ({ params: { id: await pendingWithdrawal(actor) }, body: {} }),
  },
  "/app/api/admin/users/[id]/manage-balance/route.ts": {
    method: "PUT",
    as: "admin",
    status: 200,
    prepare: async () => ({
      params: { id: (await user()).id },
      body: { amount: "12.345678", operation: "credit", reason: "Scope check" },
    }),
  },
  "/app/api/admin/deposits/[id]/approve/route.ts": {
    method: "POST",
    as: "admin",
    status: 200,
    prepare: async () => ({ params: { id: await pendingDeposit() }, body: {} }),
  },
  "/app/api/admin/deposits/[id]/reject/route.ts": {
    method: "POST",
    as: "admin",
    status: 200,
    prepare: async () => ({ params: { id: await pendingDeposit() }, body: { reason: "Not found on chain" } }),
  },
  "/app/api/admin/withdrawals/[id]/send/route.ts": {
    method: "POST",
    as: "admin",
    status: 200,
    prepare: async () => ({ params: { id: await pendingWithdrawal() }, body: { txHash: txHash("TRC20") } }),
  },
  "/app/api/admin/withdrawals/[id]/reject/route.ts": {
    method: "POST",
    as: "admin",
    status: 200,
    prepare: async () => ({
      params: { id: await pendingWithdrawal() },
      body: { reason: "Address on a sanctions list" },
    }),
  },
  "/app/api/admin/withdrawals/[id]/resend/route.ts": {
    method: "POST",
    as: "admin",
    status: 200,
    prepare: async () => ({ params: { id: await flaggedWithdrawal() }, body: { txHash: txHash("TRC20") } }),
  },
  "/app/api/admin/withdrawals/[id]/return/route.ts": {
    method: "POST",
    as: "admin",
    status: 200,
    prepare: async () => ({
      params: { id: await flaggedWithdrawal() },
      body: { reason: "The transaction was dropped" },
    }),
  },
  "/app/api/admin/approvals/[id]/approve/route.ts": {
    method: "POST",
    as: "admin",
    status: 200,
    prepare: async () => {
      // Proposed by another administrator: the approver never is the proposer.
      const proposed = await call(manageBalanceRoute, {
        method: "PUT",
        token: adminToken,
        params: { id: (await user()).id },
        body: { amount: "5000", operation: "credit", reason: "Scope check" },
      });
      expect(proposed.status, JSON.stringify(proposed.body)).toBe(202);
      return { params: { id: (proposed.body.proposal as { id: string }).id } };
    },
  },
  "/app/api/support/contact/route.ts": {
    method: "POST",
    as: "user",
    status: 201,
    // Signed out: each sender is told the address they wrote from.
    prepare: async (actor) => ({ body: { email: `${actor.id}@example.com`, message: "Where is my deposit?" } }),
  },
  "/app/api/support/conversations/route.ts": {
    method: "POST",
    as: "user",
    status: 201,
    prepare: async () => ({ body: { subject: "A question", message: "How long does a withdrawal take?" } }),
  },
  "/app/api/support/conversations/[id]/messages/route.ts": {
    method: "POST",
    as: "user",
    status: 201,
    prepare: async (actor) => ({ params: { id: await conversation(actor) }, body: { message: "And one more thing." } }),
  },
  "/app/api/admin/support/[id]/messages/route.ts": {
    method: "POST",
    as: "admin",
    status: 201,
    prepare: async () => ({
      params: { id: await conversation(await user()) },
      body: { message: "Thank you: it is on its way." },
    }),
  },
  "/app/api/admin/support/[id]/route.ts": {
    method: "PUT",
    as: "admin",
    status: 200,
    prepare: async () => ({ params: { id: await conversation(await user()) }, body: { assignToMe: true } }),
  },
};

/** A conversation the user opened with support; its id. */
async function conversation(actor: Actor): Promise<string> {
  const res = await call(openConversationRoute, {
    token: actor.token,
    body: { subject: "A question", message: "Is my account verified?" },
    headers: { "Idempotency-Key": key() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.conversation as { id: string }).id;
}

beforeAll(async () => {
  adminToken = (await signInAdmin(db())).token;
});

describe("Idempotency-Key scope", () => {
  it("every route that uses onceFor is found, and has a case here", () => {
    // The discovery itself: the direct users and the strategy actions (through their shared handler).
    expect(onceForRoutes).toEqual(
      expect.arrayContaining([
        "/app/api/withdrawals/route.ts",
        "/app/api/savings/user/create/route.ts",
        "/app/api/strategies/[id]/pause/route.ts",
      ]),
    );
    expect(
      onceForRoutes.filter((file) => !CASES[file]),
      "onceFor routes without a case in CASES",
    ).toEqual([]);
    expect(
      Object.keys(CASES).filter((file) => !onceForRoutes.includes(file)),
      "cases for routes that no longer use onceFor",
    ).toEqual([]);
  });

  it.each(onceForRoutes.filter((file) => CASES[file]))(
    "%s: two senders of one key each get their own answer",
    async (file) => {
      const c = CASES[file]!;
      const handler = (await routeFiles[file]!())[c.method] as Handler | undefined;
      expect(handler, `${file} exports ${c.method}`).toBeTypeOf("function");
      await setPrice(db(), "2651.234567");
      const [first, second] = c.as === "admin" ? [await admin(), await admin()] : [await user(), await user()];
      const [forFirst, forSecond] = [await c.prepare(first), await c.prepare(second)];
      const shared = { "Idempotency-Key": key() };
      const send = (actor: Actor, call_: { params?: Record<string, string>; body?: unknown }): Promise<CallResult> =>
        call(handler!, {
          method: c.method,
          token: actor.token,
          params: call_.params,
          body: call_.body,
          headers: shared,
        });

      const a = await send(first, forFirst);
      expect(a.status, `${file}, first sender: ${JSON.stringify(a.body)}`).toBe(c.status);
      expect(a.headers.get("idempotent-replayed")).toBeNull();
      const b = await send(second, forSecond);
      expect(b.status, `${file}, second sender, same key: ${JSON.stringify(b.body)}`).toBe(c.status);
      expect(
        b.headers.get("idempotent-replayed"),
        `${file}: the second sender was answered with the first one's replay`,
      ).toBeNull();
      expect(b.body).not.toEqual(a.body);
      // The key still works for each of them: the second sender's retry replays their own answer.
      const again = await send(second, forSecond);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.body).toEqual(b.body);
    },
  );
});
