import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { uniqueViolation } from "@/db/errors";
import { savingPlans, savingSubscriptions, type SavingPlan } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { audit } from "@/lib/audit";
import { badRequest, conflict, notFound } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { AmountError, formatAmount, toUnits } from "@/lib/core/amount";
import { decimalString } from "@/lib/core/answers";
import { findAsset } from "@/lib/ledger/assets";

export const SAVING_ASSETS = ["USDT", "XAUT"] as const;

const decimal = (what: string) =>
  z
    .string({ error: `${what} must be a decimal string such as "10.5"` })
    .trim()
    .regex(/^\d+(\.\d+)?$/, `${what} must be a decimal string such as "10.5"`);

export const planSchema = z
  .object({
    name: z
      .string({ error: "Give the plan a name" })
      .trim()
      .min(1, "Give the plan a name")
      .max(80, "The name can be at most 80 characters"),
    asset: z.enum(SAVING_ASSETS, { error: "asset must be USDT or XAUT" }),
    aprBps: z
      .number({ error: "aprBps must be a whole number of basis points" })
      .int("aprBps must be a whole number of basis points")
      .min(0)
      .max(5_000, "aprBps can be at most 5000 (50 %)"),
    termDays: z
      .number({ error: "termDays must be a whole number of days" })
      .int("termDays must be a whole number of days")
      .min(0)
      .max(3_650),
    minAmount: decimal("The minimum"),
    maxAmount: decimal("The maximum"),
    totalCap: decimal("The total cap"),
    enabled: z.boolean({ error: "enabled must be true or false" }),
  })
  .strict();

export type PlanInput = z.infer<typeof planSchema>;
type Actor = { id: string; ip: string | null };

// Users choose plans by name: two plans named alike would be told apart by nothing.
const nameTaken = () =>
  conflict("A plan with this name already exists", "PLAN_NAME_TAKEN", {
    name: ["A plan with this name already exists"],
  });
const orNameTaken = (err: unknown): never => {
  throw uniqueViolation(err) !== null ? nameTaken() : err;
};

/** A plan's input as saved (amounts in units), refused (400, naming the field) when inconsistent. */
export async function planValues(db: Db, input: PlanInput) {
  const asset = await findAsset(db, input.asset);
  const units = (value: string, field: string) => {
    try {
      return toUnits(value, asset.decimals, "exact", asset.code);
    } catch (err) {
      if (err instanceof AmountError) throw badRequest(err.message, { [field]: [err.message] });
      throw err;
    }
  };
  const values = {
    ...input,
    minAmount: units(input.minAmount, "minAmount"),
    maxAmount: units(input.maxAmount, "maxAmount"),
    totalCap: units(input.totalCap, "totalCap"),
  };
  if (values.minAmount === 0n)
    throw badRequest("The minimum must be greater than zero", { minAmount: ["Must be greater than zero"] });
  if (values.maxAmount < values.minAmount)
    throw badRequest("The maximum cannot be below the minimum", { maxAmount: ["Below the minimum"] });
  if (values.totalCap < values.maxAmount)
    throw badRequest("The total cap cannot be below the maximum per subscription", { totalCap: ["Below the maximum"] });
  return { values, decimals: asset.decimals };
}

/** A saving plan as the API shows it. */
export const planViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  asset: z.string(),
  /** The annual rate in basis points. */
  aprBps: z.number().int(),
  /** 0 for a flexible plan. */
  termDays: z.number().int(),
  flexible: z.boolean(),
  minAmount: decimalString,
  maxAmount: decimalString,
  totalCap: decimalString,
  enabled: z.boolean(),
});

/** A plan as a list shows it, with what is left of its cap. */
export const listedPlanSchema = planViewSchema.extend({ capLeft: decimalString });

export function planView(p: SavingPlan, decimals: number): z.infer<typeof planViewSchema> {
  return {
    id: p.id,
    name: p.name,
    asset: p.asset,
    aprBps: p.aprBps,
    termDays: p.termDays,
    flexible: p.termDays === 0,
    minAmount: formatAmount(p.minAmount, decimals),
    maxAmount: formatAmount(p.maxAmount, decimals),
    totalCap: formatAmount(p.totalCap, decimals),
    enabled: p.enabled,
  };
}

export async function createPlan(db: Db, input: PlanInput, actor: Actor) {
  const { values, decimals } = await planValues(db, input);
  return runTransaction(db, async (tx) => {
    const [plan] = await tx
      .insert(savingPlans)
      .values({ id: newId(), ...values })
      .returning();
    await audit(tx, {
      actorId: actor.id,
      action: "saving_plan.create",
      target: { type: "saving_plan", id: plan!.id },
      detail: { after: planView(plan!, decimals) },
      ip: actor.ip,
    });
    return planView(plan!, decimals);
  }).catch(orNameTaken);
}

/** Changes a plan for new subscriptions; running ones keep the rate and term they started with. */
export async function updatePlan(db: Db, id: string, input: PlanInput, actor: Actor) {
  const { values, decimals } = await planValues(db, input);
  return runTransaction(db, async (tx) => {
    const [before] = await tx.select().from(savingPlans).where(eq(savingPlans.id, id)).for("update");
    if (!before) throw notFound("Saving plan not found");
    if (before.asset !== values.asset)
      throw badRequest("A plan's asset cannot change: create another plan", { asset: ["Cannot change"] });
    const [after] = await tx
      .update(savingPlans)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(savingPlans.id, id))
      .returning();
    await audit(tx, {
      actorId: actor.id,
      action: "saving_plan.update",
      target: { type: "saving_plan", id },
      detail: { before: planView(before, decimals), after: planView(after!, decimals) },
      ip: actor.ip,
    });
    return planView(after!, decimals);
  }).catch(orNameTaken);
}

/** What running subscriptions hold in each plan. */
async function heldByPlan(db: Db): Promise<Map<string, bigint>> {
  const rows = await db
    .select({ planId: savingSubscriptions.planId, held: sql<string>`sum(${savingSubscriptions.principal})::text` })
    .from(savingSubscriptions)
    .where(eq(savingSubscriptions.status, "active"))
    .groupBy(savingSubscriptions.planId);
  return new Map(rows.map((r) => [r.planId, BigInt(r.held)]));
}

/** Every plan (admins), or the enabled ones (users), each with what is left of its cap. */
export async function listPlans(
  db: Db,
  options: { enabledOnly: boolean },
): Promise<z.infer<typeof listedPlanSchema>[]> {
  const [plans, held] = await Promise.all([
    db
      .select()
      .from(savingPlans)
      .where(options.enabledOnly ? eq(savingPlans.enabled, true) : undefined)
      .orderBy(asc(savingPlans.asset), asc(savingPlans.termDays), asc(savingPlans.name)),
    heldByPlan(db),
  ]);
  const decimals = new Map<string, number>();
  for (const code of new Set(plans.map((p) => p.asset))) decimals.set(code, (await findAsset(db, code)).decimals);
  return plans.map((p) => {
    const d = decimals.get(p.asset)!;
    const left = p.totalCap - (held.get(p.id) ?? 0n);
    return { ...planView(p, d), capLeft: formatAmount(left > 0n ? left : 0n, d) };
  });
}

export async function findPlan(db: Db, id: string, options: { enabledOnly: boolean }) {
  const [plan] = await db
    .select()
    .from(savingPlans)
    .where(and(eq(savingPlans.id, id), options.enabledOnly ? eq(savingPlans.enabled, true) : undefined));
  if (!plan) throw notFound("Saving plan not found");
  return plan;
}
