import { POST as createPlanRoute } from "@/app/api/admin/saving-plans/route";
import type { Db } from "@/db/client";
import { approvedBySecondAdmin } from "./admin";
import { call, type CallResult } from "./http";

/**
 * Creates a saving plan as two administrators do: a plan that pays interest is `adminToken`'s
 * proposal, approved by a second one. Answers as the direct creation would (201 with the plan),
 * or the refusal of either step.
 */
export async function createdPlan(
  db: Db,
  adminToken: string,
  body: Record<string, unknown>,
  ip?: string,
): Promise<CallResult> {
  const proposed = await call(createPlanRoute, { token: adminToken, body, ip });
  if (proposed.status !== 202) return proposed;
  const approved = await approvedBySecondAdmin(db, proposed);
  if (approved.status !== 200) return approved;
  const { plan } = (approved.body.proposal as { result: { plan: Record<string, unknown> } }).result;
  return { ...approved, status: 201, body: { success: true, plan } as CallResult["body"] };
}
