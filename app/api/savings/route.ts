import { answer } from "@/lib/http/answer";
import { withUser } from "@/lib/http/handler";
import { plansAnswer } from "@/lib/savings/answers";
import { listPlans } from "@/lib/savings/plans";

/** The plans a user can subscribe to, each with what is left of its cap. */
export const GET = withUser(async ({ db }) =>
  answer(plansAnswer, { success: true, plans: await listPlans(db, { enabledOnly: true }) }),
);
