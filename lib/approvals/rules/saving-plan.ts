import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { savingPlans, type SavingPlan } from "@/db/schema";
import { money, percentText } from "@/lib/core/format";
import { conflict, notFound } from "@/lib/core/errors";
import { createPlan, planSchema, planValues, updatePlan, type PlanInput } from "@/lib/savings/plans";
import { formatAmount } from "@/lib/core/amount";
import { findAsset } from "@/lib/ledger/assets";
import { assertUnchanged } from "../policy";
import type { Rule } from "../rule";

/** A plan's rate pays money: a new plan with a rate, a rate changed, a plan switched on. */
async function assertNameFree(tx: Db, name: string, except?: string) {
  const [taken] = await tx
    .select({ id: savingPlans.id })
    .from(savingPlans)
    .where(sql`lower(${savingPlans.name}) = lower(${name})`);
  if (taken && taken.id !== except)
    throw conflict("A plan with this name already exists", "PLAN_NAME_TAKEN", {
      name: ["A plan with this name already exists"],
    });
}

/** A new saving plan that pays interest (a rate above zero). */
export const savingPlanCreate: Rule<PlanInput> = {
  label: "New saving plan",
  payload: planSchema,
  async review(tx, p) {
    await planValues(tx, p);
    if (p.aprBps === 0) return null;
    await assertNameFree(tx, p.name);
    return {
      summary: `Add the saving plan "${p.name}" paying ${percentText(p.aprBps)} a year`,
      changes: [
        { label: "APR", before: null, after: percentText(p.aprBps) },
        { label: "Term", before: null, after: p.termDays === 0 ? "flexible" : `${p.termDays} days` },
        { label: "Total cap", before: null, after: money(p.totalCap, p.asset) },
        { label: "Enabled", before: null, after: p.enabled ? "yes" : "no" },
      ],
    };
  },
  async run(tx, p, { actor }) {
    const plan = await createPlan(tx, p, actor);
    return { planId: plan.id, plan };
  },
};

const GATED = ["aprBps", "enabled"] as const;
type GatedField = (typeof GATED)[number];
const LABELS: Record<GatedField, string> = { aprBps: "APR", enabled: "Enabled" };
const value = z.union([z.number(), z.boolean()]);
const updatePayload = z
  .object({
    planId: z.uuid(),
    fields: z
      .array(z.object({ field: z.enum(GATED), before: value, after: value }).strict())
      .min(1)
      .max(GATED.length),
  })
  .strict();
export type PlanFields = z.infer<typeof updatePayload>["fields"];

export async function lockedPlan(tx: Db, id: string): Promise<SavingPlan> {
  const [plan] = await tx.select().from(savingPlans).where(eq(savingPlans.id, id)).for("update");
  if (!plan) throw notFound("Saving plan not found");
  return plan;
}

/** The plan as input, as it is saved now. */
export async function planInputOf(tx: Db, p: SavingPlan): Promise<PlanInput> {
  const { decimals } = await findAsset(tx, p.asset);
  const asset = p.asset === "XAUT" ? "XAUT" : "USDT";
  return {
    name: p.name,
    asset,
    aprBps: p.aprBps,
    termDays: p.termDays,
    minAmount: formatAmount(p.minAmount, decimals),
    maxAmount: formatAmount(p.maxAmount, decimals),
    totalCap: formatAmount(p.totalCap, decimals),
    enabled: p.enabled,
  };
}

/** Of an update, what pays money: the rate changed (either way), or the plan switched on while it pays one. */
export function gatedPlanFields(before: SavingPlan, input: PlanInput): PlanFields {
  const fields: PlanFields = [];
  if (before.aprBps !== input.aprBps) fields.push({ field: "aprBps", before: before.aprBps, after: input.aprBps });
  if (!before.enabled && input.enabled && input.aprBps > 0)
    fields.push({ field: "enabled", before: false, after: true });
  return fields;
}

const shown = (f: GatedField, v: number | boolean) => (f === "aprBps" ? percentText(Number(v)) : v ? "yes" : "no");
const withFields = (input: PlanInput, fields: PlanFields): PlanInput => ({
  ...input,
  ...Object.fromEntries(fields.map((f) => [f.field, f.after])),
});
const stillAsShown = (p: SavingPlan, fields: PlanFields) =>
  assertUnchanged(fields.map((f) => ({ label: LABELS[f.field], before: f.before, now: p[f.field] })));

/** A plan's rate changed, or a paying plan switched on: those fields alone, each with the value the maker saw. */
export const savingPlanUpdate: Rule<z.infer<typeof updatePayload>> = {
  label: "Saving plan change",
  payload: updatePayload,
  async review(tx, { planId, fields }) {
    const plan = await lockedPlan(tx, planId);
    stillAsShown(plan, fields);
    return {
      summary: `Change the saving plan "${plan.name}"`,
      changes: fields.map((f) => ({
        label: LABELS[f.field],
        before: shown(f.field, f.before),
        after: shown(f.field, f.after),
      })),
    };
  },
  async run(tx, { planId, fields }, { actor }) {
    const plan = await lockedPlan(tx, planId);
    stillAsShown(plan, fields);
    const saved = await updatePlan(tx, planId, withFields(await planInputOf(tx, plan), fields), actor);
    return { planId, plan: saved };
  },
};
