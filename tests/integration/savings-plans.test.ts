import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PUT as updatePlanRoute } from "@/app/api/admin/saving-plans/[id]/route";
import { GET as allPlansRoute, POST as createPlanRoute } from "@/app/api/admin/saving-plans/route";
import { GET as plansRoute } from "@/app/api/savings/route";
import { auditLogs, savingPlans } from "@/db/schema";
import { findPlan } from "@/lib/savings/plans";
import { approvedBySecondAdmin, signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { createdPlan } from "../support/plans";

// What an administrator is told about a plan they set up wrong, field by field, and what the audit
// trail keeps of each plan written: a form can only mark the field the answer names.

const db = withTestDatabase();
let admin: { token: string; id: string };

beforeAll(async () => {
  const a = await signInAdmin(db());
  admin = { token: a.token, id: a.user.id };
});

let plans = 0;
const body = (overrides: Record<string, unknown> = {}) => ({
  name: `Admin plan ${++plans}`,
  asset: "USDT",
  aprBps: 500,
  termDays: 0,
  minAmount: "10",
  maxAmount: "5000",
  totalCap: "20000",
  enabled: true,
  ...overrides,
});
const create = (overrides: Record<string, unknown> = {}, ip?: string) =>
  createdPlan(db(), admin.token, body(overrides), ip);
const update = (id: string, b: Record<string, unknown>, ip?: string) =>
  call(updatePlanRoute, { method: "PUT", token: admin.token, params: { id }, body: b, ip });
const plansNamed = async (name: string) =>
  (await db().select({ n: count() }).from(savingPlans).where(eq(savingPlans.name, name)))[0]!.n;

describe("a plan's limits", () => {
  it("are refused naming the field at fault, and nothing is written", async () => {
    const refused = [
      [
        { minAmount: "1.0000001" },
        "USDT amounts have at most 6 decimals",
        { minAmount: ["USDT amounts have at most 6 decimals"] },
      ],
      [
        { maxAmount: "10.0000001" },
        "USDT amounts have at most 6 decimals",
        { maxAmount: ["USDT amounts have at most 6 decimals"] },
      ],
      [
        { totalCap: "20000.0000001" },
        "USDT amounts have at most 6 decimals",
        { totalCap: ["USDT amounts have at most 6 decimals"] },
      ],
      [
        { asset: "XAUT", minAmount: "0.0000001" },
        "XAUT amounts have at most 6 decimals",
        { minAmount: ["XAUT amounts have at most 6 decimals"] },
      ],
      [{ minAmount: "0" }, "The minimum must be greater than zero", { minAmount: ["Must be greater than zero"] }],
      [
        { minAmount: "10", maxAmount: "9.999999" },
        "The maximum cannot be below the minimum",
        { maxAmount: ["Below the minimum"] },
      ],
      [
        { maxAmount: "5000", totalCap: "4999.999999" },
        "The total cap cannot be below the maximum per subscription",
        { totalCap: ["Below the maximum"] },
      ],
    ] as const;
    for (const [overrides, message, errors] of refused) {
      const b = body(overrides);
      const res = await call(createPlanRoute, { token: admin.token, body: b });
      expect({ status: res.status, body: res.body }, JSON.stringify(overrides)).toEqual({
        status: 400,
        body: { success: false, code: "VALIDATION_FAILED", message, errors },
      });
      expect(await plansNamed(b.name)).toBe(0);
    }
  });

  it("may set the maximum at the minimum and the total cap at the maximum", async () => {
    const res = await create({ minAmount: "25.5", maxAmount: "25.5", totalCap: "25.5" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.plan).toMatchObject({ minAmount: "25.500000", maxAmount: "25.500000", totalCap: "25.500000" });
  });
});

describe("a plan as written", () => {
  it("is answered whole, flexible or fixed by its term, and audited with who, from where and what it became", async () => {
    // At 0 % a plan is created at once by one administrator.
    const flexible = await create({ name: "Written flexible", aprBps: 0 }, "198.51.100.7");
    expect(flexible.status).toBe(201);
    const plan = flexible.body.plan as { id: string };
    expect(plan).toEqual({
      id: plan.id,
      name: "Written flexible",
      asset: "USDT",
      aprBps: 0,
      termDays: 0,
      flexible: true,
      minAmount: "10.000000",
      maxAmount: "5000.000000",
      totalCap: "20000.000000",
      enabled: true,
    });
    const [created] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, plan.id), eq(auditLogs.action, "saving_plan.create")));
    expect(created).toMatchObject({
      actorId: admin.id,
      targetType: "saving_plan",
      ip: "198.51.100.7",
      detail: { after: plan },
    });

    // Everything but the rate is saved at once; the rate waits for a second administrator.
    const fixed = await update(
      plan.id,
      body({
        name: "Written fixed",
        aprBps: 654,
        termDays: 60,
        minAmount: "20",
        maxAmount: "6000",
        totalCap: "30000",
        enabled: false,
      }),
      "198.51.100.8",
    );
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(202);
    const saved = {
      id: plan.id,
      name: "Written fixed",
      asset: "USDT",
      aprBps: 0,
      termDays: 60,
      flexible: false,
      minAmount: "20.000000",
      maxAmount: "6000.000000",
      totalCap: "30000.000000",
      enabled: false,
    };
    expect(fixed.body.plan).toEqual(saved);
    expect(fixed.body.proposal).toMatchObject({
      kind: "saving_plan.update",
      changes: [{ label: "APR", before: "0\u00a0%", after: "6.54\u00a0%" }],
    });
    const [updated] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, plan.id), eq(auditLogs.action, "saving_plan.update")));
    expect(updated).toMatchObject({
      actorId: admin.id,
      targetType: "saving_plan",
      ip: "198.51.100.8",
      detail: { before: plan, after: saved },
    });
    const approved = await approvedBySecondAdmin(db(), fixed);
    expect(approved.body).toMatchObject({
      proposal: { status: "approved", result: { plan: { ...saved, aprBps: 654 } } },
    });
    // Disabled: the administrators' list keeps it, the users' list and a user's lookup do not.
    expect(
      ((await call(allPlansRoute, { token: admin.token })).body.plans as { id: string }[]).map((p) => p.id),
    ).toContain(plan.id);
    expect(
      ((await call(plansRoute, { token: admin.token })).body.plans as { id: string }[]).map((p) => p.id),
    ).not.toContain(plan.id);
    expect(await findPlan(db(), plan.id, { enabledOnly: false })).toMatchObject({
      id: plan.id,
      name: "Written fixed",
      enabled: false,
    });
    await expect(findPlan(db(), plan.id, { enabledOnly: true })).rejects.toMatchObject({
      status: 404,
      message: "Saving plan not found",
    });
  });

  it("is not found, keeps its asset, and keeps its name to itself, each said as such", async () => {
    const missing = await update("0190f5c2-0000-7000-8000-000000000000", body());
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: "Saving plan not found" });

    const usdt = await create();
    const id = (usdt.body.plan as { id: string }).id;
    const moved = await update(id, body({ asset: "XAUT", minAmount: "1", maxAmount: "2", totalCap: "3" }));
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({
      message: "A plan's asset cannot change: create another plan",
      errors: { asset: ["Cannot change"] },
    });

    const taken = await create({ name: (usdt.body.plan as { name: string }).name });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: "PLAN_NAME_TAKEN", message: "A plan with this name already exists" });
  });
});

describe("four eyes over what a plan pays", () => {
  it("a new plan paying any rate waits, one at 0 % does not; a rate change or switching a paying plan on waits, switching off does not; a stale rate fails", async () => {
    const paying = body({ aprBps: 1 });
    const proposed = await call(createPlanRoute, { token: admin.token, body: paying });
    expect(proposed.status).toBe(202);
    expect(await plansNamed(paying.name)).toBe(0);
    // A name already taken is refused when proposed, not when approved.
    const free = body({ aprBps: 0, enabled: false });
    const created = await call(createPlanRoute, { token: admin.token, body: free });
    expect(created.status).toBe(201);
    expect(
      (await call(createPlanRoute, { token: admin.token, body: { ...paying, name: free.name.toUpperCase() } })).body,
    ).toMatchObject({ code: "PLAN_NAME_TAKEN" });
    const id = (created.body.plan as { id: string }).id;

    const on = await update(id, { ...free, aprBps: 1, enabled: true });
    expect(on.status).toBe(202);
    expect(on.body.proposal).toMatchObject({
      changes: [
        { label: "APR", before: "0\u00a0%", after: "0.01\u00a0%" },
        { label: "Enabled", before: "no", after: "yes" },
      ],
    });
    expect(await findPlan(db(), id, { enabledOnly: false })).toMatchObject({ aprBps: 0, enabled: false });
    expect((await approvedBySecondAdmin(db(), on)).status).toBe(200);
    expect(await findPlan(db(), id, { enabledOnly: false })).toMatchObject({ aprBps: 1, enabled: true });

    expect((await update(id, { ...free, aprBps: 1, enabled: false })).status).toBe(200);
    const first = await update(id, { ...free, aprBps: 2, enabled: false });
    const second = await update(id, { ...free, aprBps: 3, enabled: false });
    expect((await approvedBySecondAdmin(db(), second)).status).toBe(200);
    const stale = await approvedBySecondAdmin(db(), first);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "PROPOSAL_STALE" });
    expect(await findPlan(db(), id, { enabledOnly: false })).toMatchObject({ aprBps: 3, enabled: false });
  });
});
