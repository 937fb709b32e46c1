import { z } from "zod";
import { changeAnswer, pageFields, successAnswer } from "@/lib/core/answers";
import { orderViewSchema } from "@/lib/trading/views";
import { strategyDetailSchema, strategyViewSchema } from "./views";

/** GET /api/trades/user: a page of the user's orders, and all of their open orders. */
export const userOrdersAnswer = successAnswer({
  orders: z.array(orderViewSchema),
  open: z.array(orderViewSchema),
  ...pageFields,
});

/** GET /api/strategies: the risk statement, whether the user accepted it, and their strategies. */
export const strategiesAnswer = successAnswer({
  riskStatement: z.string(),
  riskAccepted: z.boolean(),
  strategies: z.array(strategyViewSchema),
});

/** GET /api/strategies/{id}. */
export const strategyAnswer = successAnswer({ strategy: strategyDetailSchema });

/** POST /api/strategies, and accepting, pausing, resuming or stopping one. */
export const strategyChangeAnswer = changeAnswer({ strategy: strategyViewSchema });
