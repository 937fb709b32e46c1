import { z } from "zod";
import { changeAnswer, successAnswer } from "@/lib/core/answers";
import { listedPlanSchema } from "./plans";
import { subscriptionViewSchema } from "./subscriptions";

/** GET /api/savings: the plans a user can subscribe to. */
export const plansAnswer = successAnswer({ plans: z.array(listedPlanSchema) });

/** GET /api/savings/user. */
export const subscriptionsAnswer = successAnswer({ subscriptions: z.array(subscriptionViewSchema) });

/** POST /api/savings/user/create and /api/savings/user/{id}/redeem: the subscription as it is now. */
export const subscriptionChangeAnswer = changeAnswer({ subscription: subscriptionViewSchema });
