import type { Db } from "@/db/client";
import { planView, updatePlan, type PlanInput } from "@/lib/savings/plans";
import { proposalFor, type ProposalView } from "./proposals";
import type { Actor } from "./rule";
import { gatedPlanFields, lockedPlan, planInputOf } from "./rules/saving-plan";

/**
 * An administrator's saving-plan save: name, limits, term and switching off are saved now; a
 * rate change, or switching a paying plan on, becomes a proposal of those fields alone.
 */
export async function savePlan(
  tx: Db,
  id: string,
  input: PlanInput,
  actor: Actor,
  now = new Date(),
): Promise<{ plan: ReturnType<typeof planView>; proposal: ProposalView | null }> {
  const before = await lockedPlan(tx, id);
  const gated = gatedPlanFields(before, input);
  const kept = await planInputOf(tx, before);
  const immediate: PlanInput = { ...input, ...Object.fromEntries(gated.map((f) => [f.field, kept[f.field]])) };
  const plan = await updatePlan(tx, id, immediate, actor);
  const proposal =
    gated.length > 0 ? await proposalFor(tx, "saving_plan.update", { planId: id, fields: gated }, actor, now) : null;
  return { plan, proposal };
}
